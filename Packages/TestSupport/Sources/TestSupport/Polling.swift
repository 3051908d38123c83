import XCTest

/// Waits until `condition` holds, asking it again `every` few milliseconds (it may ask a server, a
/// file, another process), failing the test after `timeout`: for a step that happens elsewhere,
/// such as "the server has carried out the request", instead of a fixed sleep. The one poll of
/// every package's tests.
/// It runs where its caller runs (`isolation`), so `condition` may read the caller's state.
public func waitUntil(_ description: String, timeout: Duration = .seconds(10), every interval: Duration = .milliseconds(5),
                      file: StaticString = #filePath, line: UInt = #line,
                      isolation: isolated (any Actor)? = #isolation, asking condition: () async throws -> Bool) async {
    let deadline = ContinuousClock.now + timeout
    while (try? await condition()) != true {
        if ContinuousClock.now > deadline {
            XCTFail("timed out waiting until \(description)", file: file, line: line)
            return
        }
        try? await Task.sleep(for: interval)
    }
}

/// The same poll for a synchronous test (processes, terminals, files written by another program):
/// asks `condition` every `interval`, blocking the calling thread in between, and fails the test
/// after `timeout`. Returns whether the condition came to hold.
/// Its own name, not an overload of the async form: a trailing closure would pick between the two by
/// the closure alone, whatever the caller awaits.
@discardableResult
public func pollUntil(_ description: String, timeout: Duration = .seconds(10), every interval: Duration = .milliseconds(50),
                      file: StaticString = #filePath, line: UInt = #line, _ condition: () throws -> Bool) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while (try? condition()) != true {
        if ContinuousClock.now > deadline {
            XCTFail("timed out waiting until \(description)", file: file, line: line)
            return false
        }
        Thread.sleep(forTimeInterval: Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18)
    }
    return true
}
