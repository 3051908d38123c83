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
    private var latestJobs: [WorkKey: (token: Int, task: Task<Void, Never>)] = [:]
    private var nextToken = 0

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

    /// Runs `operation` as the latest job of `key` ("latest wins"): the previous job of that key is
    /// cancelled, and `apply` runs on the main actor only for the job that is still the latest when
    /// it finishes. A slow answer therefore never lands over a newer one (a reload, another selection).
    ///
    /// `operation` runs off the main actor; it sees cancellation (`Task.isCancelled`, and requests
    /// that honour it stop early).
    @discardableResult
    public func runLatest<Value: Sendable>(_ key: WorkKey, _ operation: @escaping @Sendable () async -> Value,
                                           then apply: @escaping @MainActor (Value) -> Void) -> Task<Void, Never> {
        latestJobs[key]?.task.cancel()
        nextToken += 1
        let token = nextToken
        let task = run { [weak self] in
            let value = await operation()
            guard let self, self.latestJobs[key]?.token == token else { return }
            self.latestJobs[key] = nil
            apply(value)
        }
        latestJobs[key] = (token, task)
        return task
    }

    /// Cancels the running job of `key`, if any; its `apply` never runs.
    public func cancel(_ key: WorkKey) {
        latestJobs.removeValue(forKey: key)?.task.cancel()
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

/// Names a "latest wins" job of one owner: `WorkKey(self, "catalog")`. Keys of different owners
/// never collide, so two detail screens each keep their own latest load.
public struct WorkKey: Hashable, Sendable {
    private let owner: ObjectIdentifier
    private let name: String

    public init(_ owner: AnyObject, _ name: String) {
        self.owner = ObjectIdentifier(owner)
        self.name = name
    }
}
