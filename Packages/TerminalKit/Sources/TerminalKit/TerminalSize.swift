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

    /// The largest screen the app draws: 1000 columns by 500 rows (`--size` takes no more either). A
    /// window reported larger — a real one of 4000×4000 cells, or the 65535×65535 a broken pty says —
    /// is drawn at this size in its top left corner, the rest left blank: a frame of every cell it
    /// claims would cost gigabytes (65535² cells) and seconds per key for a screen no one can read.
    public static let maximum = TerminalSize(columns: 1000, rows: 500)

    /// `self`, no larger than ``maximum`` in either direction.
    public var capped: TerminalSize {
        TerminalSize(columns: min(columns, Self.maximum.columns), rows: min(rows, Self.maximum.rows))
    }

    /// Asks the terminal on `descriptors` (first that answers with a non-zero size), then
    /// `COLUMNS` / `LINES`, then 80×24; never more than ``maximum``.
    static func measure(descriptors: [Int32], environment: [String: String]) -> TerminalSize {
        for descriptor in descriptors {
            var columns: UInt16 = 0
            var rows: UInt16 = 0
            if terminal_guard_window_size(descriptor, &columns, &rows) == 0, columns > 0, rows > 0 {
                return TerminalSize(columns: Int(columns), rows: Int(rows)).capped
            }
        }
        let columns = environment["COLUMNS"].flatMap(Int.init).flatMap { (1...10_000).contains($0) ? $0 : nil }
        let rows = environment["LINES"].flatMap(Int.init).flatMap { (1...10_000).contains($0) ? $0 : nil }
        return TerminalSize(columns: columns ?? fallback.columns, rows: rows ?? fallback.rows).capped
    }
}
