/// Counts the asynchronous jobs screens have started.
///
/// The interactive host redraws when one finishes (no polling: a completion is the only
/// trigger) and animates spinners while any is pending; the headless host waits for the content
/// before each scripted key and before printing, and for pictures only a short while: content
/// never waits behind a picture whose host is slow or does not resolve.
@MainActor
public final class WorkTracker {
    /// What a job loads: the screen's content, or a picture on it.
    public enum Kind: Sendable { case content, picture }

    public private(set) var pendingCount = 0
    /// The pending jobs that are not pictures.
    public private(set) var pendingContentCount = 0
    public var isIdle: Bool { pendingCount == 0 }
    public var isContentIdle: Bool { pendingContentCount == 0 }
    private var idleWaiters: [(id: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private var contentWaiters: [CheckedContinuation<Void, Never>] = []
    private var nextWaiterID = 0
    private var changeObservers: [@MainActor () -> Void] = []
    private var latestJobs: [WorkKey: (token: Int, task: Task<Void, Never>)] = [:]
    private var nextToken = 0

    public init() {}

    /// Runs `operation` on the main actor as a tracked task.
    @discardableResult
    public func run(_ operation: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        run(.content, operation)
    }

    /// Runs a picture load: tracked (the host redraws when it ends), but nothing waits for it long.
    @discardableResult
    public func runPicture(_ operation: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        run(.picture, operation)
    }

    private func run(_ kind: Kind, _ operation: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        pendingCount += 1
        if kind == .content { pendingContentCount += 1 }
        notifyChange()
        return Task { @MainActor in
            await operation()
            self.finishOne(kind)
        }
    }

    /// Runs `operation` as the latest job of `key` ("latest wins"): the previous job of that key is
    /// cancelled, and `apply` runs on the main actor only for the job that is still the latest when
    /// it finishes. A slow answer therefore never lands over a newer one (a reload, another selection).
    ///
    /// `operation` runs off the main actor; it sees cancellation (`Task.isCancelled`, and requests
    /// that honour it stop early).
    @discardableResult
    public func runLatest<Value: Sendable>(_ key: WorkKey, kind: Kind = .content, _ operation: @escaping @Sendable () async -> Value,
                                           then apply: @escaping @MainActor (Value) -> Void) -> Task<Void, Never> {
        latestJobs[key]?.task.cancel()
        nextToken += 1
        let token = nextToken
        let task = run(kind) { [weak self] in
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
            nextWaiterID += 1
            let id = nextWaiterID
            await withCheckedContinuation { idleWaiters.append((id, $0)) }
        }
    }

    /// Returns once no job but pictures is pending.
    public func waitUntilContentIdle() async {
        while pendingContentCount > 0 {
            await withCheckedContinuation { contentWaiters.append($0) }
        }
    }

    /// Returns once no tracked job is pending, or after `timeout`; whether it is idle.
    @discardableResult
    public func waitUntilIdle(timeout: Duration) async -> Bool {
        guard pendingCount > 0 else { return true }
        nextWaiterID += 1
        let id = nextWaiterID
        let timer = Task { @MainActor [weak self] in
            try? await Task.sleep(for: timeout)
            guard !Task.isCancelled, let self, let index = self.idleWaiters.firstIndex(where: { $0.id == id }) else { return }
            self.idleWaiters.remove(at: index).continuation.resume()
        }
        await withCheckedContinuation { idleWaiters.append((id, $0)) }
        timer.cancel()
        return isIdle
    }

    /// Registers a callback for every start and finish (the host redraws there).
    public func observeChanges(_ observer: @escaping @MainActor () -> Void) {
        changeObservers.append(observer)
    }

    private func finishOne(_ kind: Kind) {
        pendingCount -= 1
        if kind == .content { pendingContentCount -= 1 }
        notifyChange()
        if pendingContentCount == 0 {
            let waiters = contentWaiters
            contentWaiters.removeAll()
            waiters.forEach { $0.resume() }
        }
        if pendingCount == 0 {
            let waiters = idleWaiters
            idleWaiters.removeAll()
            waiters.forEach { $0.continuation.resume() }
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
