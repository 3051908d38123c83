import TerminalUI
/// The words the host itself shows around every screen: the `?` overlay's title and global keys,
/// and the `? keys` / `q quit` ending of each key bar, and the one wording of every list's `/` filter
/// (its placeholder, its key, its key bar while typed). A feature whose screens speak another language
/// (check24: German) hands its texts to the host, so no English word is left on its screens.
public struct NavigationTexts: Sendable, Equatable {
    /// The `?` overlay's title.
    public var keysTitle: String
    /// The keys the host handles on every screen, listed under each screen's own keys.
    public var globalKeys: [KeyHelp]
    /// The key bar's word for `?`.
    public var keysBar: String
    /// The key bar's word for `q`.
    public var quitBar: String
    /// The heading of the global keys in `apps-cli <feature> --help`.
    public var everywhereTitle: String
    /// The error view's button, the same in every feature of a language ("[ Retry ]", "[ Neuladen ]").
    public var retryButton: String
    /// The error view's key, for its key bar and `?` overlay ("r retry").
    public var retryKey: KeyHelp
    /// "Copied", before what `y` copied.
    public var copiedWord: String
    /// Why `y` copied nothing: no terminal to copy through.
    public var noClipboard: String
    /// The `/` search line of every filtered list while nothing is typed.
    public var filterPlaceholder: String
    /// The `/` key of every filtered list, for its `?` overlay, `--help` and key bar.
    public var filterKey: KeyHelp
    /// The key bar of every filtered list while its filter is typed (`q` and `?` are text then).
    public var filterTypingBar: String
    /// What every list's moving keys do (``ListInput/moveKeys``), in the `?` overlay and the key bar.
    public var moveAction: String
    public var moveBar: String
    /// What every list's `r` does.
    public var reloadAction: String
    public var reloadBar: String

    public init(keysTitle: String, globalKeys: [KeyHelp], keysBar: String, quitBar: String, everywhereTitle: String,
                retryButton: String, retryKey: KeyHelp, copiedWord: String = "Copied",
                noClipboard: String = "Nothing copied: copying goes through the terminal, and this is not one.",
                filterPlaceholder: String = "press / to filter",
                filterKey: KeyHelp = KeyHelp("/", "filter as you type (enter keeps it, esc clears it)", bar: "/ filter"),
                filterTypingBar: String = "type to filter  enter keep  esc clear  ↑↓ move",
                moveAction: String = "move the selection", moveBar: String = "↑↓ move",
                reloadAction: String = "reload", reloadBar: String = "r reload") {
        self.moveAction = moveAction
        self.moveBar = moveBar
        self.reloadAction = reloadAction
        self.reloadBar = reloadBar
        self.filterPlaceholder = filterPlaceholder
        self.filterKey = filterKey
        self.filterTypingBar = filterTypingBar
        self.copiedWord = copiedWord
        self.noClipboard = noClipboard
        self.keysTitle = keysTitle
        self.everywhereTitle = everywhereTitle
        self.retryButton = retryButton
        self.retryKey = retryKey
        self.globalKeys = globalKeys
        self.keysBar = keysBar
        self.quitBar = quitBar
    }

    /// English, the default.
    public static let english = NavigationTexts(
        keysTitle: "Keys",
        globalKeys: [KeyHelp("esc/backspace", "back"), KeyHelp("?", "show or hide keys"),
                     KeyHelp("ctrl-z", "suspend"), KeyHelp("q", "quit")],
        keysBar: "keys", quitBar: "quit", everywhereTitle: "Everywhere", retryButton: "[ Retry ]",
        retryKey: KeyHelp("enter/space/r", "try again", bar: "r retry"))

    /// German (check24).
    public static let german = NavigationTexts(
        keysTitle: "Tasten",
        globalKeys: [KeyHelp("esc/backspace", "zurück"), KeyHelp("?", "Tasten zeigen oder verbergen"),
                     KeyHelp("ctrl-z", "anhalten"), KeyHelp("q", "beenden")],
        keysBar: "Tasten", quitBar: "beenden", everywhereTitle: "Überall", retryButton: "[ Neuladen ]",
        retryKey: KeyHelp("enter/space/r", "neu laden", bar: "r Neuladen"), copiedWord: "Kopiert",
        noClipboard: "Nichts kopiert: Kopieren geht über das Terminal, und hier ist keins.",
        filterPlaceholder: "/ drücken zum Filtern",
        filterKey: KeyHelp("/", "beim Tippen filtern (enter behält, esc löscht)", bar: "/ Filter"),
        filterTypingBar: "tippen filtert  enter behält  esc löscht  ↑↓ wählen",
        moveAction: "Auswahl bewegen", moveBar: "↑↓ wählen", reloadAction: "neu laden", reloadBar: "r Neuladen")

    /// The notice after `y`: what was copied (up to 40 columns of it), or why nothing was.
    public func copyNotice(_ value: String, copied: Bool) -> String {
        copied ? "\(copiedWord) “\(Truncation.truncate(Sanitizer.sanitize(value), width: 40))”" : noClipboard
    }
}
