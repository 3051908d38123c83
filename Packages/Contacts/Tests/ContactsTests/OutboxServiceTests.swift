import ContactsTesting
import Foundation
import HTTPClient
import HTTPClientLive
import ImageKitTesting
import Storage
import StorageTesting
import Synchronization
import NavigationTesting
import TestSupport
import XCTest
@testable import Contacts
import ContactsCore

/// The outbox of a contacts server, against a real server on 127.0.0.1: changes made while it
/// cannot be reached wait in `outbox.sqlite`, show on the list and the pages, and go out in order
/// when it answers again; a refusal is set aside for the form; a change that may have gone out is
/// looked up, never sent twice, by one process or two.
final class OutboxServiceTests: XCTestCase {
    private var server: LoopbackContactsServer!
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        server = try LoopbackContactsServer(seed: [
            ["first_name": "Ayu", "last_name": "Lestari", "email": "ayu@mail.example", "phone_number": "+6281234567890"],
            ["first_name": "Budi", "last_name": "Santoso", "email": "budi@mail.example", "phone_number": "+6281234567891"],
            ["first_name": "Citra", "last_name": "Dewi", "email": "citra@mail.example", "phone_number": "+6281234567892"],
        ])
        directory = try TemporaryDirectory()
    }

    override func tearDown() {
        server.stop()
    }

    private func http(_ base: URL? = nil, timeout: TimeInterval = 5) -> HTTPContactsService {
        HTTPContactsService(client: HTTPClient(transport: CurlTransport(timeout: timeout)), baseURL: base ?? server.baseURL)
    }

    /// The app's service: the server behind a switch (on: the live server; off: a port nobody listens on).
    private func outboxed(_ reachable: ServerSwitch, owner: String = Outbox.processOwner(), settle: TimeInterval = 0) throws -> OutboxContactsService {
        OutboxContactsService(server: reachable, outbox: try Outbox.open(directory: directory.url), baseURL: server.baseURL, owner: owner,
                              settle: settle)
    }

    private func reachableServer() throws -> ServerSwitch {
        let gone = try LoopbackContactsServer()
        gone.stop()
        return ServerSwitch(live: http(), gone: http(gone.baseURL, timeout: 2))
    }

    /// The owner name of a process of this machine that is no longer running: this one's id with another start.
    private func deadOwner() throws -> String {
        let parts = Outbox.processOwner().split(separator: "/").map(String.init)
        let started = try XCTUnwrap(parts.count == 3 ? Int(parts[2]) : nil, "no start time in \(parts)")
        return "\(parts[0])/\(parts[1])/\(started + 1)"
    }

    private func writes() async throws -> [String] {
        try await server.requests().filter { $0.method != "GET" }.map { "\($0.method) \($0.path)" }
    }

    func testChangesMadeWhileTheServerIsAwayWaitShowAndGoOutInOrderWhenItAnswers() async throws {
        let reachable = try reachableServer()
        let service = try outboxed(reachable)
        _ = try await service.obtainContact(id: 1)
        _ = try await service.obtainContact(id: 2)
        reachable.isOn = false

        let edited = try await service.performUpdate(id: 1, ContactChanges(email: "ayu@new.example"))
        XCTAssertEqual(edited.sync, .waiting(.update))
        XCTAssertEqual(edited.email, "ayu@new.example")
        XCTAssertEqual(edited.phoneNumber, "+6281234567890", "the rest as the page showed it")
        let favourite = try await service.performUpdate(id: 2, ContactChanges(favorite: true))
        XCTAssertEqual(favourite.sync, .waiting(.favorite))
        let created = try await service.performCreate(ContactChanges(firstName: "Dewi", lastName: "Lestari", email: "dewi@mail.example",
                                                                     phoneNumber: "+6281234567893", favorite: false,
                                                                     photo: PhotoUpload(filename: "d.png", contentType: "image/png",
                                                                                        data: ImageFixtures.tinyPNG, sourcePath: "~/d.png")))
        XCTAssertLessThan(created.id, 0, "a contact not created yet has a negative id")
        XCTAssertEqual(created.sync, .waiting(.create))
        try await service.performDelete(id: 3)
        // A change to the waiting contact goes into its waiting create.
        let renamed = try await service.performUpdate(id: created.id, ContactChanges(lastName: "Kusuma"))
        XCTAssertEqual(renamed.lastName, "Kusuma")
        let value1 = try await service.obtainContact(id: created.id).lastName
        XCTAssertEqual(value1, "Kusuma", "its page, from the outbox")
        let value2 = try await service.obtainContact(id: 1).email
        XCTAssertEqual(value2, "ayu@new.example", "a changed page shows the change while the server is away")
        let value3 = try await writes()
        XCTAssertEqual(value3, [], "nothing reached the server")
        let value4 = await service.obtainStatus()
        XCTAssertEqual(value4, ContactOutboxStatus(waiting: 4))

        reachable.isOn = true
        let before = try await service.obtainContacts().contacts
        XCTAssertEqual(before.map(\.fullName), ["Ayu Lestari", "Budi Santoso", "Dewi Kusuma"], "the delete hides its row meanwhile")
        XCTAssertEqual(before.map(\.sync), [.waiting(.update), .waiting(.favorite), .waiting(.create)])
        XCTAssertTrue(before[1].favorite)

        let report = await service.performSync()
        XCTAssertEqual(report, ContactSyncReport(sent: 4, waiting: 0))
        let value5 = try await writes()
        XCTAssertEqual(value5, ["PUT /contacts/1.json", "PUT /contacts/2.json", "POST /contacts.json", "DELETE /contacts/3.json"],
                       "each once, in the order they were made")
        let after = try await service.obtainContacts().contacts
        XCTAssertEqual(after.map(\.fullName).sorted(), ["Ayu Lestari", "Budi Santoso", "Dewi Kusuma"])
        XCTAssertEqual(after.compactMap(\.sync), [])
        let dewi = try XCTUnwrap(after.first { $0.firstName == "Dewi" })
        XCTAssertTrue(Contact.hasPicture(dewi.profilePic), "the photo went with it")
        let value6 = try await http().obtainContact(id: 1).email
        XCTAssertEqual(value6, "ayu@new.example")
        let value7 = await service.obtainStatus()
        XCTAssertEqual(value7, ContactOutboxStatus())
    }

    /// A change costs the same however many wait before it: it reads only the changes about its own
    /// contact (counted as entries decoded, not timed), and a favourite toggled again replaces the one
    /// still waiting, so the server gets each contact's last state once.
    func testAChangeCostsTheSameWhateverWaitsBeforeIt() async throws {
        let reachable = try reachableServer()
        let service = try outboxed(reachable)
        for id in 1...3 { _ = try await service.obtainContact(id: id) }
        reachable.isOn = false
        // Many changes of contacts that are not 1, 2 or 3 wait before (their pages are not needed to count them).
        let outbox = try Outbox.open(directory: directory.url)
        let filler = try JSONEncoder().encode(PendingContactWrite(kind: .update, contactID: 99, changes: ContactChanges(email: "x@mail.example"),
                                                                  base: nil, shown: Contact(id: 99, firstName: "Xa", lastName: "Filler")))
        for index in 0..<300 {
            try outbox.enqueue("update", payload: filler, in: OutboxContactsService.queue(for: server.baseURL), subject: String(1000 + index))
        }
        var decodedPerChange: [Int] = []
        for toggle in 0..<120 {
            let before = service.payloadsDecoded.load(ordering: .relaxed)
            _ = try await service.performUpdate(id: toggle % 3 + 1, ContactChanges(favorite: toggle % 2 == 0))
            decodedPerChange.append(service.payloadsDecoded.load(ordering: .relaxed) - before)
        }
        XCTAssertLessThanOrEqual(decodedPerChange.max() ?? 0, 1, "a toggle reads its contact's one waiting favourite: \(decodedPerChange)")
        let status = await service.obtainStatus()
        XCTAssertEqual(status.waiting, 300 + 3, "one favourite per contact, holding its last state")
        // Toggles 117, 118, 119 were the last for contacts 1, 2 and 3 (odd: off, even: on).
        var pages: [Contact] = []
        for id in 1...3 { pages.append(try await service.obtainContact(id: id)) }
        XCTAssertEqual(pages.map(\.favorite), [false, true, false])
        XCTAssertEqual(pages.map(\.sync), [.waiting(.favorite), .waiting(.favorite), .waiting(.favorite)])
    }

    /// A 503 or 429 with `Retry-After` is honoured (up to an hour): nothing goes to the server before
    /// then, neither in this run nor in the next one, which reads the wait from the outbox.
    func testRetryAfterIsHonouredAcrossRuns() async throws {
        let pacing = ServerPacing()
        let paced = HTTPContactsService(client: HTTPClient(transport: PacedTransport(CurlTransport(timeout: 5), pacing: pacing)),
                                        baseURL: server.baseURL)
        let gone = try LoopbackContactsServer()
        gone.stop()
        let reachable = ServerSwitch(live: paced, gone: http(gone.baseURL, timeout: 2))
        let service = OutboxContactsService(server: reachable, outbox: try Outbox.open(directory: directory.url), baseURL: server.baseURL,
                                            pacing: pacing)
        _ = try await service.obtainContact(id: 1)
        reachable.isOn = false
        let edited = try await service.performUpdate(id: 1, ContactChanges(email: "ayu@new.example"))
        XCTAssertEqual(edited.sync, .waiting(.update))
        reachable.isOn = true
        try await server.failNext(status: 503, method: "PUT", headers: ["Retry-After": "3600"])
        let first = await service.performSync()
        XCTAssertEqual(first.sent, 0)
        let resumesAt = try XCTUnwrap(first.resumesAt)
        XCTAssertEqual(resumesAt.timeIntervalSinceNow, 3600, accuracy: 60)
        XCTAssertEqual(ContactsTexts.waiting(ContactOutboxStatus(waiting: 1), resumesAt: Date(timeIntervalSince1970: 75_600),
                                             timeZone: TimeZone(identifier: "UTC")!),
                       "1 change waiting to sync (the server asked to wait until 21:00)")
        _ = try await service.performUpdate(id: 1, ContactChanges(lastName: "Wijaya"))
        let writesBefore = try await writes()
        XCTAssertEqual(writesBefore, ["PUT /contacts/1.json"], "only the refused attempt: nothing else went while the server asked to wait")

        // The next run: a new process, its own pacing, the same outbox.
        let nextRun = OutboxContactsService(server: http(), outbox: try Outbox.open(directory: directory.url), baseURL: server.baseURL,
                                            pacing: ServerPacing())
        let again = await nextRun.performSync()
        XCTAssertEqual(again.sent, 0)
        XCTAssertEqual(again.waiting, 2)
        XCTAssertEqual(try XCTUnwrap(again.resumesAt).timeIntervalSince(resumesAt), 0, accuracy: 1)
        let writesAfter = try await writes()
        XCTAssertEqual(writesAfter, ["PUT /contacts/1.json"], "the next run waits too")
        XCTAssertEqual(ServerPacing.retryAfter("999999999999999999999"), ServerPacing.longestWait, "at most an hour")
        XCTAssertEqual(ServerPacing.retryAfter("Wed, 21 Oct 2015 07:28:00 GMT", now: Date(timeIntervalSince1970: 1_445_412_420)), 60)
        XCTAssertNil(ServerPacing.retryAfter("soon"))
        XCTAssertEqual(ServerPacing.retryAfter("Sun Nov  6 08:49:37 1994", now: Date(timeIntervalSince1970: 784_111_717)), 60, "asctime")
        XCTAssertEqual(ServerPacing.retryAfter("Sunday, 06-Nov-94 08:49:37 GMT", now: Date(timeIntervalSince1970: 784_111_717)), 60, "RFC 850")
    }

    /// A change sent at once and answered "not now" (429 with Retry-After) waits, instead of being
    /// said as refused and dropped, and nothing goes until the wait is over.
    func testAChangeAnsweredNotNowWaitsForTheTimeAsked() async throws {
        let pacing = ServerPacing()
        let paced = HTTPContactsService(client: HTTPClient(transport: PacedTransport(CurlTransport(timeout: 5), pacing: pacing)),
                                        baseURL: server.baseURL)
        let service = OutboxContactsService(server: paced, outbox: try Outbox.open(directory: directory.url), baseURL: server.baseURL,
                                            pacing: pacing)
        _ = try await service.obtainContact(id: 1)
        try await server.failNext(status: 429, method: "PUT", headers: ["Retry-After": "120"])
        let edited = try await service.performUpdate(id: 1, ContactChanges(email: "ayu@new.example"))
        XCTAssertEqual(edited.sync, .waiting(.update))
        let report = await service.performSync()
        XCTAssertEqual(report.waiting, 1)
        XCTAssertEqual(try XCTUnwrap(report.resumesAt).timeIntervalSinceNow, 120, accuracy: 30)
        let sent = try await writes()
        XCTAssertEqual(sent, ["PUT /contacts/1.json"], "asked once, then left alone")
    }

    /// A server that tidies what it was sent (an email in lower case, a phone number written another
    /// way) still answers with the contact sent: only another person's names make another contact.
    func testAnAnswerIsTheContactSentWhenItsNamesAre() {
        let write = PendingContactWrite(kind: .create, contactID: nil, changes: ContactChanges(firstName: "Dewi", lastName: "Kusuma",
                                                                                              email: "Dewi@Mail.example", phoneNumber: "0812 345"),
                                        base: nil, shown: Contact(id: 0, firstName: "Dewi", lastName: "Kusuma"))
        XCTAssertTrue(ContactOutboxSender.answerMatches(Contact(id: 9, firstName: "dewi ", lastName: "KUSUMA", email: "dewi@mail.example",
                                                                  phoneNumber: "+62812345"), write))
        XCTAssertFalse(ContactOutboxSender.answerMatches(Contact(id: 1, firstName: "Ayu", lastName: "Lestari"), write))
    }

    /// A 201 that names another contact than the one sent is not taken for it: the change waits, is
    /// looked up on the server, and its id leads to the contact made, never to the one named.
    func testACreateAnsweredWithAnotherContactWaitsAndIsLookedUp() async throws {
        let service = try outboxed(ServerSwitch(live: http(), gone: http()))
        _ = try await service.obtainContacts()
        try await server.swapNext(method: "POST")
        let created = try await service.performCreate(ContactChanges(firstName: "Dewi", lastName: "Kusuma", email: "dewi@mail.example",
                                                                     phoneNumber: "+6281234567893", favorite: false))
        XCTAssertEqual(created.sync, .waiting(.create), "not taken for Ayu Lestari, whom the answer named")
        XCTAssertLessThan(created.id, 0)
        let status = await service.obtainStatus()
        XCTAssertEqual(status.waiting, 1)
        let report = await service.performSync()
        XCTAssertEqual(report.sent, 1, "found on the server, not sent twice")
        let posts = try await writes().filter { $0.hasPrefix("POST") }
        XCTAssertEqual(posts.count, 1)
        let page = try await service.obtainContact(id: created.id)
        XCTAssertEqual(page.fullName, "Dewi Kusuma")
        XCTAssertGreaterThan(page.id, 3)

        // Sent from the outbox and answered with another contact: it waits, and says why.
        let gone = try reachableServer()
        let later = try outboxed(gone)
        _ = try await later.obtainContacts()
        gone.isOn = false
        _ = try await later.performCreate(ContactChanges(firstName: "Eka", lastName: "Putri", email: "eka@mail.example",
                                                         phoneNumber: "+6281234567894", favorite: false))
        gone.isOn = true
        try await server.swapNext(method: "POST")
        let swapped = await later.performSync()
        XCTAssertEqual(swapped.sent, 0)
        XCTAssertEqual(swapped.stoppedBy, .answeredAnotherContact)
        XCTAssertEqual(ContactsTexts.message(for: .answeredAnotherContact),
                       "The server answered with another contact than the one sent; the change is looked up there before it goes again.",
                       "the list's words, not the service's")
        XCTAssertEqual(ContactsTexts.reason(.answeredAnotherContact), "the server answered with another contact than the one sent")
        XCTAssertEqual(swapped.waiting, 1)
        let settled = await later.performSync()
        XCTAssertEqual(settled.sent, 1, "looked up and found, not created again")
        let created2 = try await writes().filter { $0.hasPrefix("POST") }
        XCTAssertEqual(created2.count, 2)
    }

    /// Changes queued under another spelling of the server's address (an older version keyed them as
    /// typed) are this server's: shown, counted and sent; changes for another server are said to wait for it.
    func testChangesUnderAnotherSpellingOfTheAddressAreThisServersAndOthersAreNamed() async throws {
        let reachable = try reachableServer()
        let service = try outboxed(reachable)
        _ = try await service.obtainContact(id: 1)
        reachable.isOn = false
        _ = try await service.performUpdate(id: 1, ContactChanges(email: "ayu@new.example"))
        // As an older version wrote it: the address as typed (with a slash), and no subject.
        let typed = "contacts http://127.0.0.1:\(server.baseURL.port ?? 0)/"
        let database = try SQLiteDatabase.open(directory: directory.url, fileName: Outbox.fileName)
        try database.execute("UPDATE outbox SET queue = ?, subject = NULL", [.text(typed)])
        database.close()

        let port = server.baseURL.port ?? 0
        let elsewhere = OutboxContactsService(server: reachable, outbox: try Outbox.open(directory: directory.url),
                                              baseURL: URL(string: "http://localhost:\(port)")!)
        let other = await elsewhere.obtainStatus()
        XCTAssertEqual(other.waiting, 0)
        XCTAssertEqual(other.elsewhere, [.init(server: "http://127.0.0.1:\(port)", changes: 1)], "one spelling")
        XCTAssertEqual(ContactsTexts.waiting(other), "1 change waits for http://127.0.0.1:\(port); it is sent when you open it again")

        reachable.isOn = true
        let spelledAgain = OutboxContactsService(server: reachable, outbox: try Outbox.open(directory: directory.url),
                                                 baseURL: URL(string: "HTTP://127.0.0.1:\(port)/")!)
        let status = await spelledAgain.obtainStatus()
        XCTAssertEqual(status, ContactOutboxStatus(waiting: 1))
        let page = try await spelledAgain.obtainContact(id: 1)
        XCTAssertEqual(page.email, "ayu@new.example", "the waiting change shows on its page")
        let report = await spelledAgain.performSync()
        XCTAssertEqual(report.sent, 1)
        let sent = try await http().obtainContact(id: 1).email
        XCTAssertEqual(sent, "ayu@new.example")
        let queues = try Outbox.open(directory: directory.url).queues()
        XCTAssertEqual(queues.map(\.queue), [], "nothing waits, under any name")
    }

    /// The server itself goes away mid-session and comes back at its address: one service throughout.
    func testTheServerGoesAwayAndComesBackMidSession() async throws {
        let service = OutboxContactsService(server: http(timeout: 2), outbox: try Outbox.open(directory: directory.url), baseURL: server.baseURL)
        _ = try await service.obtainContact(id: 1)
        let port = server.port
        server.stop()
        let waiting = try await service.performUpdate(id: 1, ContactChanges(favorite: true))
        XCTAssertEqual(waiting.sync, .waiting(.favorite))
        let away = await service.performSync()
        XCTAssertEqual(away.sent, 0)
        XCTAssertEqual(away.waiting, 1)
        guard case .unavailable(.noConnection)? = away.stoppedBy else { return XCTFail("\(String(describing: away.stoppedBy))") }
        server = try LoopbackContactsServer(seed: [["first_name": "Ayu", "last_name": "Lestari", "email": "ayu@mail.example",
                                                   "phone_number": "+6281234567890"]], port: port)
        let back = await service.performSync()
        XCTAssertEqual(back, ContactSyncReport(sent: 1, waiting: 0))
        let saved = try await http().obtainContact(id: 1)
        XCTAssertTrue(saved.favorite)
    }

    /// Changes wait behind the ones before them even when the server is back: the server gets every
    /// change in the order it was made.
    func testAChangeMadeWhileOthersWaitGoesBehindThem() async throws {
        let reachable = try reachableServer()
        let service = try outboxed(reachable)
        reachable.isOn = false
        _ = try await service.performUpdate(id: 1, ContactChanges(firstName: "Ayuni"))
        reachable.isOn = true
        let second = try await service.performUpdate(id: 1, ContactChanges(firstName: "Ayu"))
        XCTAssertEqual(second.sync, .waiting(.update), "not sent ahead of the first")
        let value8 = try await writes()
        XCTAssertEqual(value8, [])
        _ = await service.performSync()
        let value9 = try await http().obtainContact(id: 1).firstName
        XCTAssertEqual(value9, "Ayu", "the last change made is the last one the server got")
    }

    func testAChangeTheServerRefusesIsSetAsideForTheFormAndTheRestGoOn() async throws {
        let reachable = try reachableServer()
        let service = try outboxed(reachable)
        for id in 1...3 { _ = try await service.obtainContact(id: id) } // the pages the changes were made on
        reachable.isOn = false
        _ = try await service.performUpdate(id: 1, ContactChanges(email: "not an email"))
        _ = try await service.performUpdate(id: 2, ContactChanges(lastName: "Gone"))
        _ = try await service.performUpdate(id: 3, ContactChanges(favorite: true))
        _ = try await service.performUpdate(id: 1, ContactChanges(favorite: true))
        reachable.isOn = true
        // Deleted elsewhere meanwhile.
        try await http().performDelete(id: 2)
        try await http().performDelete(id: 3)

        let report = await service.performSync()
        XCTAssertEqual(report.sent, 1, "the favourite after the refused edit went")
        XCTAssertEqual(report.refused, ["Ayu Lestari", "Budi Gone"])
        XCTAssertEqual(report.dropped, [DroppedContactWrite(name: "Citra Dewi", kind: .favorite, refusal: .gone)],
                       "a favourite holds nothing typed: dropped, and named")
        let value10 = await service.obtainStatus()
        XCTAssertEqual(value10, ContactOutboxStatus(waiting: 0, refused: 2))
        let value11 = try await http().obtainContact(id: 1).favorite
        XCTAssertTrue(value11)

        let rows = try await service.obtainContacts().contacts
        XCTAssertEqual(rows.map(\.sync), [.refused(.update, .invalid(["Email is invalid"])), .refused(.update, .gone)],
                       "the refused edits' rows say so, the one of a contact deleted meanwhile too")
        let refusedWrite = await service.obtainRefusedWrite(contactID: 1)
        let refused = try XCTUnwrap(refusedWrite)
        XCTAssertEqual(refused.refusal, .invalid(["Email is invalid"]))
        XCTAssertEqual(refused.write.shown.email, "not an email", "everything typed is kept")
        XCTAssertEqual(refused.write.base?.email, "ayu@mail.example")
        let goneWrite = await service.obtainRefusedWrite(contactID: 2)
        let gone = try XCTUnwrap(goneWrite)
        XCTAssertEqual(gone.refusal, .gone)
        XCTAssertEqual(gone.write.shown.lastName, "Gone")

        await service.performDiscard(refused)
        await service.performDiscard(gone)
        let value12 = await service.obtainStatus()
        XCTAssertEqual(value12, ContactOutboxStatus())
        let value13 = try await service.obtainContacts().contacts.compactMap(\.sync)
        XCTAssertEqual(value13, [])
    }

    /// A create whose answer never came (a timeout) waits, and is looked up before it is sent again:
    /// the server, which did save it, gets it once.
    func testACreateThatTimedOutIsLookedUpAndNotSentTwice() async throws {
        let clock = Mutex(Date())
        let service = OutboxContactsService(server: http(timeout: 0.5), outbox: try Outbox.open(directory: directory.url), baseURL: server.baseURL,
                                            settle: 2, now: { clock.withLock { $0 } })
        try await server.hangNext(seconds: 1.2, method: "POST")
        let created = try await service.performCreate(ContactChanges(firstName: "Eka", lastName: "Putri", email: "eka@mail.example",
                                                                     phoneNumber: "+6281234567894", favorite: false))
        XCTAssertEqual(created.sync, .waiting(.create), "no answer: kept, and said so")
        let early = await service.performSync()
        XCTAssertEqual(early, ContactSyncReport(sent: 0, waiting: 1, stoppedBy: nil), "the slow request may still land: not looked up yet")
        // The server carries out the slow request; then the settling time passes (on the service's clock).
        await waitUntil("the slow create has landed", asking: { try await self.http().obtainContacts().contacts.contains { $0.firstName == "Eka" } })
        clock.withLock { $0 += 2.1 }
        let report = await service.performSync()
        XCTAssertEqual(report.sent, 1)
        let value14 = try await writes()
        XCTAssertEqual(value14, ["POST /contacts.json"], "found on the server, not sent again")
        let value15 = try await http().obtainContacts().contacts.filter { $0.firstName == "Eka" }.count
        XCTAssertEqual(value15, 1)
    }

    /// A process killed while sending: the next one (its claim lapses at once, the process is gone)
    /// looks on the server first, and sends only what did not arrive.
    func testChangesAProcessDiedSendingAreLookedUpBeforeTheyGoAgain() async throws {
        let outbox = try Outbox.open(directory: directory.url)
        let queue = "contacts " + server.baseURL.absoluteString
        let dead = try deadOwner()
        func sendingByTheDead(_ write: PendingContactWrite) throws {
            try outbox.enqueue(write.kind.rawValue, payload: try JSONEncoder().encode(write), in: queue)
            let claimed = try XCTUnwrap(try outbox.claimNext(in: queue, owner: dead))
            XCTAssertTrue(try outbox.markSending(claimed.id, owner: dead))
        }
        let arrived = ContactChanges(firstName: "Fajar", lastName: "Nugroho", email: "f@mail.example", phoneNumber: "+6281234567895", favorite: false)
        try sendingByTheDead(PendingContactWrite(kind: .create, contactID: nil, changes: arrived, base: nil,
                                                 shown: Contact(id: 0, firstName: "Fajar", lastName: "Nugroho")))
        _ = try await http().performCreate(arrived) // it did reach the server before the process died
        let service = try outboxed(ServerSwitch(live: http(), gone: http()))
        let value16 = await service.performSync().sent
        XCTAssertEqual(value16, 1)

        let update = ContactChanges(phoneNumber: "+6280000000001")
        try sendingByTheDead(PendingContactWrite(kind: .update, contactID: 1, changes: update, base: nil, shown: Contact(id: 1, firstName: "Ayu", lastName: "Lestari")))
        _ = try await http().performUpdate(id: 1, update)
        let lost = ContactChanges(phoneNumber: "+6280000000002")
        // This one never left: the process died before the request went out.
        let value17 = await service.performSync().sent
        XCTAssertEqual(value17, 1)
        try sendingByTheDead(PendingContactWrite(kind: .update, contactID: 2, changes: lost, base: nil, shown: Contact(id: 2, firstName: "Budi", lastName: "Santoso")))
        let value18 = await service.performSync().sent
        XCTAssertEqual(value18, 1)

        let value19 = try await writes()
        XCTAssertEqual(value19, ["POST /contacts.json", "PUT /contacts/1.json", "PUT /contacts/2.json"], "each change reached the server once")
        let value20 = try await http().obtainContact(id: 2).phoneNumber
        XCTAssertEqual(value20, "+6280000000002")
    }

    /// A change that may have gone out moments ago is given the requests' timeout to land before it is
    /// looked up: a request still on its way would otherwise be sent a second time.
    func testAChangeThatMayStillBeOnItsWayIsGivenTimeToLand() async throws {
        let outbox = try Outbox.open(directory: directory.url)
        let queue = "contacts " + server.baseURL.absoluteString
        let dead = try deadOwner()
        let write = PendingContactWrite(kind: .favorite, contactID: 1, changes: ContactChanges(favorite: true), base: nil,
                                        shown: Contact(id: 1, firstName: "Ayu", lastName: "Lestari", favorite: true))
        try outbox.enqueue("favorite", payload: try JSONEncoder().encode(write), in: queue)
        let claimed = try XCTUnwrap(try outbox.claimNext(in: queue, owner: dead))
        XCTAssertTrue(try outbox.markSending(claimed.id, owner: dead))
        let service = try outboxed(ServerSwitch(live: http(), gone: http()), settle: 30)
        let report = await service.performSync()
        XCTAssertEqual(report, ContactSyncReport(sent: 0, waiting: 1, stoppedBy: nil))
        let value21 = try await server.requests()
        XCTAssertEqual(value21, [], "not even looked up yet")
    }

    /// Two processes on one data directory replaying one outbox at once: every change reaches the
    /// server once, in order.
    func testTwoProcessesReplayingOneOutboxSendEachChangeOnce() async throws {
        let reachable = try reachableServer()
        let maker = try outboxed(reachable)
        reachable.isOn = false
        let count = 24
        for index in 0..<count {
            _ = try await maker.performCreate(ContactChanges(firstName: "Guest", lastName: "N\(index)", email: "g\(index)@mail.example",
                                                             phoneNumber: "+62812000000\(String(format: "%02d", index))", favorite: false))
        }
        let first = try outboxed(ServerSwitch(live: http(), gone: http()), owner: "process A")
        let second = try outboxed(ServerSwitch(live: http(), gone: http()), owner: "process B")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for service in [first, second] {
                group.addTask {
                    for _ in 0..<400 {
                        let report = await service.performSync()
                        if report.waiting == 0 { return }
                        try await Task.sleep(for: .milliseconds(5))
                    }
                }
            }
            try await group.waitForAll()
        }
        let value22 = try await writes().count
        XCTAssertEqual(value22, count, "no change sent twice")
        let names = try await http().obtainContacts().contacts.map(\.lastName).filter { $0.hasPrefix("N") }
        XCTAssertEqual(names.sorted(), (0..<count).map { "N\($0)" }.sorted())
        let order = try await server.requests().filter { $0.method == "POST" }.map { request -> String in
            let body = try JSONSerialization.jsonObject(with: request.body) as? [String: [String: Any]]
            return body?["contact"]?["last_name"] as? String ?? ""
        }
        XCTAssertEqual(order, (0..<count).map { "N\($0)" }, "in the order they were made")
    }

    /// A photo change made while the server could not be reached at all goes out as it is (it never
    /// reached the server, so it is not looked up: the contact already has a picture, but not this one).
    func testAPhotoChangeThatNeverWentOutIsSent() async throws {
        let reachable = try reachableServer()
        let service = try outboxed(reachable)
        let first = PhotoUpload(filename: "a.png", contentType: "image/png", data: ImageFixtures.tinyPNG)
        _ = try await service.performUpdate(id: 1, ContactChanges(photo: first))
        reachable.isOn = false
        let second = PhotoUpload(filename: "b.png", contentType: "image/png", data: ImageFixtures.tinyPNG)
        let waiting = try await service.performUpdate(id: 1, ContactChanges(photo: second))
        XCTAssertEqual(waiting.sync, .waiting(.update))
        reachable.isOn = true
        let report = await service.performSync()
        XCTAssertEqual(report.sent, 1)
        let value = try await writes()
        XCTAssertEqual(value, ["PUT /contacts/1.json", "PUT /contacts/1.json"])
        let picture = try await http().obtainContact(id: 1).profilePic
        XCTAssertTrue(picture.contains("b.png"), picture)
    }

    /// A contact added offline keeps its row id after it is sent: its page, a favourite or a delete
    /// made with the old id reach the contact the server made.
    func testTheIdOfAContactAddedOfflineLeadsToTheServersContactOnceSent() async throws {
        let reachable = try reachableServer()
        let service = try outboxed(reachable)
        reachable.isOn = false
        let created = try await service.performCreate(ContactChanges(firstName: "Hana", lastName: "Sari", email: "h@mail.example",
                                                                     phoneNumber: "+6281234567896", favorite: false))
        reachable.isOn = true
        _ = await service.performSync()
        let page = try await service.obtainContact(id: created.id)
        XCTAssertEqual(page.id, 4, "the server's contact")
        XCTAssertNil(page.sync)
        let favourite = try await service.performUpdate(id: created.id, ContactChanges(favorite: true))
        XCTAssertEqual(favourite.id, 4)
        try await service.performDelete(id: created.id)
        let value = try await writes()
        XCTAssertEqual(value, ["POST /contacts.json", "PUT /contacts/4.json", "DELETE /contacts/4.json"])
    }

    /// A new contact that may have reached the server (its answer timed out) is not changed in the
    /// outbox: an edit and a delete follow it, and reach the contact the server made, once, in order.
    func testChangesToAContactAddedThatMayHaveReachedTheServerFollowIt() async throws {
        let clock = Mutex(Date())
        let service = OutboxContactsService(server: http(timeout: 0.5), outbox: try Outbox.open(directory: directory.url), baseURL: server.baseURL,
                                            settle: 1.5, now: { clock.withLock { $0 } })
        try await server.hangNext(seconds: 1, method: "POST")
        let created = try await service.performCreate(ContactChanges(firstName: "Indah", lastName: "Permata", email: "i@mail.example",
                                                                     phoneNumber: "+6281234567897", favorite: false))
        XCTAssertEqual(created.sync, .waiting(.create))
        let renamed = try await service.performUpdate(id: created.id, ContactChanges(lastName: "Sari"))
        XCTAssertEqual(renamed.id, created.id, "still the waiting contact's row")
        XCTAssertEqual(renamed.lastName, "Sari")
        let page = try await service.obtainContact(id: created.id)
        XCTAssertEqual(page.fullName, "Indah Sari", "its page shows the change that follows it")
        let row = try await service.obtainContacts().contacts.first { $0.id == created.id }
        XCTAssertEqual(row?.fullName, "Indah Sari")
        try await service.performDelete(id: created.id)
        let hidden = try await service.obtainContacts().contacts.contains { $0.id == created.id }
        XCTAssertFalse(hidden, "a delete that follows hides the row")

        await waitUntil("the slow create has landed", asking: { try await self.http().obtainContacts().contacts.contains { $0.firstName == "Indah" } })
        clock.withLock { $0 += 1.6 }
        let report = await service.performSync()
        XCTAssertEqual(report, ContactSyncReport(sent: 3, waiting: 0))
        let value = try await writes()
        XCTAssertEqual(value, ["POST /contacts.json", "PUT /contacts/4.json", "DELETE /contacts/4.json"], "found, not posted again; then each once")
    }

    /// A 422 on a change sent at once is the form's: nothing is left in the outbox.
    /// A new contact the server refused is corrected through its row's form, not changed or deleted
    /// again: both say why, in the feature's words (the error is a case, not an English detail).
    func testAContactTheServerRefusedToCreateIsNotChangedAgain() async throws {
        let reachable = try reachableServer()
        let service = try outboxed(reachable)
        reachable.isOn = false
        let created = try await service.performCreate(ContactChanges(firstName: "Eka", lastName: "Putri", email: "not an email",
                                                                     phoneNumber: "+6281234567894", favorite: false))
        reachable.isOn = true
        let report = await service.performSync()
        XCTAssertEqual(report.refused, ["Eka Putri"])
        do {
            _ = try await service.performUpdate(id: created.id, ContactChanges(lastName: "Sari"))
            XCTFail("a refused create is changed through its form")
        } catch {
            XCTAssertEqual(error, .refusedWhileWaiting)
            XCTAssertEqual(ContactsTexts.message(for: error),
                           "The server refused this new contact: enter on its row in the list brings it back to correct it.")
        }
        do {
            try await service.performDelete(id: created.id)
            XCTFail("a refused create is discarded from its form")
        } catch {
            XCTAssertEqual(error, .refusedWhileWaiting)
        }
    }

    func testARefusalOfAChangeSentAtOnceLeavesNothingBehind() async throws {
        let service = try outboxed(ServerSwitch(live: http(), gone: http()))
        do {
            _ = try await service.performUpdate(id: 1, ContactChanges(email: "not an email"))
            XCTFail("a 422 is an error")
        } catch {
            XCTAssertEqual(error, .invalid(["Email is invalid"]))
        }
        let status = await service.obtainStatus()
        XCTAssertEqual(status, ContactOutboxStatus())
    }

    /// An edit the server refused comes back on the contact as the server has it now: a later change
    /// that did reach the server is not undone by saving the refused one again.
    func testARefusedEditComesBackOnTheContactAsTheServerHasItNow() async throws {
        let reachable = try reachableServer()
        let service = try outboxed(reachable)
        _ = try await service.obtainContact(id: 1)
        reachable.isOn = false
        _ = try await service.performUpdate(id: 1, ContactChanges(email: "bad email"))
        _ = try await service.performUpdate(id: 1, ContactChanges(lastName: "Wijaya"))
        reachable.isOn = true
        let report = await service.performSync()
        XCTAssertEqual(report.sent, 1)
        XCTAssertEqual(report.refused, ["Ayu Lestari"])
        let row = try await service.obtainContacts().contacts.first { $0.id == 1 }
        XCTAssertEqual(row?.lastName, "Wijaya", "the server's name")
        XCTAssertEqual(row?.sync, .refused(.update, .invalid(["Email is invalid"])), "marked: one change was refused")
        let refusedWrite = await service.obtainRefusedWrite(contactID: 1)
        let refused = try XCTUnwrap(refusedWrite)
        let values = ContactFormInteractor.values(of: refused)
        XCTAssertEqual(values.lastName, "Wijaya", "the later change stays")
        XCTAssertEqual(values.email, "bad email", "what was typed")
    }

    /// Another answer that sending again cannot change (a 400) sets the change aside instead of
    /// holding up the changes after it for ever.
    func testAChangeTheServerAnswersWith400IsSetAside() async throws {
        let reachable = try reachableServer()
        let service = try outboxed(reachable)
        _ = try await service.obtainContact(id: 1)
        reachable.isOn = false
        _ = try await service.performUpdate(id: 1, ContactChanges(firstName: "Ayuni"))
        _ = try await service.performUpdate(id: 2, ContactChanges(favorite: true))
        reachable.isOn = true
        try await server.failNext(status: 400, method: "PUT")
        let report = await service.performSync()
        XCTAssertEqual(report.refused, ["Ayuni Lestari"])
        XCTAssertEqual(report.sent, 1)
        let status = await service.obtainStatus()
        XCTAssertEqual(status, ContactOutboxStatus(waiting: 0, refused: 1))
        let refusedWrite = await service.obtainRefusedWrite(contactID: 1)
        XCTAssertEqual(refusedWrite?.refusal, .status(400))
    }

    /// Looking for a contact that may have been created, one that was on the server before does not count.
    func testAnOlderContactWithTheSameValuesIsNotTakenForTheNewOne() async throws {
        let same = ContactChanges(firstName: "Ayu", lastName: "Lestari", email: "ayu@mail.example", phoneNumber: "+6281234567890")
        let older = await http().obtainCreatedContact(same)
        guard case .found(let contact) = older else { return XCTFail("\(older)") }
        XCTAssertEqual(contact.id, 1)
        let newer = await http().obtainCreatedContact(same, newerThan: 3)
        XCTAssertEqual(newer, .absent)
    }

    /// A failure the server answers (a 500) is not the server being away: it is said, not kept.
    func testAServerErrorIsNotKeptForLater() async throws {
        let service = try outboxed(ServerSwitch(live: http(), gone: http()))
        try await server.failNext(status: 500, method: "PUT")
        do {
            _ = try await service.performUpdate(id: 1, ContactChanges(firstName: "X"))
            XCTFail("a 500 is an error")
        } catch {
            XCTAssertEqual(error, .unavailable(.status(code: 500)))
        }
        let value23 = await service.obtainStatus()
        XCTAssertEqual(value23, ContactOutboxStatus())
    }

    /// The sender's one table: a delete answered 404 is done, sent at once as in a pass (the contact is
    /// gone, as asked), while an edit answered 404 is the person's again.
    func testADeleteOfAContactGoneElsewhereIsDoneAtOnceAndInAPass() async throws {
        let reachable = try reachableServer()
        let service = try outboxed(reachable)
        try await http().performDelete(id: 1)
        try await service.performDelete(id: 1)
        let afterAtOnce = await service.obtainStatus()
        XCTAssertEqual(afterAtOnce, ContactOutboxStatus(), "nothing waits, nothing refused")
        do {
            _ = try await service.performUpdate(id: 1, ContactChanges(firstName: "Ayuni"))
            XCTFail("an edit of a contact gone is an error at once")
        } catch {
            XCTAssertEqual(error, .notFound)
        }
        _ = try await service.obtainContact(id: 2)
        reachable.isOn = false
        try await service.performDelete(id: 2)
        try await http().performDelete(id: 2)
        reachable.isOn = true
        let report = await service.performSync()
        XCTAssertEqual(report.sent, 1, "the delete answered 404 counts as sent")
        XCTAssertEqual(report.dropped, [])
        let afterPass = await service.obtainStatus()
        XCTAssertEqual(afterPass, ContactOutboxStatus())
    }
}

/// The server as the app sees it across a lost connection: the live one, or one nobody answers at.
final class ServerSwitch: ContactsService {
    private let live: any ContactsService
    private let gone: any ContactsService
    private let on = Mutex(true)

    init(live: any ContactsService, gone: any ContactsService) {
        self.live = live
        self.gone = gone
    }

    var isOn: Bool {
        get { on.withLock { $0 } }
        set { on.withLock { $0 = newValue } }
    }

    private var current: any ContactsService { isOn ? live : gone }

    func obtainContacts() async throws(ContactsError) -> ContactList { try await current.obtainContacts() }
    func obtainContact(id: Int) async throws(ContactsError) -> Contact { try await current.obtainContact(id: id) }
    func performCreate(_ changes: ContactChanges) async throws(ContactsError) -> Contact { try await current.performCreate(changes) }
    func performUpdate(id: Int, _ changes: ContactChanges) async throws(ContactsError) -> Contact { try await current.performUpdate(id: id, changes) }
    func performDelete(id: Int) async throws(ContactsError) { try await current.performDelete(id: id) }
    func pictureURL(for profilePic: String) -> URL? { live.pictureURL(for: profilePic) }
}
