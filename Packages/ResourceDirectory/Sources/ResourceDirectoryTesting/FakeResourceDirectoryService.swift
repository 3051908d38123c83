import Foundation
import HTTPClient
import NavigationTesting
import ResourceDirectory
import Synchronization

/// Named categories and resources for tests.
public enum ResourceDirectoryFixtures {
    public static let restaurants = ResourceCategory(id: "c1", slug: "restaurants", title: "Restaurants", description: "Find local restaurants")
    public static let vacationSpots = ResourceCategory(id: "c2", slug: "vacation-spots", title: "Vacation Spots")
    /// A category the directory has no file for.
    public static let museums = ResourceCategory(id: "c3", slug: "museums", title: "Museums")

    public static func categories(_ categories: [ResourceCategory] = [restaurants, vacationSpots]) -> ResourceCategoryList {
        ResourceCategoryList(categories: categories)
    }

    public static func resource(_ title: String, description: String = "<p>About it</p>") -> Resource {
        Resource(id: title, title: title, descriptionHTML: description)
    }

    /// Titles that differ in case and diacritics only where it matters for sorting.
    public static func resources(_ titles: [String] = ["Pizza Spanos", "élan bistro", "Zócalo", "Éclair", "bagel corner"]) -> ResourceList {
        ResourceList(resources: titles.map { resource($0) })
    }
}

/// A scripted ``ResourceDirectoryService``: category answers in order (the last repeats), resources by
/// file (unknown files fail like a 404), and what was asked. With `heldOpen`, every call waits until
/// the test releases it (the stale-response race).
public final class FakeResourceDirectoryService: ResourceDirectoryService {
    private struct State {
        var categories: [Result<ResourceCategoryList, any Error>]
        var categoryRequests = 0
        var resourceRequests: [String] = []
    }
    private let state: Mutex<State>
    private let resources: [String: Result<ResourceList, any Error>]
    private let heldOpen: HeldOpenCalls?
    private let storedAt: Date?
    private let kept: Date?

    /// - Parameters:
    ///   - storedAt: every answer is a kept copy current at that moment (the server unreachable).
    ///   - kept: when set, the categories and resources are kept from that moment too (``keptCategories()``,
    ///     ``keptResources(file:)``), shown at once while the server is asked.
    public init(categories: [Result<ResourceCategoryList, any Error>] = [.success(ResourceDirectoryFixtures.categories())],
                resources: [String: Result<ResourceList, any Error>] = ["restaurants.json": .success(ResourceDirectoryFixtures.resources()),
                                                                        "vacation-spot.json": .success(ResourceDirectoryFixtures.resources(["Percé Rock", "île d'Orléans"]))],
                heldOpen: HeldOpenCalls? = nil, storedAt: Date? = nil, kept: Date? = nil) {
        self.storedAt = storedAt
        self.kept = kept
        self.state = Mutex(State(categories: categories))
        self.resources = resources
        self.heldOpen = heldOpen
    }

    public var categoryRequests: Int { state.withLock { $0.categoryRequests } }
    public var resourceRequests: [String] { state.withLock { $0.resourceRequests } }

    public func fetchCategories() async throws -> Fetched<ResourceCategoryList> {
        let result = state.withLock { state in
            state.categoryRequests += 1
            return state.categories.count > 1 ? state.categories.removeFirst() : state.categories[0]
        }
        await heldOpen?.hold()
        return Fetched(try result.get(), storedAt: storedAt)
    }

    public func keptCategories() async -> Fetched<ResourceCategoryList>? {
        guard let kept, let first = state.withLock({ $0.categories.first }), let categories = try? first.get() else { return nil }
        return Fetched(ResourceCategoryList(categories: Array(categories.categories.prefix(1)), skippedReasons: []), storedAt: kept)
    }

    public func keptResources(file: String) async -> Fetched<ResourceList>? {
        guard let kept, let resources = try? resources[file]?.get() else { return nil }
        return Fetched(ResourceList(resources: Array(resources.resources.prefix(2)), skippedReasons: []), storedAt: kept)
    }

    public func fetchResources(file: String) async throws -> Fetched<ResourceList> {
        state.withLock { $0.resourceRequests.append(file) }
        await heldOpen?.hold()
        guard let result = resources[file] else { throw FakeResourceFileNotFound(file: file) }
        return Fetched(try result.get(), storedAt: storedAt)
    }
}

/// What ``FakeResourceDirectoryService`` throws for a file it has no resources for.
public struct FakeResourceFileNotFound: Error, CustomStringConvertible {
    public var file: String
    public var description: String { "no file \(file)" }
    public init(file: String) { self.file = file }
}

/// A ``ResourceDirectoryService`` for tests that must not load anything: any call fails the test.
public final class UnimplementedResourceDirectoryService: ResourceDirectoryService {
    public init() {}

    public func fetchCategories() async throws -> Fetched<ResourceCategoryList> {
        throw unimplementedCall("ResourceDirectoryService.fetchCategories")
    }

    public func fetchResources(file: String) async throws -> Fetched<ResourceList> {
        throw unimplementedCall("ResourceDirectoryService.fetchResources(\(file))")
    }
}
