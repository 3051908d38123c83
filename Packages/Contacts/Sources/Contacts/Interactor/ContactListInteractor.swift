import ContactsCore
import Foundation
import ImageKit

/// A page of the home list: where it starts in the order of a search, and its contacts (the presenter
/// holds it as Navigation's `ListPage`).
struct ContactPage: Sendable, Equatable {
    var start: Int
    var contacts: [ContactSummary]
}

/// What a load of the home list brings: the sections, the page around the contact asked for, and
/// what reading the contacts again found (nil when they were not read again: a search, a change),
/// and what the outbox holds (nil without one: the embedded backend).
struct ContactsLoad: Sendable {
    var index: ContactIndex
    var page: ContactPage
    var refresh: ContactRefresh?
    var outbox: ContactOutboxStatus? = nil
}

/// The home screen's use cases: the list's sections and pages for a search (from the directory,
/// which pages a store or a fetched list), the pictures of the rows on screen, and a server's outbox.
final class ContactListInteractor: Sendable, PictureObtaining {
    let service: any ContactsService
    let directory: any ContactDirectory
    let images: any ImageLoading
    let sync: (any ContactsSyncing)?

    init(service: any ContactsService, directory: any ContactDirectory, images: any ImageLoading, sync: (any ContactsSyncing)? = nil) {
        self.service = service
        self.directory = directory
        self.images = images
        self.sync = sync
    }

    /// What a load, a search or a change needs at once: the sections for `query`, and the page of
    /// `pageSize` contacts around `id` (or from the top when it is not among them). `refresh` reads
    /// the contacts again from where they live first, and says what that found.
    func obtainIndexAndPage(matching query: String, locating id: Int?, pageSize: Int, refresh: Bool) async throws(ContactsError)
        -> ContactsLoad {
        let skipped = refresh ? try await directory.performRefresh() : nil
        let index = try await directory.obtainIndex(matching: query, locating: id)
        let start = max(0, min((index.position ?? 0) - pageSize / 2, index.matchCount - pageSize))
        let page = try await obtainPage(matching: query, at: start..<min(index.matchCount, start + pageSize))
        return ContactsLoad(index: index, page: page, refresh: skipped, outbox: await sync?.obtainStatus())
    }

    /// Sends the changes waiting in the outbox; nil without one.
    func performSync() async -> ContactSyncReport? {
        await sync?.performSync()
    }

    func obtainRefusedWrite(contactID: Int) async -> RefusedContactWrite? {
        await sync?.obtainRefusedWrite(contactID: contactID)
    }

    func obtainPage(matching query: String, at positions: Range<Int>) async throws(ContactsError) -> ContactPage {
        guard !positions.isEmpty else { return ContactPage(start: positions.lowerBound, contacts: []) }
        return ContactPage(start: positions.lowerBound, contacts: try await directory.obtainContacts(matching: query, at: positions))
    }

    func performNote(_ change: ContactDirectoryChange) async {
        await directory.performNote(change)
    }

    func obtainPictureURL(for summary: ContactSummary) -> URL? {
        service.pictureURL(for: summary.profilePic)
    }
}
