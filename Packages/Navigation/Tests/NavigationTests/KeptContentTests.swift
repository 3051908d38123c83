import Foundation
import Navigation
import Synchronization
import NavigationTesting
import XCTest

@MainActor
final class KeptContentTests: XCTestCase {
    private let stored = Date(timeIntervalSince1970: 1_764_065_100) // 2025-11-25 10:05 UTC

    func testTheNoticeSaysSinceWhenInTheScreensLanguage() {
        let kept = KeptContent()
        kept.timeZone = TimeZone(identifier: "UTC")!
        kept.now = { self.stored.addingTimeInterval(60) }
        XCTAssertNil(kept.notice(), "fresh content has none")
        kept.showingKept(since: stored)
        // While the server is asked, a kept copy is not yet an offline one.
        XCTAssertEqual(kept.notice(), "Updating… — as of 10:05")
        XCTAssertEqual(kept.notice(.german), "Wird aktualisiert … — Stand 10:05")
        kept.received(storedAt: stored) {}
        XCTAssertEqual(kept.notice(), "Offline — as of 10:05 (r retries)", "the request failed: now it is offline")
        kept.reloadRequested()
        XCTAssertEqual(kept.notice(), "Offline — as of 10:05 (r retries)")
        XCTAssertEqual(kept.notice(.german), "Offline — Stand 10:05 (r lädt neu)")
        kept.now = { self.stored.addingTimeInterval(86_400) }
        XCTAssertEqual(kept.notice(), "Offline — as of 2025-11-25 10:05 (r retries)")
        XCTAssertEqual(kept.notice(.german), "Offline — Stand 25.11.2025 10:05 (r lädt neu)")
    }

    func testItAsksAgainAfterDoublingWaitsUntilAFreshAnswerAndAReloadStartsShortAgain() async {
        let kept = KeptContent()
        let waits = Mutex<[Duration]>([])
        kept.wait = { delay in waits.withLock { $0.append(delay) } }
        var retries = 0
        func answer(_ storedAt: Date?) { kept.received(storedAt: storedAt) { retries += 1 } }
        for round in 1...7 {
            answer(stored)
            await waitUntil("retry \(round) ran", timeout: .seconds(10)) { retries == round }
        }
        XCTAssertEqual(waits.withLock { $0 }, [2, 4, 8, 16, 32, 60, 60].map { Duration.seconds($0) })
        XCTAssertEqual(retries, 7)
        answer(nil)
        XCTAssertNil(kept.notice())
        answer(stored)
        await waitUntil("retry 8 ran", timeout: .seconds(10)) { retries == 8 }
        XCTAssertEqual(waits.withLock { $0.last }, .seconds(2), "a fresh answer started the waits over")
        answer(stored)
        await waitUntil("retry 9 ran", timeout: .seconds(10)) { retries == 9 }
        XCTAssertEqual(waits.withLock { $0.last }, .seconds(4))
        kept.reloadRequested()
        answer(stored)
        await waitUntil("retry 10 ran", timeout: .seconds(10)) { retries == 10 }
        XCTAssertEqual(waits.withLock { $0.last }, .seconds(2), "a reload started the waits over")
    }
}
