import ContactsCore
import Foundation
import HTTPClientTexts
import Navigation
import TerminalKit
import TerminalUI
import TextCells

/// Every word the contacts screens show, in one place (English, as the GO-JEK app).
enum ContactsTexts {
    static let title = "Contacts"
    static let loading = "Loading contacts…"
    static let loadingContact = "Loading contact…"
    /// The error view's button: the one wording every English feature uses.
    static let retry = NavigationTexts.english.retryButton
    static let noContacts = "No contacts yet. Press a to add one."
    /// The query shown at most 40 characters long: the message is rebuilt at every key typed.
    static func noMatches(_ query: String) -> String {
        "No contact matches “\(Truncation.leading(query, characters: 40))”."
    }
    /// The `/` search's placeholder, key and typing bar: every list's one wording.
    static let searchPlaceholder = NavigationTexts.english.filterPlaceholder
    static let favoriteMark = "★"
    static let noValue = "—"
    static let mobileLabel = "mobile"
    static let emailLabel = "email"
    static let newContact = "New Contact"
    static let editContact = "Edit Contact"
    static let saving = "Saving…"
    static let savingWait = "Saving… wait for the answer."
    static let savedShort = "Saved."
    static func saved(_ name: String) -> String { "Saved \(name)." }
    static func deleted(_ name: String) -> String { "Deleted \(name)." }
    static func notReloaded(_ reason: String) -> String { "Not reloaded: \(reason)" }
    /// Names the entries of the server's list that are not shown ("Skipped contact 3 of the server's list: id is not a whole number.").
    static func skipped(_ skipped: [SkippedContact]) -> String? {
        guard let first = skipped.first else { return nil }
        let more = skipped.count > 1 ? " and \(skipped.count - 1) more" : ""
        return "Skipped contact \(first.position) of the server's list (\(first.reason))\(more): it cannot be read."
    }
    static let currentPhoto = "current photo"
    static let mobilePlaceholder = "+62 812 3456 7890 (10 digits in a row)"
    static let emailPlaceholder = "name@example.com"
    static let photoPlaceholder = "~/Pictures/me.jpg"
    static let deleting = "Deleting…"

    static func actionTitle(_ action: ContactAction) -> String {
        switch action {
        case .message: "message"
        case .call: "call"
        case .email: "email"
        }
    }

    static func favoriteTitle(_ favorite: Bool) -> String { favorite ? "★ favourite" : "☆ favourite" }

    static func opened(_ action: ContactAction, link: String) -> String {
        switch action {
        case .message: "Writing a message: \(link)"
        case .call: "Calling: \(link)"
        case .email: "Writing an email: \(link)"
        }
    }

    static func favoriteSaved(_ favorite: Bool) -> String { favorite ? "Added to favourites." : "Removed from favourites." }
    static func favoriteFailed(_ reason: String) -> String { "The favourite was not saved: \(reason)" }
    static func deleteFailed(_ reason: String) -> String { "The contact was not deleted: \(reason)" }
    static func deleteQuestion(_ name: String) -> String { "Delete \(name)? This cannot be undone." }
    static let deleteButton = "Delete"
    static let discardQuestion = "Discard your changes?"
    static let discardButton = "Discard"
    static let keepEditingButton = "Keep editing"
    static func saveFailed(_ error: ContactsError) -> String {
        let reason = error == .notFound ? "This contact was deleted elsewhere; it cannot be saved. Esc discards the form." : message(for: error)
        return "Not saved: \(reason) Your values are kept; ctrl-s tries again."
    }
    static func saveUncertain(_ error: ContactsError) -> String {
        "Maybe saved: \(message(for: error)) The server may have this contact already. Your values are kept; ctrl-s first checks whether it is there and adds it only if not."
    }

    // MARK: The outbox (a server that cannot be reached)

    /// The mark on a row whose change the server does not have yet.
    static func syncMark(_ state: ContactSyncState) -> String {
        switch state {
        case .waiting: "waiting to sync"
        case .refused: "! not saved"
        }
    }

    /// The page's line for a contact whose change the server does not have yet.
    static func syncNotice(_ state: ContactSyncState) -> String {
        switch state {
        case .waiting(.create): "Added here; waiting to sync: it goes to the server when it answers."
        case .waiting(.favorite): "Favourite saved here; waiting to sync: it goes to the server when it answers."
        case .waiting: "Saved here; waiting to sync: it goes to the server when it answers."
        case .refused(_, .gone): "Not saved: this contact was deleted on the server meanwhile. Enter on its row in the list brings the change back."
        case .refused(_, let refusal):
            "Not saved, the server refused it: \(reason(refusal)). Enter on its row in the list brings the change back."
        }
    }

    /// Why the server refused a change, in a few words.
    static func reason(_ refusal: ContactRefusal) -> String {
        switch refusal {
        case .invalid(let messages): messages.isEmpty ? "no reason given" : messages.joined(separator: "; ")
        case .gone: "the contact was deleted on the server meanwhile"
        case .status(let code): "the server answered \(code)"
        case .answeredAnotherContact: "the server answered with another contact than the one sent"
        }
    }

    static func savedWaiting(_ name: String) -> String { "Saved \(name) here; it goes to the server when it answers." }
    /// `problem`: why the last try to send them stopped.
    /// `resumesAt`: the server asked to be sent nothing before then.
    static func waiting(_ status: ContactOutboxStatus, problem: ContactsError? = nil, resumesAt: Date? = nil, timeZone: TimeZone = .current) -> String? {
        var parts: [String] = []
        if status.waiting > 0 {
            let count = status.waiting == 1 ? "1 change waiting to sync" : "\(status.waiting) changes waiting to sync"
            if let resumesAt {
                let formatter = DateFormatter()
                formatter.locale = Locale(identifier: "en_US_POSIX")
                formatter.timeZone = timeZone
                formatter.dateFormat = "HH:mm"
                parts.append("\(count) (the server asked to wait until \(formatter.string(from: resumesAt)))")
            } else {
                parts.append(problem.map { "\(count) (\(message(for: $0)))" } ?? count)
            }
        }
        if status.refused > 0 { parts.append(status.refused == 1 ? "1 change not saved (! on its row)" : "\(status.refused) changes not saved (! on their rows)") }
        for other in status.elsewhere.prefix(2) {
            parts.append(other.changes == 1 ? "1 change waits for \(other.server); it is sent when you open it again"
                                            : "\(other.changes) changes wait for \(other.server); they are sent when you open it again")
        }
        if status.elsewhere.count > 2 { parts.append("changes wait for \(status.elsewhere.count - 2) more servers") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
    static func synced(_ count: Int) -> String { count == 1 ? "Synced 1 change with the server." : "Synced \(count) changes with the server." }
    static func refusedOnServer(_ names: [String]) -> String {
        let first = names.first ?? ""
        let more = names.count > 1 ? " and \(names.count - 1) more" : ""
        return "The server refused the change to \(first)\(more): enter on its row to correct it."
    }
    static func dropped(_ write: DroppedContactWrite) -> String {
        let what = write.kind == .delete ? "the delete of \(write.name)" : "the favourite of \(write.name)"
        switch write.refusal {
        case .gone: return "\(write.name) was deleted on the server meanwhile; \(what) was dropped."
        case .invalid, .status, .answeredAnotherContact: return "The server refused \(what): \(reason(write.refusal))."
        }
    }
    static func refusedForm(_ notSaved: String) -> String { "\(notSaved). Correct it and press ctrl-s, or esc to discard the change." }
    static func refusedGone(_ name: String) -> String {
        "\(name) was deleted on the server meanwhile. ctrl-s adds it again (with a photo); esc discards the change."
    }

    // MARK: Errors and field problems (the words for the values the layers below report)

    /// One sentence for a status line.
    static let keptListProvesNothing = "The server cannot be reached to check whether it was saved."

    static func message(for error: ContactsError) -> String {
        switch error {
        case .invalid(let messages): messages.joined(separator: "; ")
        case .notFound: "This contact no longer exists."
        case .unavailable(let failure): failure.message(.english)
        case .noAnswer(let failure?): failure.message(.english)
        case .noAnswer(nil): "The server saved it, but its answer could not be read."
        case .refusedWhileWaiting: "The server refused this new contact: enter on its row in the list brings it back to correct it."
        case .notKept(let detail): "The change could not be kept: \(detail)"
        case .answeredAnotherContact: "The server answered with another contact than the one sent; the change is looked up there before it goes again."
        }
    }

    /// A field's message: its problems, in order.
    static func message(for problems: [FieldProblem], of field: ContactRules.Field) -> String {
        problems.map { message(for: $0, of: field) }.joined(separator: "; ")
    }

    static func message(for problem: FieldProblem, of field: ContactRules.Field) -> String {
        switch problem {
        // The server's own rules, said as the server says them: the same words whether checked here or there.
        case .rule(let violation): ContactsRoutes.message(for: ContactRules.Violation(field, violation))
        case .required:
            switch field {
            case .phoneNumber: "Mobile can't be blank"
            case .photo: "Photo can't be blank: type the path of a JPEG or PNG file"
            default: "\(field.humanized) can't be blank"
            }
        case .photo(let problem): message(for: problem)
        case .server(let message): message
        }
    }

    /// Why an action did not open.
    static func message(for problem: ContactActionProblem) -> String {
        switch problem {
        case .missing(.email): "This contact has no email address."
        case .missing: "This contact has no mobile number."
        case .invalid(_, let reason), .noOpener(let reason): reason
        }
    }

    /// Why a photo file cannot be used.
    static func message(for problem: PhotoProblem) -> String {
        switch problem {
        case .notFound: "Photo: there is no file at this path"
        case .folder: "Photo: this is a folder; type the path of a JPEG or PNG file"
        case .tooLarge: "Photo: the file is larger than 8 MB"
        case .unreadable: "Photo: the file cannot be read"
        case .notAnImage: "Photo must be a JPEG or PNG image"
        case .broken(let reason): "Photo: the image is damaged (\(reason))"
        case .tooManyPixels(let width, let height):
            "Photo: \(width)×\(height) pixels is more than the app can show (at most 4 million; a JPEG of any size works)"
        }
    }
    static func saveRefused(_ messages: [String]) -> String { "Not saved: " + messages.joined(separator: "; ") }

    /// The form's labels, in the form's order (the focus ring's order).
    static let firstNameLabel = "First name"
    static let lastNameLabel = "Last name"
    static let mobileFieldLabel = "Mobile"
    static let emailFieldLabel = "Email"
    static let photoFieldLabel = "Photo (path to a JPEG or PNG file)"
    static let photoKeepPlaceholder = "keep the current photo"
    static let photoPreviewEmpty = "no photo"

    static let addBinding = KeyBinding([.character("a")], KeyHelp("a", "add a contact", bar: "a add"), name: "add")
    static let listBindings: [KeyBinding] = [
        ListInput.moveBinding(),
        ListInput.openBinding("open the contact"),
        SearchInput.filterBinding(),
        addBinding,
        ListInput.reloadBinding(),
    ]
    static let listKeys = listBindings.help
    static let searchKeyBar = NavigationTexts.english.filterTypingBar
    /// The error view's keys.
    static let failedKeys = [NavigationTexts.english.retryKey]

    /// The detail's keys: each binding matches what its help says (the actions' own letters, the focus, pressing it).
    enum DetailKey {
        static let nextAction: [Key] = [.tab, .right]
        static let previousAction: [Key] = [.backtab, .left]
        static let press = KeyBinding([.enter, .character(" ")], KeyHelp("enter/space/click", "press the action"))
        static let call = KeyBinding([.character("c")], KeyHelp("c", "call"), name: "call")
        static let message = KeyBinding([.character("m")], KeyHelp("m", "message"), name: "message")
        static let write = KeyBinding([.character("w")], KeyHelp("w", "write an email"), name: "email")
        static let favorite = KeyBinding([.character("f")], KeyHelp("f", "favourite on or off (saved at once)", bar: "f favourite"), name: "favorite")
        static let edit = KeyBinding([.character("e")], KeyHelp("e", "edit", bar: "e edit"), name: "edit")
        static let delete = KeyBinding([.character("d")], KeyHelp("d", "delete (asks first)", bar: "d delete"), name: "delete")
        static let copy = KeyBinding([.character("y")], KeyHelp("y", "copy the focused action's mobile or email, else the name"), name: "copy")
    }
    static let detailBindings: [KeyBinding] = [
        KeyBinding(DetailKey.nextAction + DetailKey.previousAction, KeyHelp("tab/shift-tab ←→", "choose an action", bar: "tab action")),
        DetailKey.press, DetailKey.call, DetailKey.message, DetailKey.write, DetailKey.favorite, DetailKey.edit, DetailKey.delete,
        DetailKey.copy, KeyBinding(ListInput.reloadKeys, KeyHelp("r", "reload"), name: "reload"),
    ]
    /// The host's esc, said in this screen's words, is help only.
    static let detailKeys = detailBindings.help + [KeyHelp("esc", "back to the list", bar: "esc back")]

    /// The form's keys: return moves on, as a phone keyboard's "next" does; done is ctrl-s.
    enum FormKey {
        static let nextOnReturn: [Key] = [.enter]
        static let done = KeyBinding([.ctrl("s")], KeyHelp("ctrl-s", "done: check and save", bar: "ctrl-s done"), name: "save")
        static let cancel = KeyBinding([.escape], KeyHelp("esc", "cancel (asks before discarding changes)", bar: "esc cancel"))
    }
    static let formBindings: [KeyBinding] = [
        KeyBinding(FormInput.nextFieldKeys + FormInput.previousFieldKeys + FormKey.nextOnReturn,
                   KeyHelp("tab/shift-tab ↑↓ enter", "next / previous field (enter: the next)", bar: "tab next")),
    ] + TextInput.typingBindings() + [
        FormKey.done,
        FormKey.cancel,
    ]
    static let formKeys = formBindings.help
}
