/// What a feature's routers hold: the host, weakly (the host owns the screens, and through them the
/// presenters that own the routers), and the feature's dependencies, which the next module is built
/// with. Every way out of a screen goes through it, so a router says only where it goes.
@MainActor
public struct ModuleRoutes<Dependencies> {
    public private(set) weak var host: (any ScreenHost)?
    public let dependencies: Dependencies

    public init(host: any ScreenHost, dependencies: Dependencies) {
        self.host = host
        self.dependencies = dependencies
    }

    /// Pushes the screen `make` builds from the dependencies and the host; nothing once the host is gone.
    public func push(_ make: (Dependencies, any ScreenHost) -> any Screen) {
        guard let host else { return }
        host.push(make(dependencies, host))
    }

    /// Shows the screen `make` builds (a question) over everything, until it dismisses itself.
    public func present(_ make: (any ScreenHost) -> any Screen) {
        guard let host else { return }
        host.present(make(host))
    }

    /// Leaves the top screen.
    public func pop() { host?.pop() }

    /// Puts `text` on the terminal's clipboard; false where there is none (or the host is gone).
    public func copyToClipboard(_ text: String) -> Bool { host?.copyToClipboard(text) ?? false }
}

extension ModuleRoutes where Dependencies == Void {
    public init(host: any ScreenHost) { self.init(host: host, dependencies: ()) }
}

/// A router made of its ``ModuleRoutes``, so that one built by a module builder or a test reads
/// `XRouter(host:dependencies:)`, and a router needs no initializer of its own.
@MainActor
public protocol ModuleRouter {
    associatedtype Dependencies
    init(routes: ModuleRoutes<Dependencies>)
}

extension ModuleRouter {
    public init(host: any ScreenHost, dependencies: Dependencies) { self.init(routes: ModuleRoutes(host: host, dependencies: dependencies)) }
}

extension ModuleRouter where Dependencies == Void {
    public init(host: any ScreenHost) { self.init(routes: ModuleRoutes(host: host)) }
}
