import Foundation
import HTTPClientTexts
import ImageKit
import PictureUI
import Navigation
import TerminalKit
import TerminalUI
import TextCells

/// Every word the check24 screens show, in German, in one place: labels, notices, errors and the
/// keys (the `?` overlay, the key bars and `--help` list the same ``KeyHelp`` values). The original
/// app spoke German to German users; only product data and JSON field names stay as they come.
enum Check24Texts {
    /// What a picture box says while it has no picture (loading, none, why), in German.
    static let pictureWords = PictureWords.german

    // MARK: Overview

    static let loading = "Produkte werden geladen…"
    static let reloadButton = "Neuladen"
    static let noProducts = "Keine Produkte."
    static let noFavorites = "Noch nichts vorgemerkt: öffne ein Produkt und wähle Vormerken."
    static let footer = "© 2016 Check24"
    /// The query shown at most 40 characters long: the message is rebuilt at every key typed.
    static func noMatches(_ query: String) -> String {
        "Kein Produkt passt zu „\(Truncation.leading(query, characters: 40))“."
    }
    /// How many of the tab's products the `/` filter leaves: "3 von 12".
    static func count(shown: Int, of total: Int) -> String { "\(shown) von \(total)" }
    /// The `/` filter's placeholder, key and typing bar: every list's one wording, in German.
    static let filterPlaceholder = NavigationTexts.german.filterPlaceholder
    static let filterKey = NavigationTexts.german.filterKey
    static let filterTypingBar = NavigationTexts.german.filterTypingBar

    /// The next and the previous filter tab.
    static let nextTabKeys: [Key] = [.right, .tab, .character("l")]
    static let previousTabKeys: [Key] = [.left, .backtab, .character("h")]

    static let overviewBindings: [KeyBinding] = [
        ListInput.moveBinding(.german, action: "Produkt wählen, home: erstes Produkt, end: Fußzeile"),
        KeyBinding(nextTabKeys + previousTabKeys, KeyHelp("←→ hl tab/shift-tab", "Filter wechseln", bar: "←→ Filter"),
                   parts: [KeyPart("next-tab", nextTabKeys), KeyPart("previous-tab", previousTabKeys)]),
        ListInput.openBinding("Produkt oder rechtliche Hinweise öffnen", bar: "enter öffnen"),
        SearchInput.filterBinding(.german),
        ListInput.reloadBinding(.german),
    ]
    static let overviewKeys = overviewBindings.help
    /// The key bar while the list loads: only the host's keys.
    static func loadingKeyBar(_ keyMap: KeyMap) -> String { [KeyHelp]().keyBar(.german, keyMap) }
    /// The key bar of the error view.
    static func failedKeyBar(_ keyMap: KeyMap) -> String { [KeyHelp("enter/r", "neu laden", bar: "enter/r Neuladen")].keyBar(.german, keyMap) }

    // MARK: Details

    static let unknownValue = "unbekannt"
    static let available = "Verfügbar"
    static let unavailable = "Nicht verfügbar"
    static let remember = "Vormerken"
    static let forget = "Vergessen"
    static let releaseDateLabel = "Erscheinungsdatum: "
    static let colorLabel = "Farbe: "

    static let closeBinding = KeyBinding([.escape, .backspace], KeyHelp("esc/backspace", "zurück zur Übersicht", bar: "esc zurück"))
    static let favoriteBinding = KeyBinding([.character("f")], KeyHelp("f", "Vormerken / Vergessen", bar: "f Vormerken"), name: "favorite")
    static let focusBinding = KeyBinding([.tab, .backtab], KeyHelp("tab/shift-tab", "Knopf oder Fußzeile wählen", bar: "tab wählen"))
    static let activateBinding = KeyBinding([.enter], KeyHelp("enter", "Gewähltes auslösen"))
    static let copyBinding = KeyBinding([.character("y")], KeyHelp("y", "den Namen des Produkts kopieren"), name: "copy")
    static let detailBindings: [KeyBinding] = [
        closeBinding, favoriteBinding, focusBinding, activateBinding, copyBinding,
        ScrollInput.scrollBinding("blättern", bar: "↑↓ blättern"),
    ]
    static let detailKeys = detailBindings.help

    // MARK: Sections of `?` and `--help`

    static let overviewTitle = "Übersicht"
    static let detailTitle = "Details"
    static let webPageTitle = "Webseite"

    // MARK: Errors and notices

    /// What the user reads when something failed (the legal page's errors are WebBrowser's, in German).
    static func message(for error: Check24Error) -> String {
        switch error {
        case .catalogUnavailable(let failure): "Die Produkte konnten nicht geladen werden.\n" + reason(failure)
        case .favoritesUnreadable(let failure): "Die Merkliste konnte nicht gelesen werden: " + reason(failure)
        case .favoriteNotSaved(let failure): "Nicht gespeichert: " + reason(failure) + " Drücke f für einen neuen Versuch."
        }
    }

    /// One sentence on why, ending with a full stop.
    static func reason(_ failure: Check24Failure) -> String {
        switch failure {
        case .request(let failure):
            failure.message(.german)
        case .storageBusy:
            "Ein anderes apps-cli schreibt gerade in die Merkliste – bitte erneut versuchen."
        case .storageDamaged(let path):
            "Die Datei \(path) ist beschädigt oder keine Datenbank."
        case .storageUnavailable(let path):
            "Die Datei \(path) lässt sich nicht öffnen – ist der Ordner beschreibbar? (--data-dir wählt einen anderen)"
        case .storageFull(let path):
            "Der Datenträger mit \(path) ist voll – bitte Platz schaffen (--data-dir wählt einen anderen Ordner)."
        case .unknown:
            "Unbekannter Fehler."
        }
    }

    /// "1 Produkt konnte nicht gelesen werden und wird nicht angezeigt (#4: „price“ fehlt)".
    static func skippedNotice(_ skipped: [SkippedProduct]) -> String? {
        guard let first = skipped.first else { return nil }
        let count = skipped.count == 1
            ? "1 Produkt konnte nicht gelesen werden und wird"
            : "\(skipped.count) Produkte konnten nicht gelesen werden und werden"
        return "\(count) nicht angezeigt (#\(first.index + 1): \(reason(first.reason)))"
    }

    /// "1 Produkt ist unvollständig (Red Square: ohne rating)".
    static func incompleteNotice(_ products: Check24Products) -> String? {
        let incomplete = products.incompletePositions
        guard let first = incomplete.first.map({ products[$0] }) else { return nil }
        let count = incomplete.count == 1 ? "1 Produkt ist" : "\(incomplete.count) Produkte sind"
        return "\(count) unvollständig (\(first.name): ohne \(first.unreadableFields.joined(separator: ", ")))"
    }

    static func reason(_ reason: SkippedProduct.Reason) -> String {
        switch reason {
        case .missing(let field): "„\(field)“ fehlt"
        case .outOfRange(let field): "„\(field)“ ist eine Zahl außerhalb des gültigen Bereichs"
        case .wrongType(let field): "„\(field)“ hat den falschen Typ"
        case .invalidText(let field): "„\(field)“ ist kein gültiger UTF-8-Text"
        case .unreadable(let field): "„\(field)“ ist nicht lesbar"
        case .notAProduct: "kein Produkt-Objekt"
        case .duplicateID(let id): "die ID \(id) kommt doppelt vor"
        }
    }
}
