@testable import Contacts
@testable import ContactsBackend
import ContactsCore
import ContactsTesting
import Foundation
import HTTPClient
import Storage
import StorageTesting
import TestSupport
import TextSearch
import XCTest

/// The embedded store pages the home list in SQL; the pages are those of a server's list paged in
/// memory (the same order, sections and search rule), whatever is written meanwhile.
final class StoredContactDirectoryTests: XCTestCase {
    private let base = ContactsModule.originalBaseURL
    private var folder: TemporaryDirectory!

    override func setUpWithError() throws {
        folder = try TemporaryDirectory(prefix: "contacts-directory")
    }

    private func open() throws -> (LocalContactsBackend, HTTPContactsService, StoredContactDirectory) {
        let backend = try LocalContactsBackend(directory: folder.url)
        let service = HTTPContactsService(client: HTTPClient(transport: backend.routeTable(baseURL: base)), baseURL: base)
        return (backend, service, backend.directory(baseURL: base))
    }

    /// Every page, section and position of `queries` as the SQL directory and the fetched list give them.
    private func assertSameAsFetched(_ service: HTTPContactsService, _ stored: StoredContactDirectory, queries: [String], locating ids: [Int],
                                     file: StaticString = #filePath, line: UInt = #line) async throws {
        let fetched = FetchedContactDirectory(service: service)
        _ = try await fetched.performRefresh()
        for query in queries {
            for id in ids + [nil] {
                let expected = await fetched.obtainIndex(matching: query, locating: id)
                let actual = try await stored.obtainIndex(matching: query, locating: id)
                XCTAssertEqual(actual, expected, "index of \(query.debugDescription) locating \(String(describing: id))", file: file, line: line)
            }
            let count = await fetched.obtainIndex(matching: query, locating: nil).matchCount
            let all = await fetched.obtainContacts(matching: query, at: 0..<count)
            // Pages of several sizes, from every kind of start (inside a section, across sections, past the end).
            for size in [1, 7, 40] {
                for start in stride(from: 0, through: count + 3, by: max(1, size - 2)) {
                    let page = try await stored.obtainContacts(matching: query, at: start..<(start + size))
                    XCTAssertEqual(page, Array(all[min(start, count)..<min(start + size, count)]), "page \(start) of \(query.debugDescription)",
                                   file: file, line: line)
                }
            }
        }
    }

    private static let firstNames = ["Anna", "anna", "Ánna", "Łukasz", "Émilie", "Zoë", "Ørjan", "bayu", "24Seven", "Дмитрий", "太郎", "", "Ann-Marie",
                                     "O'Brien", "Çağrı", "ß", "Same", "Same"]
    private static let lastNames = ["Zed", "Nowak", "Rousseau", "Adams", "Berg", "Nugroho", "Laundry", "Иванов", "山田", "", "Smith-Jones", "Same"]

    func testPagesSectionsAndSearchAreTheFetchedListsThroughCreatesRenamesAndDeletes() async throws {
        let (_, service, stored) = try open()
        var generator = SeededGenerator(seed: 0xD1_4EC7)
        var ids: [Int] = []
        for _ in 0..<120 {
            var first = Self.firstNames.randomElement(using: &generator)!, last = Self.lastNames.randomElement(using: &generator)!
            // The server wants names of two characters or more.
            if first.count < 2 { first = "Xy" + first }
            if last.count < 2 { last += "Qq" }
            let contact = try await service.performCreate(ContactChanges(firstName: first, lastName: last, email: "a@b.example",
                                                                         phoneNumber: "0812345678901"))
            ids.append(contact.id)
        }
        let queries = ["", "a", "AN", "anna z", "ł", "luk", "emi", "дм", "太", "o", "brien", "same", "smith jo", "zz", "2", "a a"]
        try await assertSameAsFetched(service, stored, queries: queries, locating: [ids[0], ids[57], ids[119], 99_999])
        for step in 0..<60 {
            let id = ids[Int.random(in: 0..<ids.count, using: &generator)]
            if step % 3 == 0 {
                try? await service.performDelete(id: id)
                ids.removeAll { $0 == id }
            } else {
                let first = Self.firstNames.randomElement(using: &generator)! + "x"
                _ = try await service.performUpdate(id: id, ContactChanges(firstName: first.count < 2 ? "Xy" : first))
            }
        }
        try await assertSameAsFetched(service, stored, queries: queries, locating: [ids[0], ids[ids.count / 2]])
    }

    /// Imports into an empty address book, a large batch into a full one (its sections numbered again)
    /// and a few into a large one (placed one by one) all leave the list the fetched list would be.
    func testImportsOfEverySizeKeepTheListInOrder() async throws {
        let (backend, service, stored) = try open()
        func importing(_ count: Int, seed: UInt64) throws -> ContactsImportReport {
            var generator = SeededGenerator(seed: seed)
            let entries = (0..<count).map { _ in
                #"{"first_name":"\#(Self.firstNames.randomElement(using: &generator)!)x","last_name":"\#(Self.lastNames.randomElement(using: &generator)!)y"}"#
            }
            let file = folder.url.appendingPathComponent("import-\(seed).json")
            try Data(("[" + entries.joined(separator: ",") + "]").utf8).write(to: file)
            return try backend.performImport(from: file)
        }
        // (A one-letter name plus "x" is too short for the server's rules: skipped, and said.)
        for (count, seed) in [(100, 1), (100, 2), (3, 3)] as [(Int, UInt64)] {
            let report = try importing(count, seed: seed)
            XCTAssertEqual(report.imported + report.skipped.count, count)
            XCTAssertGreaterThan(report.imported, count / 2)
        }
        try await assertSameAsFetched(service, stored, queries: ["", "an", "same y", "łu"], locating: [1, 150, 203])
    }

    /// Contacts added again and again between the same two neighbours use up the room between them;
    /// their section is numbered again and the order stays right.
    func testASectionWithoutRoomIsNumberedAgain() async throws {
        let (backend, service, stored) = try open()
        for name in ["Sama", "Samz"] {
            _ = try await service.performCreate(ContactChanges(firstName: name, lastName: "Xx", email: "a@b.example", phoneNumber: "0812345678901"))
        }
        for _ in 0..<70 {
            _ = try await service.performCreate(ContactChanges(firstName: "Samb", lastName: "Xx", email: "a@b.example", phoneNumber: "0812345678901"))
        }
        let page = try await stored.obtainContacts(matching: "", at: 0..<100)
        XCTAssertEqual(page.map(\.id), [1] + Array(3...72) + [2])
        let positions = try backend.database.query("SELECT list_position AS p FROM contacts ORDER BY order_key, id").map { try $0.int64("p") ?? -1 }
        XCTAssertEqual(positions, positions.sorted())
        XCTAssertEqual(Set(positions).count, 72)
        let counted = try await stored.obtainIndex(matching: "samb", locating: 72)
        XCTAssertEqual(counted.sections, [ContactSection(letter: "S", count: 70)])
        XCTAssertEqual(counted.position, 69)
    }

    /// A store of version 1 (before the list was kept in SQL) gets its keys, positions and index on opening.
    /// A search's counts are kept for the pages that follow it, until the store changes, whoever
    /// changed it: another process (here a second connection) adding a match is seen at once.
    func testASearchSeesAnotherProcesssChange() async throws {
        let (_, service, stored) = try open()
        _ = try await service.performCreate(ContactChanges(firstName: "Anna", lastName: "Berg", email: "a@b.example", phoneNumber: "+6281234567890"))
        let before = try await stored.obtainIndex(matching: "anna", locating: nil)
        XCTAssertEqual(before.matchCount, 1)
        let (_, otherService, _) = try open()
        _ = try await otherService.performCreate(ContactChanges(firstName: "Anna", lastName: "Zed", email: "z@b.example", phoneNumber: "+6281234567891"))
        let after = try await stored.obtainIndex(matching: "anna", locating: nil)
        XCTAssertEqual(after.matchCount, 2, "the kept counts were of an older store")
        let page = try await stored.obtainContacts(matching: "anna", at: 0..<5)
        XCTAssertEqual(page.map(\.fullName), ["Anna Berg", "Anna Zed"])
    }

    func testAStoreOfTheFirstVersionIsListedWhenOpened() async throws {
        do {
            let database = try SQLiteDatabase.open(directory: folder.url, fileName: LocalContactsBackend.fileName)
            try database.execute("""
                CREATE TABLE contacts (
                  id INTEGER PRIMARY KEY AUTOINCREMENT,
                  first_name TEXT, last_name TEXT, email TEXT, phone_number TEXT,
                  favorite INTEGER DEFAULT 0,
                  created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
                  profile_pic_file_name TEXT, profile_pic_content_type TEXT,
                  profile_pic_file_size INTEGER, profile_pic_updated_at INTEGER);
                INSERT INTO contacts (first_name, last_name, created_at, updated_at) VALUES
                  ('Zoë', 'Adams', 't', 't'), ('Łukasz', 'Nowak', 't', 't'), (NULL, 'Anon', 't', 't'), ('anna', 'Zed', 't', 't');
                PRAGMA user_version = 1;
                """)
            database.close()
        }
        let (_, service, stored) = try open()
        let index = try await stored.obtainIndex(matching: "", locating: 2)
        XCTAssertEqual(index.sections.map(\.letter), ["A", "L", "Z"])
        XCTAssertEqual(index.position, 2)
        let page = try await stored.obtainContacts(matching: "", at: 0..<10)
        XCTAssertEqual(page.map(\.fullName), ["Anon", "anna Zed", "Łukasz Nowak", "Zoë Adams"])
        try await assertSameAsFetched(service, stored, queries: ["", "z", "lu"], locating: [1, 3])
    }

    // MARK: One matching rule

    /// Letters of several scripts, with the Latin letters that do not decompose, combining marks,
    /// fullwidth forms and digits: the names and queries of the differential test are made of them.
    private static let alphabets: [[String]] = [
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".map(String.init),
        "áàâäãåçéèêëíìîïñóòôöõúùûüýÿÁÉÍÓÚÄÖÜŁłØøĐđßÆæŒœıÞþÐðĦħŠšŽžČčĆćĘęĄąŃńŚśŹźŻż".map(String.init),
        ["e\u{301}", "a\u{308}", "o\u{302}", "n\u{303}", "\u{301}"],
        "абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ".map(String.init),
        "αβγδεζηθικλμνξοπρστυφχψωςάέήίόύώΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ".map(String.init),
        "山田太郎花子王小明李娜김민준서연".map(String.init),
        "אבגדהוזחטיכלמנסעפצקרשת".map(String.init),
        "ابتثجحخدذرزسشصضطظعغفقكلمنهوي".map(String.init),
        ["क", "्", "ष", "ि", "त", "र", "य", "ा", "ं"],
        "ＡＢＣａｂｃ０１２".map(String.init),
        "0123456789".map(String.init),
    ]
    private static let separators = [" ", "-", "'", ".", "  ", ", ", "·", "/"]

    /// The embedded store's SQL search (its FTS5 index) and the in-memory search of a fetched list give
    /// the same matches, in the same order, for generated names in several scripts and queries made
    /// from their words (prefixes, other case, other accents, several words, punctuation).
    func testTheStoresIndexAndTheInMemorySearchMatchTheSame() async throws {
        let (backend, service, stored) = try open()
        var generator = SeededGenerator(seed: 0x0_5EA_4C4)
        func word() -> String {
            let alphabet = Self.alphabets[Int.random(in: 0..<Self.alphabets.count, using: &generator)]
            return (0..<Int.random(in: 2...6, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }.joined()
        }
        func name() -> String {
            (0..<Int.random(in: 1...3, using: &generator)).map { _ in word() }
                .joined(separator: Self.separators.randomElement(using: &generator)!)
        }
        var names: [(String, String)] = []
        for _ in 0..<400 { names.append((name(), name())) }
        let entries = names.map { first, last in
            let json = try! JSONSerialization.data(withJSONObject: ["first_name": first, "last_name": last])
            return String(decoding: json, as: UTF8.self)
        }
        let file = folder.url.appendingPathComponent("names.json")
        try Data(("[" + entries.joined(separator: ",") + "]").utf8).write(to: file)
        let report = try backend.performImport(from: file)
        XCTAssertGreaterThan(report.imported, 300, "most generated names are valid")

        var queries = ["", " ", "-", "'"]
        for _ in 0..<150 {
            let (first, last) = names.randomElement(using: &generator)!
            let words = SearchQuery.words(ofFolded: [first, last].randomElement(using: &generator)!)
            guard let chosen = words.randomElement(using: &generator) else { continue }
            let prefix = String(chosen.unicodeScalars.prefix(Int.random(in: 1...chosen.unicodeScalars.count, using: &generator)))
            switch Int.random(in: 0..<5, using: &generator) {
            case 0: queries.append(prefix.uppercased())
            case 1: queries.append(prefix + " " + (words.randomElement(using: &generator).map(String.init) ?? ""))
            case 2: queries.append(SearchQuery.fold(prefix))
            case 3: queries.append("-" + prefix + ",")
            default: queries.append(prefix)
            }
        }
        for _ in 0..<30 { queries.append(String(word().unicodeScalars.prefix(Int.random(in: 1...2, using: &generator)))) }

        let fetched = FetchedContactDirectory(service: service)
        _ = try await fetched.performRefresh()
        var matched = 0
        for query in queries {
            let expected = await fetched.obtainIndex(matching: query, locating: nil)
            let actual = try await stored.obtainIndex(matching: query, locating: nil)
            XCTAssertEqual(actual, expected, "index of \(query.debugDescription)")
            let all = await fetched.obtainContacts(matching: query, at: 0..<expected.matchCount)
            let page = try await stored.obtainContacts(matching: query, at: 0..<(expected.matchCount + 1))
            XCTAssertEqual(page.map(\.id), all.map(\.id), "matches of \(query.debugDescription)")
            if !query.trimmingCharacters(in: .whitespaces).isEmpty, expected.matchCount > 0 { matched += 1 }
        }
        XCTAssertGreaterThan(matched, 120, "the queries find names: the comparison is not of empty results")
    }

    /// A store of version 2 split names a character at a time: on opening, the names whose words differ
    /// (a mark after punctuation) are split again, and found as the in-memory search finds them.
    func testAStoreOfVersionTwoHasItsWordsSplitAgain() async throws {
        do {
            let (_, service, _) = try open()
            _ = try await service.performCreate(ContactChanges(firstName: "Ann-\u{301}x", lastName: "Berg", email: "a@b.example",
                                                               phoneNumber: "0812345678901"))
            _ = try await service.performCreate(ContactChanges(firstName: "Zoë", lastName: "Adams", email: "z@b.example",
                                                               phoneNumber: "0812345678902"))
        }
        do {
            let database = try SQLiteDatabase.open(directory: folder.url, fileName: LocalContactsBackend.fileName)
            // What version 2 kept for a name whose mark outlives folding: the punctuation and its mark were
            // one "letter" of the word, which the index reads as a word starting with the mark.
            try database.execute("UPDATE contacts SET search_words = 'ann -\u{301}x berg' WHERE id = 1; PRAGMA user_version = 2")
            database.close()
        }
        let (_, service, stored) = try open()
        let found = try await stored.obtainContacts(matching: "x", at: 0..<5)
        XCTAssertEqual(found.map(\.id), [1])
        try await assertSameAsFetched(service, stored, queries: ["", "ann", "x", "zo"], locating: [1, 2])
    }
}
