import TerminalUI
import TextCells
/// The words the host itself shows around every screen: the `?` overlay's title and global keys,
/// and the `? keys` / `q quit` ending of each key bar, and the one wording of every list's `/` filter
/// (its placeholder, its key, its key bar while typed). A feature whose screens speak another language
/// (check24: German) hands its texts to the host, so no English word is left on its screens.
public struct NavigationTexts: Sendable, Equatable {
    /// The `?` overlay's title.
    public var keysTitle: String
    /// The keys the host handles on every screen, listed under each screen's own keys.
    /// A kept copy's notice (``KeptContent/notice(_:)``): the date format of a day that is not today,
    /// and the words around the time it was current (`{time}`), offline or while the server is being asked.
    public var keptDayFormat: String
    public var offlineNotice: String
    public var updatingNotice: String
    /// What the host's keys do, in this language (``globalBindings``).
    public var globalActions: GlobalActions
    /// The key bar's word for `?`.
    public var keysBar: String
    /// The key bar's word for `q`.
    public var quitBar: String
    /// The heading of the global keys in `apps-cli <feature> --help`.
    public var everywhereTitle: String
    /// The error view's button, the same in every feature of a language ("[ Retry ]", "[ Neuladen ]").
    public var retryButton: String
    /// The error view's key, for its key bar and `?` overlay ("r retry"): ``ListInput/retryBinding(_:)-(NavigationTexts)``'s
    /// help, so a config file remaps it as `retry`.
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

    public init(keysTitle: String, globalActions: GlobalActions, keysBar: String, quitBar: String, everywhereTitle: String,
                retryButton: String, retryKey: KeyHelp, copiedWord: String = "Copied",
                noClipboard: String = "Nothing copied: copying goes through the terminal, and this is not one.",
                filterPlaceholder: String = "press / to filter",
                filterKey: KeyHelp = KeyHelp("/", "filter as you type (enter keeps it, esc clears it)", bar: "/ filter"),
                filterTypingBar: String = "type to filter  enter keep  esc clear  ↑↓ move",
                moveAction: String = "move the selection", moveBar: String = "↑↓ move",
                reloadAction: String = "reload", reloadBar: String = "r reload",
                keptDayFormat: String = "yyyy-MM-dd HH:mm",
                offlineNotice: String = "Offline — as of {time} (r retries)",
                updatingNotice: String = "Updating… — as of {time}") {
        self.keptDayFormat = keptDayFormat
        self.offlineNotice = offlineNotice
        self.updatingNotice = updatingNotice
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
        self.retryKey = ListInput.retryBinding(retryKey).help
        self.globalActions = globalActions
        self.keysBar = keysBar
        self.quitBar = quitBar
    }

    /// English, the default.
    public static let english = NavigationTexts(
        keysTitle: "Keys",
        globalActions: GlobalActions(back: "back", keys: "show or hide keys", suspend: "suspend", quit: "quit (ctrl-c also while typing)"),
        keysBar: "keys", quitBar: "quit", everywhereTitle: "Everywhere", retryButton: "[ Retry ]",
        retryKey: KeyHelp("enter/space/r", "try again", bar: "r retry"))

    /// German (check24).
    public static let german = NavigationTexts(
        keysTitle: "Tasten",
        globalActions: GlobalActions(back: "zurück", keys: "Tasten zeigen oder verbergen", suspend: "anhalten",
                                     quit: "beenden (ctrl-c auch beim Tippen)"),
        keysBar: "Tasten", quitBar: "beenden", everywhereTitle: "Überall", retryButton: "[ Neuladen ]",
        retryKey: KeyHelp("enter/space/r", "neu laden", bar: "r Neuladen"), copiedWord: "Kopiert",
        noClipboard: "Nichts kopiert: Kopieren geht über das Terminal, und hier ist keins.",
        filterPlaceholder: "/ drücken zum Filtern",
        filterKey: KeyHelp("/", "beim Tippen filtern (enter behält, esc löscht)", bar: "/ Filter"),
        filterTypingBar: "tippen filtert  enter behält  esc löscht  ↑↓ wählen",
        moveAction: "Auswahl bewegen", moveBar: "↑↓ wählen", reloadAction: "neu laden", reloadBar: "r Neuladen",
        keptDayFormat: "dd.MM.yyyy HH:mm", offlineNotice: "Offline — Stand {time} (r lädt neu)",
        updatingNotice: "Wird aktualisiert … — Stand {time}")

    /// What the host's keys do, in a language.
    public struct GlobalActions: Sendable, Equatable {
        public var back: String
        public var keys: String
        public var suspend: String
        public var quit: String

        public init(back: String, keys: String, suspend: String, quit: String) {
            self.back = back
            self.keys = keys
            self.suspend = suspend
            self.quit = quit
        }
    }

    /// The host's own keys, under every screen's: back, the keys overlay, suspend, quit. The host
    /// matches its input through these, so the overlay and `--help` say exactly what it does.
    public var globalBindings: [KeyBinding] {
        [KeyBinding(HostKeys.back, KeyHelp("esc/backspace", globalActions.back), name: "back"),
         KeyBinding(HostKeys.keys, KeyHelp("?", globalActions.keys), name: "keys"),
         KeyBinding(HostKeys.suspend, KeyHelp("ctrl-z", globalActions.suspend), name: "suspend"),
         KeyBinding(HostKeys.quit + HostKeys.interrupt, KeyHelp("q ctrl-c", globalActions.quit), name: "quit")]
    }

    /// The words of ``globalBindings``: the `?` overlay's last lines and `--help`'s "Everywhere".
    public var globalKeys: [KeyHelp] { globalBindings.help }

    /// The notice after `y`: what was copied (up to 40 columns of it), or why nothing was.
    public func copyNotice(_ value: String, copied: Bool) -> String {
        copied ? "\(copiedWord) “\(Truncation.truncate(Sanitizer.sanitize(value), width: 40))”" : noClipboard
    }
}
