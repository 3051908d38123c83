import Foundation
import HTTPClient
import Storage

/// The SQLite response store as the archive of a ``RevalidatingTransport``: wiring between the network's
/// answers and the store's rows, under each URL's ``StoreKey`` (without a password, one spelling for one
/// address). A store that fails to read or write costs the kept copy, never the network's answer: its
/// errors end here.
struct ResponseArchive: AnswerArchive {
    let store: ResponseStore

    func storedAnswer(for url: URL) -> StoredAnswer? {
        guard let entry = try? store.entry(for: StoreKey.of(url)) else { return nil }
        return StoredAnswer(body: entry.body, contentType: entry.contentType, etag: entry.etag, lastModified: entry.lastModified,
                            storedAt: entry.storedAt)
    }

    func store(_ answer: StoredAnswer, for url: URL) {
        try? store.save(ResponseStore.Entry(body: answer.body, contentType: answer.contentType, etag: answer.etag,
                                            lastModified: answer.lastModified, storedAt: answer.storedAt), for: StoreKey.of(url))
    }

    func markCurrent(_ url: URL, at date: Date) {
        try? store.markCurrent(StoreKey.of(url), at: date)
    }
}
