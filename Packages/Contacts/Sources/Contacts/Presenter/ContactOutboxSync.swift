import ContactsCore
import Foundation
import Navigation

/// The home list's side of the outbox: what waits for the server (as of the last load), sending it
/// when the server answers or a change is saved, and asking again by itself, with waits that double,
/// while changes still wait: whatever the list's own loads find (a server that lists but answers a
/// save with 500). The list says what it does through ``notice`` and reads itself again through ``reload``.
@MainActor
final class ContactOutboxSync {
    private let interactor: ContactListInteractor
    private let work: WorkTracker
    /// What a server's outbox holds, as of the last load; nil without one.
    private var outbox: ContactOutboxStatus?
    /// Why the last pass over the outbox stopped with changes waiting (the server's failure).
    private var problem: ContactsError?
    /// The server asked to wait until then before changes go (`Retry-After`).
    private var resumesAt: Date?
    /// Asking again for the changes waiting.
    let retry = KeptContent()
    /// A pass over the outbox is on its way (one at a time: a second would only wait for the first).
    private var isSyncing = false
    /// Reads the list again from where it lives, saying `notice` (what the pass did) when there is one.
    var reload: (_ notice: String?) -> Void = { _ in }
    /// Shows the list again (the waiting line changed).
    var changed: () -> Void = {}

    init(interactor: ContactListInteractor, work: WorkTracker) {
        self.interactor = interactor
        self.work = work
    }

    /// "2 changes waiting to sync", with why and until when; nil when nothing waits.
    var notice: String? { outbox.flatMap { ContactsTexts.waiting($0, problem: problem, resumesAt: resumesAt) } }

    /// `r`: the next waits start short again.
    func reloadRequested() { retry.reloadRequested() }

    /// A load answered with `newOutbox` (nil: unchanged). `serverAnswered`: true when the server itself
    /// answered (the changes waiting go now), false when a kept list stood in, nil for a load that did
    /// not ask the server (a search, a change noted): a change just put in the outbox is sent after a wait.
    func loaded(outbox newOutbox: ContactOutboxStatus?, serverAnswered: Bool?) {
        outbox = newOutbox ?? outbox
        switch serverAnswered {
        case true?: perform()
        case nil where waiting > 0 && !isSyncing: retryLater()
        default: break
        }
    }

    /// A load failed: changes still wait, so the server is asked again later.
    func loadFailed() {
        if waiting > 0 { retryLater() }
    }

    /// A change saved meanwhile that waits behind others goes out now, not after the next wait, when
    /// the server answers (`serverReachable`: no kept list stands in).
    func send(ifWaiting contact: Contact, serverReachable: Bool) {
        guard case .waiting? = contact.sync, serverReachable else { return }
        perform()
    }

    private var waiting: Int { outbox?.waiting ?? 0 }

    private func retryLater() { retry.retryLater { [weak self] in self?.reload(nil) } }

    /// Sends the changes waiting, then has the list read again when any went (the server's ids replace
    /// the waiting ones) and asks again later when some still wait.
    func perform() {
        guard interactor.sync != nil, !isSyncing else { return }
        isSyncing = true
        work.runLatest(WorkKey(self, "sync"), { [interactor] in await interactor.performSync() }, then: { [weak self] report in
            guard let self else { return }
            self.isSyncing = false
            guard let report else { return }
            var said: [String] = []
            if report.sent > 0 { said.append(ContactsTexts.synced(report.sent)) }
            if !report.refused.isEmpty { said.append(ContactsTexts.refusedOnServer(report.refused)) }
            said += report.dropped.map(ContactsTexts.dropped)
            self.problem = report.stoppedBy
            self.resumesAt = report.resumesAt
            // Progress, or nothing left: the next waits start short again.
            if report.sent > 0 || report.waiting == 0 { self.retry.reloadRequested() }
            if report.waiting > 0 { self.retryLater() }
            if !said.isEmpty {
                self.reload(said.joined(separator: " "))
            } else if report.waiting != self.outbox?.waiting {
                // Another process sent some meanwhile: the list and its marks are read again.
                self.reload(nil)
            } else {
                self.changed()
            }
        })
    }
}
