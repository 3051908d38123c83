import ContactsCore
import XCTest
@testable import Contacts

/// The outbox's changes over the server's contacts, as pure values: what the list and a page show
/// while changes wait, and after the server refused one.
final class OutboxOverlayTests: XCTestCase {
    private let ana = Contact(id: 1, firstName: "Ana", lastName: "Lima")
    private let bo = Contact(id: 2, firstName: "Bo", lastName: "Berg")

    private func write(_ entry: Int64, _ kind: ContactWriteKind, id: Int?, _ changes: ContactChanges, base: Contact? = nil,
                       refused: ContactRefusal? = nil) -> QueuedWrite {
        let shown = (base ?? Contact(id: id ?? 0, firstName: changes.firstName ?? "", lastName: changes.lastName ?? "")).applying(changes)
        let pending = PendingContactWrite(kind: kind, contactID: id, changes: changes, base: base, shown: shown)
        return QueuedWrite(entry: entry, pending: pending, state: refused.map { .refused(kind, $0) } ?? .waiting(kind), mayHaveBeenSent: false)
    }

    func testWaitingChangesAreAppliedAndMarkedACreateIsARowAndADeleteHidesOne() {
        let server = ContactList([ana.summary, bo.summary])
        let list = ContactOutboxOverlay.laying([
            write(5, .update, id: 1, ContactChanges(firstName: "Anna"), base: ana),
            write(6, .create, id: nil, ContactChanges(firstName: "Cy", lastName: "Dahl")),
            write(7, .delete, id: 2, ContactChanges(), base: bo),
        ], over: server)
        XCTAssertEqual(list.contacts.map(\.id), [1, -6], "Bo's waiting delete hides his row; Cy's create is a row of its own")
        XCTAssertEqual(list.contacts[0].firstName, "Anna")
        XCTAssertEqual(list.contacts[0].sync, .waiting(.update))
        XCTAssertEqual(list.contacts[1].sync, .waiting(.create))
        XCTAssertEqual(ContactOutboxOverlay.laying([], over: server), server, "nothing waits: the server's list")
    }

    func testARefusedChangeIsOnlyMarkedAndItsMarkStaysOverLaterOnes() {
        let refused = write(5, .update, id: 1, ContactChanges(email: "not an email"), base: ana, refused: .invalid(["Email is invalid"]))
        let later = write(6, .favorite, id: 1, ContactChanges(favorite: true), base: ana)
        let page = ContactOutboxOverlay.laying([refused, later], over: ana)
        XCTAssertNil(page.email, "the server does not have the refused change")
        XCTAssertTrue(page.favorite, "the waiting one after it is applied")
        XCTAssertEqual(page.sync, .refused(.update, .invalid(["Email is invalid"])), "the refusal needs the person: its mark stays")
    }

    func testARefusedEditOfAContactDeletedMeanwhileKeepsItsRow() {
        let refused = write(5, .update, id: 3, ContactChanges(firstName: "Eve"), base: Contact(id: 3, firstName: "Ev", lastName: "Ng"), refused: .gone)
        let waitingGone = write(6, .update, id: 4, ContactChanges(firstName: "Flo"), base: Contact(id: 4, firstName: "Fl", lastName: "Ox"))
        let list = ContactOutboxOverlay.laying([refused, waitingGone], over: ContactList([ana.summary]))
        XCTAssertEqual(list.contacts.map(\.id), [1, 3], "the refused edit stays to be brought back or discarded; a waiting one has no row to go on")
        XCTAssertEqual(list.contacts[1].sync, .refused(.update, .gone))
    }
}
