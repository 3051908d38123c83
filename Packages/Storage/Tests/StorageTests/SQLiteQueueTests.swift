import Dispatch
import Foundation
import Storage
import StorageTesting
import Synchronization
import XCTest

/// Async code's SQLite calls run on the database's own queue (`perform`): a call that waits for
/// another connection's write (another process's, up to the busy timeout) holds a queue thread,
/// never a thread of the cooperative pool, so the rest of the app (keys, frames) goes on meanwhile.
final class SQLiteQueueTests: XCTestCase {
    func testCallsWaitingForAnotherWriterLeaveTheCooperativePoolFree() async throws {
        let directory = try TemporaryDirectory()
        let holder = try directory.openDatabase("shared.sqlite")
        let waiter = try directory.openDatabase("shared.sqlite")
        try holder.execute("CREATE TABLE rows (value INTEGER NOT NULL)")

        // The other "process" takes the write lock and holds it until the test lets go.
        let locked = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let holding = Task.detached {
            try holder.transaction { transaction in
                try transaction.execute("INSERT INTO rows (value) VALUES (0)")
                locked.signal()
                release.wait()
            }
        }
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { locked.wait(); continuation.resume() }
        }

        // More writers than the cooperative pool has threads (one per core), each waiting for the lock inside `perform`.
        let writers = 2 * ProcessInfo.processInfo.activeProcessorCount + 2
        let writes = (1...writers).map { value in
            Task { try await waiter.perform { try $0.execute("INSERT INTO rows (value) VALUES (?)", [.integer(Int64(value))]) } }
        }
        // The pool still runs other work while they all wait: this finishes before the lock is let go.
        let steps = Atomic<Int>(0)
        let other = Task {
            for _ in 0..<1_000 {
                steps.add(1, ordering: .relaxed)
                await Task.yield()
            }
        }
        await other.value
        XCTAssertEqual(steps.load(ordering: .relaxed), 1_000, "the other work ran to its end while the calls waited for the lock")

        release.signal()
        try await holding.value
        for write in writes { try await write.value }
        let count = try await waiter.perform { try $0.query("SELECT COUNT(*) AS n FROM rows").first?.int("n") }
        XCTAssertEqual(count, writers + 1, "every write waited its turn and landed (made on the pool, they would have held its threads until the busy timeout, and failed)")
    }
}
