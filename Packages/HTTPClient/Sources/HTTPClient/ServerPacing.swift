import Foundation
import Synchronization

/// What servers asked with `Retry-After` on a 429 (too many requests) or a 503 (unavailable): when
/// each may be asked again. A ``PacedTransport`` fills it in; whatever sends on its own (an outbox
/// replaying changes) reads it before sending, and keeps it across runs if it must.
public final class ServerPacing: Sendable {
    /// The longest wait honoured: a server that asks for more (or for a date years away) is asked
    /// again after this, so a mistake of its own never strands what waits for it.
    public static let longestWait: TimeInterval = 3600

    private let notBefore = Mutex<[String: Date]>([:])

    /// A ledger where no server has asked to wait yet.
    public init() {}

    /// Notes `response`'s `Retry-After` when it is a 429 or a 503 to a request for `url`.
    public func record(_ response: HTTPResponse, for url: URL, now: Date = Date()) {
        guard response.statusCode == 429 || response.statusCode == 503,
              let wait = Self.retryAfter(response.header("Retry-After"), now: now) else { return }
        let until = now.addingTimeInterval(wait)
        notBefore.withLock { table in
            let key = Self.server(of: url)
            table[key] = max(table[key] ?? until, until)
        }
    }

    /// When the server of `url` may be asked again, if it asked to wait and the wait is not over.
    public func notBefore(_ url: URL, now: Date = Date()) -> Date? {
        notBefore.withLock { $0[Self.server(of: url)] }.flatMap { $0 > now ? $0 : nil }
    }

    /// The seconds a `Retry-After` value asks for (delta-seconds, or an HTTP date), at most
    /// ``longestWait``; nil for a value that is neither, or a time already past.
    public static func retryAfter(_ value: String?, now: Date = Date()) -> TimeInterval? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            // Digits only: a number too long for an Int is a long wait, not none.
            return min(Double(value) ?? longestWait, longestWait)
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        // IMF-fixdate, then the two obsolete forms HTTP still allows.
        // asctime pads a one-digit day with a second space ("Nov  6"): one space between words for the formats.
        let words = value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: words) {
                let wait = date.timeIntervalSince(now)
                return wait > 0 ? min(wait, longestWait) : nil
            }
        }
        return nil
    }

    /// One key per server: scheme, host and port (``StoreKey`` of the URL's origin).
    private static func server(of url: URL) -> String {
        var components = URLComponents()
        components.scheme = url.scheme
        components.host = url.host
        components.port = url.port
        return components.url.map(StoreKey.of) ?? url.absoluteString
    }
}

/// A transport that notes every `Retry-After` its server sends with a 429 or a 503 in a ``ServerPacing``.
public struct PacedTransport: Transport {
    private let base: any Transport
    private let pacing: ServerPacing

    /// `base`'s answers, with their `Retry-After` asks noted in `pacing`.
    public init(_ base: any Transport, pacing: ServerPacing) {
        self.base = base
        self.pacing = pacing
    }

    /// Sends through `base` and notes what the answer asks (see ``ServerPacing/record(_:for:now:)``).
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let response = try await base.send(request)
        pacing.record(response, for: request.url)
        return response
    }
}
