import Navigation

@MainActor
protocol NumberDetailRouting {
    /// Puts `text` on the terminal's clipboard; false where there is none.
    func openClipboard(with text: String) -> Bool
}

/// What a number's detail asks of the host.
struct NumberDetailRouter: NumberDetailRouting, ModuleRouter {
    let routes: ModuleRoutes<Void>

    func openClipboard(with text: String) -> Bool { routes.copyToClipboard(text) }
}

@MainActor
protocol NumbersListRouting: AnyObject {
    /// The selection is now `item`: its detail fills the detail pane (wide) or waits off screen (narrow).
    func showDetail(of item: NumberItem)
    /// The user opened `item`: full screen when narrow, esc returns to the master.
    func openDetail(of item: NumberItem)
    /// There is no item any more (a reload answered an empty list): no detail is shown.
    func closeDetail()
}

/// Leaves the master only through the split navigator; keeps the detail it last built, so that
/// opening the item already shown does not load it again.
@MainActor
final class NumbersListRouter: NumbersListRouting {
    weak var navigator: (any SplitNavigator)?
    private let routes: ModuleRoutes<NumbersModule.Dependencies>
    private var shownName: String?
    private weak var shownDetail: (any Screen)?

    init(host: any ScreenHost, dependencies: NumbersModule.Dependencies) {
        routes = ModuleRoutes(host: host, dependencies: dependencies)
    }

    func showDetail(of item: NumberItem) {
        guard let screen = detail(for: item) else { return }
        navigator?.replaceDetail(screen)
    }

    func openDetail(of item: NumberItem) {
        guard let screen = detail(for: item) else { return }
        navigator?.showDetail(screen)
    }

    func closeDetail() {
        shownName = nil
        shownDetail = nil
        navigator?.removeDetail()
    }

    private func detail(for item: NumberItem) -> (any Screen)? {
        // The detail already shown is reused, unless it failed: choosing it again (or a reload) retries.
        if item.name == shownName, let shownDetail, !((shownDetail as? ModuleScreen<NumberDetailView>)?.viewModel.hasFailed ?? false) { return shownDetail }
        guard let host = routes.host else { return nil }
        let screen = NumbersModule.makeDetail(item: item, dependencies: routes.dependencies, host: host)
        shownName = item.name
        shownDetail = screen
        return screen
    }
}
