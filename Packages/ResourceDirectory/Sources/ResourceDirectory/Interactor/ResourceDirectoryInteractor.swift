import Foundation
import HTMLText
import HTTPClient
import ImageKit
import TextSearch

/// The order of the resources list: the sort control's first press sorts A–Z, the next Z–A, and so on.
public enum ResourceSortOrder: Sendable, Equatable {
    /// The order of the file (before the first press).
    case original
    case ascending
    case descending

    /// What the next press of the sort control chooses.
    public var next: ResourceSortOrder { self == .ascending ? .descending : .ascending }
}

/// A resource as the list shows it: its plain-text one-line summary and its sort key, worked out once
/// per load (off the main actor) so sorting and filtering never parse HTML or fold text again.
struct ResourceEntry: Sendable, Equatable {
    var resource: Resource
    /// The description as text: HTML converted (entities decoded, no tags), paragraphs kept.
    var descriptionText: String
    /// The description's text on one line: whitespace collapsed.
    var summary: String
    /// The title folded by the `/` filter's one folding (``SearchQuery/fold(_:)``), so sorting and filtering agree.
    var sortKey: String
}

/// Use cases of the categories screen. Holds only its dependencies.
struct ResourceCategoriesInteractor: Sendable {
    let service: any ResourceDirectoryService

    /// The categories, and when they were current if a kept copy stands in for the server's answer.
    func obtainCategories() async throws(ResourceDirectoryError) -> (categories: ResourceCategoryList, storedAt: Date?) {
        do {
            let fetched = try await service.fetchCategories()
            return (fetched.value, fetched.storedAt)
        } catch {
            throw .categoriesUnavailable(RequestFailure(error))
        }
    }

    /// The categories kept from the last good answer, shown at once while the server is asked.
    func obtainKeptCategories() async -> (categories: ResourceCategoryList, storedAt: Date?)? {
        await service.keptCategories().map { ($0.value, $0.storedAt) }
    }

    /// The categories' titles folded for the `/` filter, once per load (never per key).
    func obtainSearchTexts(of categories: [ResourceCategory]) -> SearchTexts {
        SearchTexts(folding: categories.lazy.map(\.title))
    }
}

/// A category's resources as the list shows them, and when they were current if a kept copy stands in.
struct ObtainedResources: Sendable {
    var entries: [ResourceEntry]
    var skipped: [String]
    var storedAt: Date?
}

/// Use cases of a category's resources list: load, sort, filter, pictures.
struct ResourceListInteractor: Sendable, PictureObtaining {
    let service: any ResourceDirectoryService
    let images: any ImageLoading

    /// The resources of `category`, each with its summary and sort key. A category without a known
    /// file is an error of its own, and nothing is requested.
    func obtainResources(in category: ResourceCategory) async throws(ResourceDirectoryError) -> ObtainedResources {
        guard let file = category.resourceFile else { throw .noKnownFile(category: category.title) }
        let fetched: Fetched<ResourceList>
        do {
            fetched = try await service.fetchResources(file: file)
        } catch {
            throw .resourcesUnavailable(category: category.title, failure: RequestFailure(error))
        }
        return ObtainedResources(entries: fetched.value.resources.map(Self.entry), skipped: fetched.value.skippedReasons,
                                 storedAt: fetched.storedAt)
    }

    /// The category's resources kept from the last good answer, shown at once while the server is asked.
    func obtainKeptResources(in category: ResourceCategory) async -> ObtainedResources? {
        guard let file = category.resourceFile, let kept = await service.keptResources(file: file) else { return nil }
        return ObtainedResources(entries: kept.value.resources.map(Self.entry), skipped: kept.value.skippedReasons, storedAt: kept.storedAt)
    }

    /// `entries` in `order`: by title ignoring case and diacritics (`Éclair` sorts with E, `élan`
    /// before `Elixor`), ties broken by the exact title and then the file's order, so it is stable.
    func obtainSorted(_ entries: [ResourceEntry], order: ResourceSortOrder) async -> [ResourceEntry] {
        Self.sorted(entries, order: order)
    }

    static func sorted(_ entries: [ResourceEntry], order: ResourceSortOrder) -> [ResourceEntry] {
        guard order != .original else { return entries }
        let indexed = entries.enumerated().sorted { a, b in
            if a.element.sortKey != b.element.sortKey { return a.element.sortKey < b.element.sortKey }
            if a.element.resource.title != b.element.resource.title { return a.element.resource.title < b.element.resource.title }
            return a.offset < b.offset
        }.map(\.element)
        return order == .ascending ? indexed : indexed.reversed()
    }

    /// The entries' titles as the filter reads them (their sort keys, already folded), in the entries' order.
    func obtainSearchTexts(of entries: [ResourceEntry]) -> SearchTexts {
        Self.searchTexts(entries)
    }

    static func searchTexts(_ entries: [ResourceEntry]) -> SearchTexts {
        SearchTexts(folded: entries.lazy.map(\.sortKey))
    }

    static func entry(_ resource: Resource) -> ResourceEntry {
        let text = resource.descriptionHTML.isEmpty ? "" : HTMLDocument.parse(resource.descriptionHTML).plainText(width: 10_000)
        // Lines as the converter laid them out (paragraphs, list items), blank runs collapsed to one.
        let blocks = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .split(whereSeparator: \.isEmpty)
            .map { $0.joined(separator: "\n") }
        let summary = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return ResourceEntry(resource: resource, descriptionText: blocks.joined(separator: "\n\n"), summary: summary,
                             sortKey: SearchQuery.fold(resource.title))
    }
}
