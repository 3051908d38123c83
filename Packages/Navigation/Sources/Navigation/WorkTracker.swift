/// Counts the asynchronous jobs screens have started.
///
/// The interactive host redraws when one finishes (no polling: a completion is the only
/// trigger) and animates spinners while any is pending; the headless host waits for idle
/// before each scripted key and before printing.
@MainActor
public final class WorkTracker {
    public private(set) var pendingCount = 0
    public var isIdle: Bool { pendingCount == 0 }
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []
    private var changeObservers: [@MainActor () -> Void] = []

    public init() {}

    /// Runs `operation` on the main actor as a tracked task.
    @discardableResult
    public func run(_ operation: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        pendingCount += 1
        notifyChange()
        return Task { @MainActor in
            await operation()
            self.finishOne()
        }
    }

    /// Returns once no tracked job is pending (immediately when idle).
    public func waitUntilIdle() async {
        while pendingCount > 0 {
            await withCheckedContinuation { idleWaiters.append($0) }
        }
    }

    /// Registers a callback for every start and finish (the host redraws there).
    public func observeChanges(_ observer: @escaping @MainActor () -> Void) {
        changeObservers.append(observer)
    }

    private func finishOne() {
        pendingCount -= 1
        notifyChange()
        if pendingCount == 0 {
            let waiters = idleWaiters
            idleWaiters.removeAll()
            waiters.forEach { $0.resume() }
        }
    }

    private func notifyChange() {
        changeObservers.forEach { $0() }
    }
}
