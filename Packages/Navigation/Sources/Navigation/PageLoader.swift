/// A long list's items held a page at a time (``ListPage``), each page fetched when the rows on screen
/// need it, in a job of the screen's ``WorkTracker``: a key press costs a page at the most, never the
/// list, and a page asked for a list the screen has left (a new search, a save) is never applied.
@MainActor
public final class PageLoader<Item: Sendable> {
    /// The page held and the one asked for.
    public private(set) var page: ListPage<Item>
    private let work: WorkTracker
    /// Which list the pages are for: a new one (``reset(_:at:)``) leaves every answer on its way behind.
    private var generation = 0

    public init(size: Int, work: WorkTracker) {
        page = ListPage(size: size)
        self.work = work
    }

    /// The item at `position`, nil while its page has not come.
    public subscript(position: Int) -> Item? { page[position] }

    /// A new list, with the page its load brought: a page asked for the list before is never applied.
    public func reset(_ items: [Item], at start: Int) {
        cancel()
        page.receive(items, at: start)
    }

    /// The list is being replaced (its load failed, the screen goes): the page on its way is dropped and
    /// may be asked again.
    public func cancel() {
        generation += 1
        work.cancel(WorkKey(self, "page"))
        page.forgetRequest()
    }

    /// Asks for the page that covers the positions in `needed`, among `count` items, unless the page
    /// held or the one asked for does: `fetch` obtains the positions (nil when it failed: they may be
    /// asked again), and `received` runs once they are held.
    public func obtain(covering needed: some Sequence<Int>, count: Int, fetch: @escaping @Sendable (Range<Int>) async -> [Item]?,
                       received: @escaping @MainActor () -> Void) {
        guard let positions = page.request(covering: needed, count: count) else { return }
        let asked = generation
        work.runLatest(WorkKey(self, "page"), { await fetch(positions) }, then: { [weak self] items in
            guard let self, asked == self.generation else { return }
            guard let items else { return self.page.forgetRequest() }
            self.page.receive(items, at: positions.lowerBound)
            received()
        })
    }
}
