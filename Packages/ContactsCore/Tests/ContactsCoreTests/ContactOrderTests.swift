@testable import ContactsCore
import TestSupport
import XCTest

/// A contact's section in the A–Z list and its initials: ASCII shortcuts, and the general rules they
/// take a shortcut of.
final class ContactOrderTests: XCTestCase {
    private func section(_ first: String, _ last: String) -> String {
        ContactOrder.sectionLetters[ContactOrder.sectionRank(ofOrderKey: ContactOrder.orderKey(firstName: first, lastName: last))]
    }

    func testSectionsFoldAccentsAndLettersThatDoNotDecompose() {
        let cases: [(String, String, String)] = [
            ("Émilie", "Rousseau", "E"), ("Łukasz", "Nowak", "L"), ("Ørjan", "Berg", "O"), ("Çağrı", "Yılmaz", "C"), ("bayu", "Nugroho", "B"),
            ("3M", "Service", "#"), ("太郎", "山田", "#"), ("Дмитрий", "Иванов", "#"), ("", "Zed", "Z"), ("ß", "Strauss", "S"),
        ]
        for (first, last, section) in cases {
            XCTAssertEqual(self.section(first, last), section, first)
        }
    }

    /// A name's section and initials take shortcuts for ASCII; for seeded names of every kind they are
    /// what the general rules give (the first scalar upper-cased if that is one letter A–Z; the
    /// initials of both names joined, "?" for none).
    func testSectionsAndInitialsAreWhatTheGeneralRulesGive() {
        var generator = SeededGenerator(seed: 0x5EC7_10)
        let starts: [Unicode.Scalar] = ["a", "z", "A", "Z", "0", "9", " ", "@", "[", "`", "{", "~", "\u{7F}", "\u{1}", "é", "ß", "ı", "ſ", "ﬀ",
                                        "Д", "太", "\u{301}", "Ａ", "K", "ǆ"]
        for _ in 0..<4_000 {
            func name() -> String {
                guard Int.random(in: 0..<6, using: &generator) > 0 else { return "" }
                var scalars = String.UnicodeScalarView([starts.randomElement(using: &generator)!])
                for _ in 0..<Int.random(in: 0...3, using: &generator) { scalars.append(starts.randomElement(using: &generator)!) }
                return String(scalars)
            }
            let (first, last) = (name(), name())
            let letter = first.unicodeScalars.first.map { String($0).uppercased() } ?? "#"
            XCTAssertEqual(ContactOrder.sectionLetters[ContactOrder.sectionRank(ofFolded: first)], letter.count == 1 && ("A"..."Z").contains(letter) ? letter : "#",
                           first.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
            let letters = [first, last].compactMap(ContactSummary.initial(of:))
            XCTAssertEqual(ContactSummary(id: 1, firstName: first, lastName: last).initials, letters.isEmpty ? "?" : letters.joined())
        }
    }

    /// The ASCII shortcut gives the general rule's initial: names starting with letters, digits,
    /// punctuation, a letter and a combining mark, other scripts, emoji.
    func testInitialsAreTheFirstLetterOrDigitUpperCased() {
        let names = ["amitabh", "Bachchan", "3M", "zed", "_x", "  ana", "e\u{301}mile", "émile", "łukasz", "ß", "Дмитрий", "太郎", "👍🏽 Ok", "", "-"]
        for name in names {
            XCTAssertEqual(ContactSummary.initial(of: name), name.first(where: { $0.isLetter || $0.isNumber }).map { String($0).uppercased() }, name)
        }
        XCTAssertEqual(ContactSummary.initial(of: "e\u{301}mile"), "E\u{301}", "a letter and its mark are one initial")
        XCTAssertEqual(ContactSummary(id: 1, firstName: "ana", lastName: "9lives").initials, "A9")
    }
}
