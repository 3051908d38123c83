import Foundation

/// What a presenter knows of content that stands in for the server's answer: when it was current,
/// the "Offline — as of 21:35" notice, and asking the server again by itself while it stands in,
/// after waits that double (2, 4, 8… s, up to a minute) with nothing running in between.
///
/// The presenter owns one, tells it about every answer (``received(storedAt:retry:)``), and shows
/// ``notice`` while it is not nil. The retry runs on the main actor and never holds the presenter.
@MainActor
public final class KeptContent {
    /// When the content shown was current; nil when it is the server's fresh answer.
    public private(set) var storedAt: Date?
    /// A kept copy is shown while the server is still being asked: the notice says "Updating…", not
    /// "Offline", until an answer or a failure comes (a slow server is not a missing one).
    public private(set) var isUpdating = false
    /// The clock and time zone the notice is worded in (tests fix them).
    public var now: () -> Date = Date.init
    public var timeZone = TimeZone.current
    /// How it waits before asking again (tests record the waits and return at once).
    public var wait: @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) }

    public static let firstRetryDelay: Duration = .seconds(2)
    public static let longestRetryDelay: Duration = .seconds(60)
    private var retryDelay = KeptContent.firstRetryDelay
    private var pendingRetry: Task<Void, Never>?

    public init() {}

    /// An answer arrived: fresh (`storedAt` nil) ends the waiting; a kept copy shows when it was
    /// current and asks again (`retry`) after the next wait.
    public func received(storedAt: Date?, retry: @escaping @MainActor () -> Void) {
        self.storedAt = storedAt
        isUpdating = false
        guard storedAt != nil else {
            cancelRetry()
            return
        }
        scheduleRetry(retry)
    }

    /// A kept copy is shown at once while the server is asked (no retry of its own: the request is out).
    public func showingKept(since storedAt: Date?) {
        self.storedAt = storedAt
        isUpdating = storedAt != nil
    }

    /// Something else waits for the server (changes to send): ask again after the next wait, unless
    /// a retry is already on its way (asking often does not make the waits shorter or longer).
    public func retryLater(_ retry: @escaping @MainActor () -> Void) {
        guard pendingRetry == nil else { return }
        scheduleRetry(retry)
    }

    /// Whether a retry is on its way.
    public var isRetryPending: Bool { pendingRetry != nil }

    /// The person asked for a reload: the next waits start short again.
    public func reloadRequested() {
        cancelRetry()
    }

    /// "Offline — as of 21:35 (r retries)" (the day too when it was not today), in the screen's
    /// language, or "Updating… — as of 21:35" while the server is still being asked; nil for fresh content.
    public func notice(_ texts: NavigationTexts = .english) -> String? {
        guard let storedAt else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        let sameDay = calendar.isDate(storedAt, inSameDayAs: now())
        formatter.dateFormat = sameDay ? "HH:mm" : texts.keptDayFormat
        let time = formatter.string(from: storedAt)
        return (isUpdating ? texts.updatingNotice : texts.offlineNotice).replacingOccurrences(of: "{time}", with: time)
    }

    private func scheduleRetry(_ retry: @escaping @MainActor () -> Void) {
        pendingRetry?.cancel()
        let delay = retryDelay
        retryDelay = min(retryDelay * 2, Self.longestRetryDelay)
        pendingRetry = Task { [weak self, wait] in
            await wait(delay)
            guard !Task.isCancelled else { return }
            self?.pendingRetry = nil
            retry()
        }
    }

    private func cancelRetry() {
        pendingRetry?.cancel()
        pendingRetry = nil
        retryDelay = Self.firstRetryDelay
    }
}
