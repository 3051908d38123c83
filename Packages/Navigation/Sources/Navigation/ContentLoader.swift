import Foundation

/// How every list loads its content, in one place: a presenter owns one and says how to obtain the
/// kept copy and the server's answer, and what showing a value does (its rows, selection, pictures).
///
/// - The first load shows the kept copy at once while the server is asked ("Updating…"), but never
///   over the server's answer nor over its error, whichever comes first.
/// - The server's answer replaces it; the latest load wins (a retry cancels the one before, whose
///   answer is never applied).
/// - An answer that is an error is said, also over a kept copy: only no answer at all lets a kept one
///   stand in, and that is the transport's doing (its answer then carries when it was current).
/// - A reload keeps what is shown until the answer comes (``Loadable/reloading(_:)``), unless the
///   screen shows its loading state for a reload (``init(work:reloadShowsLoading:)``).
/// - While a kept copy stands in, ``kept`` asks the server again by itself. An answer that says
///   nothing new of the server (the same kept copy while that retry waits: a search in it) leaves the
///   waits as they are.
/// - The content can come from a source that changes (a search typed, a change saved): ``refresh()``
///   loads again from it, as a reload does but without the person's restart of the waits.
@MainActor
public final class ContentLoader<Value: Sendable, Failure: Error & Sendable> {
    /// What a load obtains: the value and, when a kept copy stood in for the server, when it was current.
    public typealias Obtained = (value: Value, storedAt: Date?)

    /// The content: loading, loaded, failed, or being loaded again over what is shown.
    public private(set) var content = Loadable<Value, Failure>.loading
    /// Whether a kept copy stands in for the server's answer, since when, and asking again.
    public let kept = KeptContent()
    private let work: WorkTracker
    private let reloadShowsLoading: Bool
    private var obtainKept: (@Sendable () async -> Obtained?)?
    private var obtain: (@Sendable () async -> Result<Obtained, Failure>)?
    private var show: (@MainActor (Value) -> Void)?
    private var publish: (@MainActor () -> Void)?
    private var willLoad: (@MainActor () -> Void)?
    private var failed: (@MainActor (Failure) -> Void)?

    /// - Parameter reloadShowsLoading: a reload shows the loading state instead of what was shown
    ///   (check24's overview, whose pull-to-refresh shows it, as the original app did).
    public init(work: WorkTracker, reloadShowsLoading: Bool = false) {
        self.work = work
        self.reloadShowsLoading = reloadShowsLoading
    }

    /// Starts the first load.
    /// - Parameters:
    ///   - obtainKept: the kept copy, if one is kept (asked on the first load only).
    ///   - obtain: the server's answer, or why there is none.
    ///   - willLoad: what every load does first (pictures that failed are tried again).
    ///   - show: shows a value ``content`` now holds (the kept copy, then the answer), publishing it.
    ///   - failed: what an answer that is an error does besides ``content`` (a list that keeps its
    ///     rows on screen says so in a notice), before `publish`.
    ///   - publish: shows the state when it changed without a value (loading, reloading, failed).
    public func start(kept obtainKept: @escaping @Sendable () async -> Obtained?,
                      obtain: @escaping @Sendable () async -> Result<Obtained, Failure>,
                      willLoad: @escaping @MainActor () -> Void = {},
                      show: @escaping @MainActor (Value) -> Void,
                      failed: (@MainActor (Failure) -> Void)? = nil,
                      publish: @escaping @MainActor () -> Void) {
        self.obtainKept = obtainKept
        self.obtain = obtain
        self.willLoad = willLoad
        self.show = show
        self.failed = failed
        self.publish = publish
        load()
    }

    /// ``start(kept:obtain:willLoad:show:publish:)`` with the server's answer obtained by a call that
    /// throws the screen's typed failure.
    public func start(kept obtainKept: @escaping @Sendable () async -> Obtained?,
                      obtainOrThrow obtain: @escaping @Sendable () async throws(Failure) -> Obtained,
                      willLoad: @escaping @MainActor () -> Void = {},
                      show: @escaping @MainActor (Value) -> Void,
                      publish: @escaping @MainActor () -> Void) {
        start(kept: obtainKept, obtain: { () -> Result<Obtained, Failure> in
            do throws(Failure) { return .success(try await obtain()) } catch { return .failure(error) }
        }, willLoad: willLoad, show: show, publish: publish)
    }

    /// `r`, the error view's retry: loads again, the waits of ``kept`` starting short again.
    public func reload() {
        kept.reloadRequested()
        load()
    }

    /// Loads again because what the content comes from changed (a search typed, a change saved): as
    /// ``reload()``, but the waits of ``kept`` go on as they were, and while content is shown nothing is
    /// published until the answer (the screen changes once, in place).
    public func refresh() {
        load(publishesAtOnce: content.value == nil || reloadShowsLoading)
    }

    /// Stops the load on its way, whose answer is then never applied (a screen that goes away).
    public func cancel() {
        work.cancel(WorkKey(self, "content"))
    }

    private func load(publishesAtOnce: Bool = true) {
        guard let obtain, let publish else { return }
        willLoad?()
        let isFirstLoad = content.value == nil
        content = reloadShowsLoading ? .loading : content.reloaded
        if publishesAtOnce { publish() }
        if isFirstLoad, let obtainKept {
            work.run { [weak self] in
                // Only while nothing answered yet: never over the server's answer, nor over its error.
                guard let kept = await obtainKept(), let self, case .loading = self.content else { return }
                self.kept.showingKept(since: kept.storedAt)
                self.content = .reloading(kept.value)
                self.show?(kept.value)
            }
        }
        work.runLatest(WorkKey(self, "content"), obtain, then: { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let obtained):
                // Told first: the frame that shows the answer says whether it is current. The same kept
                // copy again while its retry waits says nothing new of the server.
                let sameKeptCopy = obtained.storedAt != nil && obtained.storedAt == self.kept.storedAt && self.kept.isRetryPending
                if !sameKeptCopy { self.kept.received(storedAt: obtained.storedAt) { [weak self] in self?.load() } }
                self.content = .loaded(obtained.value)
                self.show?(obtained.value)
            case .failure(let error):
                self.kept.received(storedAt: nil) {}
                self.content = .failed(error)
                self.failed?(error)
                self.publish?()
            }
        })
    }
}
