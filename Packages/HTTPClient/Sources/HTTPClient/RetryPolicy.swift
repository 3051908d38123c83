import Foundation

/// Runs an operation again after transient failures (offline, timeout, 5xx), waiting a little longer each time.
public struct RetryPolicy: Sendable {
    /// How long to wait before each retry.
    public enum Backoff: Sendable, Equatable {
        /// Retry at once.
        case none
        /// The same pause before every retry.
        case constant(Duration)
        /// `initial`, then doubling, never more than `maximum`.
        case exponential(initial: Duration, maximum: Duration)

        /// The pause before retry number `retry` (1 = the first retry).
        public func delay(beforeRetry retry: Int) -> Duration {
            switch self {
            case .none:
                return .zero
            case .constant(let pause):
                return pause
            case .exponential(let initial, let maximum):
                var pause = initial
                for _ in 1..<max(retry, 1) {
                    pause *= 2
                    if pause >= maximum { return maximum }
                }
                return min(pause, maximum)
            }
        }
    }

    /// Total tries including the first; at least 1.
    public let attempts: Int
    public let backoff: Backoff
    private let sleep: @Sendable (Duration) async throws -> Void

    /// - Parameters:
    ///   - attempts: total tries including the first (values below 1 mean 1).
    ///   - backoff: the pause before each retry.
    ///   - sleep: how to wait; tests pass a recorder instead of real time.
    public init(
        attempts: Int = 3,
        backoff: Backoff = .exponential(initial: .milliseconds(500), maximum: .seconds(4)),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.attempts = max(1, attempts)
        self.backoff = backoff
        self.sleep = sleep
    }

    /// Whether an error is worth another try: a transient ``HTTPError`` (offline, timeout, 5xx). Nothing else is.
    public static func isRetryable(_ error: any Error) -> Bool {
        (error as? HTTPError)?.isTransient ?? false
    }

    /// Runs `operation` until it succeeds, fails with a non-retryable error, or runs out of attempts;
    /// then rethrows the last error. Cancellation during a pause throws ``HTTPError/cancelled``.
    public func run<T>(
        isolation: isolated (any Actor)? = #isolation,
        _ operation: () async throws -> T
    ) async throws -> T {
        var attempt = 1
        while true {
            do {
                return try await operation()
            } catch {
                guard attempt < attempts, Self.isRetryable(error), !Task.isCancelled else { throw error }
                do {
                    try await sleep(backoff.delay(beforeRetry: attempt))
                } catch {
                    throw HTTPError.cancelled
                }
                attempt += 1
            }
        }
    }
}
