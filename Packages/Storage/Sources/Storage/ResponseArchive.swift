import Foundation
import HTTPClient

/// The SQLite response store as the archive of a ``RevalidatingTransport``: the store keeps the
/// transport's own `StoredAnswer`, so this only keys each URL by its ``StoreKey`` (without a password,
/// one spelling for one address) and runs each call on the store's own queue (awaited: a request never
/// waits for SQLite on a thread of the cooperative pool). A store that fails to read or write costs the
/// kept copy, never the network's answer: its errors end here.
public struct ResponseArchive: AnswerArchive {
    public let store: ResponseStore

    public init(store: ResponseStore) {
        self.store = store
    }

    public func storedAnswer(for url: URL) async -> StoredAnswer? {
        let key = StoreKey.of(url)
        return try? await store.perform { try $0.entry(for: key) }
    }

    public func store(_ answer: StoredAnswer, for url: URL) async {
        let key = StoreKey.of(url)
        // Never waits for another process's lock: the answer is on screen first, and kept when the lock goes.
        _ = try? await store.perform { $0.keepSoon(answer, for: key) }
    }

    public func markCurrent(_ url: URL, at date: Date) async {
        let key = StoreKey.of(url)
        _ = try? await store.perform { try $0.markCurrent(key, at: date) }
    }
}
