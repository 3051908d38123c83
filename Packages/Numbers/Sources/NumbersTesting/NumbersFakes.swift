import Foundation
import HTTPClient
import Navigation
import NavigationTesting
import Numbers
import Synchronization

/// Named numbers for tests.
public enum NumbersFixtures {
    public static func item(_ name: String) -> NumberItem {
        NumberItem(name: name, imageURL: URL(string: "http://images.test/\(name.replacingOccurrences(of: ",", with: "")).png"))
    }

    public static let one = item("1"), two = item("2"), three = item("3"), tenThousand = item("10,000")

    public static func catalog(_ items: [NumberItem] = [one, two, three, tenThousand], skippedReasons: [String] = []) -> NumbersCatalog {
        NumbersCatalog(items: items, skippedReasons: skippedReasons)
    }

    /// `count` numbers named "1" … "count".
    public static func catalog(count: Int) -> NumbersCatalog {
        NumbersCatalog(items: (1...max(1, count)).map { item(String($0)) })
    }

    public static func detail(of item: NumberItem, text: String? = nil) -> NumberDetail {
        NumberDetail(name: item.name, text: text ?? "Reading of \(item.name)", imageURL: item.imageURL)
    }
}

/// A scripted ``NumbersService``: catalog answers in order (the last repeats), details by name
/// (unknown names fail), and what was asked. With `heldOpen`, every list and detail call waits
/// until the test releases it (the stale-response race).
public final class FakeNumbersService: NumbersService {
    private struct State {
        var catalogs: [Result<NumbersCatalog, any Error>]
        var catalogRequests = 0
        var detailRequests: [String] = []
        var connectivityChecks = 0
    }
    private let state: Mutex<State>
    private let details: [String: Result<NumberDetail, any Error>]
    private let connectivity: Connectivity
    private let heldOpen: HeldOpenCalls?

    private let kept: Fetched<NumbersCatalog>?
    private let detailsStoredAt: Date?

    /// - Parameters:
    ///   - kept: the list kept from an earlier run (``keptCatalog()``).
    ///   - detailsStoredAt: when set, every detail answers as a copy kept from then (the server is gone).
    public init(catalogs: [Result<NumbersCatalog, any Error>] = [.success(NumbersFixtures.catalog())],
                details: [String: Result<NumberDetail, any Error>]? = nil,
                connectivity: Connectivity = .reachable, heldOpen: HeldOpenCalls? = nil, kept: Fetched<NumbersCatalog>? = nil,
                detailsStoredAt: Date? = nil) {
        self.kept = kept
        self.detailsStoredAt = detailsStoredAt
        self.state = Mutex(State(catalogs: catalogs))
        let defaultDetails = Dictionary(uniqueKeysWithValues: [NumbersFixtures.one, NumbersFixtures.two, NumbersFixtures.three, NumbersFixtures.tenThousand]
            .map { ($0.name, Result<NumberDetail, any Error>.success(NumbersFixtures.detail(of: $0))) })
        self.details = details ?? defaultDetails
        self.connectivity = connectivity
        self.heldOpen = heldOpen
    }

    public var catalogRequests: Int { state.withLock { $0.catalogRequests } }
    public var detailRequests: [String] { state.withLock { $0.detailRequests } }
    public var connectivityChecks: Int { state.withLock { $0.connectivityChecks } }

    public func fetchCatalog() async throws -> Fetched<NumbersCatalog> {
        let result = state.withLock { state in
            state.catalogRequests += 1
            return state.catalogs.count > 1 ? state.catalogs.removeFirst() : state.catalogs[0]
        }
        await heldOpen?.hold()
        return Fetched(try result.get())
    }

    public func keptCatalog() async -> Fetched<NumbersCatalog>? { kept }

    public func fetchDetail(name: String) async throws -> Fetched<NumberDetail> {
        state.withLock { $0.detailRequests.append(name) }
        await heldOpen?.hold()
        guard let result = details[name] else { throw FakeNumberNotFound(name: name) }
        return Fetched(try result.get(), storedAt: detailsStoredAt)
    }

    public func checkConnectivity() async -> Connectivity {
        state.withLock { $0.connectivityChecks += 1 }
        return connectivity
    }
}

/// What ``FakeNumbersService`` throws for a name it has no detail for.
public struct FakeNumberNotFound: Error, CustomStringConvertible {
    public var name: String
    public var description: String { "no number \(name)" }
    public init(name: String) { self.name = name }
}

/// A ``NumbersService`` for tests that must not load anything: any call fails the test.
public final class UnimplementedNumbersService: NumbersService {
    public init() {}

    public func fetchCatalog() async throws -> Fetched<NumbersCatalog> { throw unimplementedCall("NumbersService.fetchCatalog") }
    public func fetchDetail(name: String) async throws -> Fetched<NumberDetail> { throw unimplementedCall("NumbersService.fetchDetail(\(name))") }
    public func checkConnectivity() async -> Connectivity {
        _ = unimplementedCall("NumbersService.checkConnectivity")
        return .reachable
    }
}
