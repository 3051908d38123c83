import HTTPClientTexts
import TerminalUI
import Navigation
import TerminalKit
import TextCells

/// The feature's user-facing strings and key lists, in one place.
enum ResourceDirectoryTexts {
    static let appTitle = "Resource Directory"
    static let loadingCategories = "Loading categories…"
    static let loadingResources = "Loading resources…"
    static let noCategories = "The directory has no categories."
    static let noResources = "This category has no resources yet."
    /// The error view's button: the one wording every English feature uses.
    static let retry = NavigationTexts.english.retryButton

    /// The keys of an error view: retry where trying again can help, back where there is a screen to go back to.
    static func failedKeys(canRetry: Bool, canGoBack: Bool) -> [KeyHelp] {
        (canRetry ? [NavigationTexts.english.retryKey] : [])
            + (canGoBack ? [KeyHelp("esc/backspace", "back", bar: "esc back")] : [])
    }
    /// The `/` filter's placeholder, key and typing bar: every list's one wording.
    static let filterPlaceholder = NavigationTexts.english.filterPlaceholder
    static let filterKey = NavigationTexts.english.filterKey
    static let filterTypingBar = NavigationTexts.english.filterTypingBar

    /// The query shown at most 40 characters long: the message is rebuilt at every key typed.
    static func noMatches(_ query: String) -> String {
        "No title matches “\(Truncation.leading(query, characters: 40))”."
    }

    static func noCategoryMatches(_ query: String) -> String {
        "No category matches “\(Truncation.leading(query, characters: 40))”."
    }

    /// A list's count in its title: "12", or "3 of 12" while filtered.
    static func count(shown: Int, of total: Int, filtered: Bool) -> String {
        filtered ? "\(shown) of \(total)" : "\(total)"
    }

    // MARK: Sorting

    static let sortButton = "Sort"
    static func orderLabel(_ order: ResourceSortOrder) -> String {
        switch order {
        case .original: "order: as listed"
        case .ascending: "order: A–Z"
        case .descending: "order: Z–A"
        }
    }

    // MARK: Details

    static let contactSection = "CONTACT INFORMATION"
    static let addressSection = "ADDRESS"
    static let notesSection = "NOTES"
    static let socialSection = "SOCIAL MEDIA"
    static let hoursSection = "BUSINESS HOURS"
    static let phoneLabel = "PHONE NUMBER"
    static let tollFreeLabel = "TOLL-FREE NUMBER"
    static let faxLabel = "FAX NUMBER"
    static let emailLabel = "EMAIL ADDRESS"
    static let websiteLabel = "WEBSITE"
    static let addressLabel = "ADDRESS"
    static let closed = "CLOSED"
    static let callButton = "call"
    static let messageButton = "message"
    static let writeButton = "write"
    static let mapButton = "map"
    static let openButton = "open"

    static func dayName(_ day: Weekday) -> String {
        switch day {
        case .sunday: "Sunday"
        case .monday: "Monday"
        case .tuesday: "Tuesday"
        case .wednesday: "Wednesday"
        case .thursday: "Thursday"
        case .friday: "Friday"
        case .saturday: "Saturday"
        }
    }

    /// `youtubeChannel` → `YouTube`; unknown networks are shown capitalized.
    static func networkName(_ network: String) -> String {
        switch network.lowercased() {
        case "facebook": "Facebook"
        case "twitter": "Twitter"
        case "instagram": "Instagram"
        case "linkedin": "LinkedIn"
        case "youtube", "youtubechannel": "YouTube"
        case "pinterest": "Pinterest"
        default: network.prefix(1).uppercased() + network.dropFirst()
        }
    }

    static func hours(_ opening: BusinessHours.Opening) -> String { "\(opening.from) – \(opening.to)" }

    /// After a link went to the desktop: what opened it.
    static func opened(_ link: String, kind: String) -> String { "Opened \(link) in \(kind)." }
    static let phoneApp = "the phone app"
    static let messagesApp = "the messages app"
    static let mapsApp = "the maps app"
    static let browserApp = "the web browser"
    static let mailApp = "the mail app"

    // MARK: Compose

    static let composeTitle = "New email"
    static let toLabel = "To"
    static let subjectLabel = "Subject"
    static let bodyLabel = "Message"
    static let discardQuestion = "Discard this email?"
    static let discardButton = "Discard"
    static let keepEditingButton = "Keep editing"
    static let sendButton = "Send (ctrl-s)"
    static let cancelButton = "Cancel (esc)"
    static let invalidRecipient = "Enter one email address, such as name@example.com."
    static func tooLong(limit: Int) -> String { "Too long for a mail link (at most \(limit) bytes in all): shorten the message." }
    static func sent(_ link: String) -> String { "Your email went to the mail app: \(link)" }

    // MARK: Errors

    static func message(for error: ResourceDirectoryError) -> String {
        switch error {
        case .categoriesUnavailable(let failure): "The categories could not be loaded. " + failure.message(.english)
        case .resourcesUnavailable(let category, let failure): "The resources of “\(category)” could not be loaded. " + failure.message(.english)
        case .noKnownFile(let category): "The directory has no resource file for “\(category)”."
        }
    }

    static func skipped(_ reasons: [String]) -> String? {
        guard let first = reasons.first else { return nil }
        let count = reasons.count
        return "\(count) entr\(count == 1 ? "y" : "ies") could not be read and \(count == 1 ? "is" : "are") not shown (\(first))"
    }

    /// The offline notice of a kept list (``KeptContent``) and the skipped entries, on one line.
    @MainActor
    static func notice(kept: KeptContent, skipped: String?) -> String? {
        [kept.notice(), skipped].joinedNotice
    }

    // MARK: Keys (the key bar, the `?` overlay and `apps-cli resource-directory --help` read these)

    static let categoryBindings: [KeyBinding] = [
        ListInput.moveBinding(),
        ListInput.openBinding("open the category"),
        SearchInput.filterBinding(),
        ListInput.reloadBinding(),
    ]
    static let categoryKeys = categoryBindings.help

    static let sortBinding = KeyBinding([.character("s")], KeyHelp("s / click [Sort]", "sort A–Z, then Z–A, alternating", bar: "s sort"), name: "sort")

    static let resourceBindings: [KeyBinding] = [
        ListInput.moveBinding(),
        ListInput.openBinding("open the resource"),
        sortBinding,
        SearchInput.filterBinding(),
        ListInput.reloadBinding(),
    ]
    /// The host's esc, said here in this screen's words.
    static let resourceKeys = resourceBindings.help + [KeyHelp("esc", "back to the categories")]

    /// The detail's focus moves: tab and ↓/j to the next action, shift-tab and ↑/k to the one before
    /// (↑↓ scroll where no action is left that way).
    static let nextActionKeys: [Key] = [.tab, .down, .character("j")]
    static let previousActionKeys: [Key] = [.backtab, .up, .character("k")]
    static let pageKeys: [Key] = ListInput.pageUpKeys + ListInput.pageDownKeys + ListInput.firstKeys + ListInput.lastKeys
    static let activateBinding = KeyBinding(ListInput.openKeys, KeyHelp("enter/click", "call, message, write, map or open the focused row", bar: "enter do it"))
    static let outsideBinding = KeyBinding([.character("o")], KeyHelp("o", "open the focused website in the desktop's browser", bar: "o outside"), name: "outside")
    static let copyBinding = KeyBinding([.character("y")], KeyHelp("y", "copy the focused number, address, email or website, else the title", bar: "y copy"), name: "copy")
    static let detailBindings: [KeyBinding] = [
        KeyBinding(nextActionKeys + previousActionKeys, KeyHelp("tab/shift-tab ↑↓ jk", "focus the next / previous action", bar: "tab next action")),
        activateBinding, outsideBinding, copyBinding,
        KeyBinding(pageKeys, KeyHelp("pgup/pgdn/space home/end wheel", "scroll")),
    ]
    /// The host's esc, said in this screen's words, is help only.
    static let detailKeys = detailBindings.help + [KeyHelp("esc", "back to the list", bar: "esc back")]

    /// The compose screen's keys where the focus is: in To and Subject, enter and ↑↓ move between the
    /// fields as tab does; in the message they write (a new line, another line).
    static func composeBindings(inMessage: Bool) -> [KeyBinding] {
        let fieldKeys: [Key] = inMessage ? [.tab, .backtab] : FormInput.nextFieldKeys + FormInput.previousFieldKeys + [.enter]
        return [KeyBinding(fieldKeys, KeyHelp(inMessage ? "tab/shift-tab" : "tab/shift-tab ↑↓ enter", "next / previous field", bar: "tab next field"))]
            + (inMessage ? TextInput.areaTypingBindings("in the message: writes it") : TextInput.typingBindings())
            + [composeSend, composeCancel]
    }
    static let composeSend = KeyBinding([.ctrl("s")], KeyHelp("ctrl-s", "send: hand the email to the mail app", bar: "ctrl-s send"), name: "send")
    static let composeCancel = KeyBinding([.escape], KeyHelp("esc", "cancel (asks before discarding what you typed)", bar: "esc cancel"))
    /// Every key of the compose screen, in either place (`--help`'s section).
    static let composeKeys = composeBindings(inMessage: false).help + [TextInput.areaTypingBindings("in the message: writes it")[0].help]

    /// The compose screen keeps `q` and `?` as text, so its bar names only its own keys.
    static let composeKeyBar = composeKeys.compactMap(\.bar).joined(separator: "  ")
}
