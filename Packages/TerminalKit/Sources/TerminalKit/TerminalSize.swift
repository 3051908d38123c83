internal import CTerminalGuard

/// The size of a terminal in character cells.
public struct TerminalSize: Hashable, Sendable {
    /// Width in cells.
    public var columns: Int
    /// Height in cells.
    public var rows: Int

    /// A size of `columns` × `rows` cells.
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// The size used when nothing better is known.
    public static let fallback = TerminalSize(columns: 80, rows: 24)

    /// Asks the terminal on `descriptors` (first that answers with a non-zero size), then
    /// `COLUMNS` / `LINES`, then 80×24.
    static func measure(descriptors: [Int32], environment: [String: String]) -> TerminalSize {
        for descriptor in descriptors {
            var columns: UInt16 = 0
            var rows: UInt16 = 0
            if terminal_guard_window_size(descriptor, &columns, &rows) == 0, columns > 0, rows > 0 {
                return TerminalSize(columns: Int(columns), rows: Int(rows))
            }
        }
        let columns = environment["COLUMNS"].flatMap(Int.init).flatMap { (1...10_000).contains($0) ? $0 : nil }
        let rows = environment["LINES"].flatMap(Int.init).flatMap { (1...10_000).contains($0) ? $0 : nil }
        return TerminalSize(columns: columns ?? fallback.columns, rows: rows ?? fallback.rows)
    }
}
