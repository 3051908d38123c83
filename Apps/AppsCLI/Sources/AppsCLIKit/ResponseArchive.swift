import Foundation
import HTTPClient
import Storage

/// The SQLite response store as the archive of a ``RevalidatingTransport``: wiring between the network's
/// answers and the store's rows, under each URL's ``StoreKey`` (without a password, one spelling for one
/// address), each call on the store's own queue (awaited: a request never waits for SQLite on a thread
/// of the cooperative pool). A store that fails to read or write costs the kept copy, never the
/// network's answer: its errors end here.
struct ResponseArchive: AnswerArchive {
    let store: ResponseStore

    func storedAnswer(for url: URL) async -> StoredAnswer? {
        let key = StoreKey.of(url)
        guard let entry = try? await store.perform({ try $0.entry(for: key) }) else { return nil }
        return StoredAnswer(body: entry.body, contentType: entry.contentType, etag: entry.etag, lastModified: entry.lastModified,
                            storedAt: entry.storedAt)
    }

    func store(_ answer: StoredAnswer, for url: URL) async {
        let entry = ResponseStore.Entry(body: answer.body, contentType: answer.contentType, etag: answer.etag,
                                        lastModified: answer.lastModified, storedAt: answer.storedAt)
        let key = StoreKey.of(url)
        // Never waits for another process's lock: the answer is on screen first, and kept when the lock goes.
        _ = try? await store.perform { $0.keepSoon(entry, for: key) }
    }

    func markCurrent(_ url: URL, at date: Date) async {
        let key = StoreKey.of(url)
        _ = try? await store.perform { try $0.markCurrent(key, at: date) }
    }
}
