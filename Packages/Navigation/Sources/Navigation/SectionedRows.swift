import TextSearch

/// The rows of a list in sections (A–Z), laid out from the sections' titles and sizes alone, without
/// the items: each section a header row, then its items by position in the list's order. A list of
/// 10,000 keeps only its sections here, and reads the items on screen where they are (a page).
public struct SectionedRows: Sendable, Equatable {
    /// A row: a section's header, or the item at a position of the list's order.
    public enum Row: Equatable, Sendable {
        case header(String)
        case item(position: Int)
    }

    /// A section: its title and how many items it holds.
    public struct Section: Sendable, Equatable {
        public var title: String
        public var count: Int

        public init(title: String, count: Int) {
            self.title = title
            self.count = count
        }
    }

    private let sections: [Section]
    /// The row of each section's header.
    private let headerRows: [Int]
    /// Every row: the headers and the items.
    public let rowCount: Int

    public static let empty = SectionedRows([])

    public init(_ sections: [Section]) {
        self.sections = sections
        var rows: [Int] = [], row = 0
        for section in sections {
            rows.append(row)
            row += 1 + section.count
        }
        headerRows = rows
        rowCount = row
    }

    /// The section whose header is at or before `row`.
    private func section(atRow row: Int) -> Int {
        max(0, headerRows.partitioningIndex { $0 > row } - 1)
    }

    /// What row `index` shows; nil past the rows.
    public func row(at index: Int) -> Row? {
        guard (0..<rowCount).contains(index) else { return nil }
        let section = section(atRow: index)
        let offset = index - headerRows[section]
        // Items before this section: rows before its header less the headers before it.
        return offset == 0 ? .header(sections[section].title) : .item(position: headerRows[section] - section + offset - 1)
    }

    /// The position of the item row `index` shows; nil on a header.
    public func position(atRow index: Int) -> Int? {
        if case .item(let position)? = row(at: index) { return position }
        return nil
    }

    /// The row of the item at `position`.
    public func row(ofPosition position: Int) -> Int? {
        var before = 0
        for (section, entry) in sections.enumerated() {
            if position < before + entry.count { return headerRows[section] + 1 + position - before }
            before += entry.count
        }
        return nil
    }
}
