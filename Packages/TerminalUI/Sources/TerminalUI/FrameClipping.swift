extension Frame {
    /// Copies the part `source` of `other` into this frame with that part's top-left corner at `point`,
    /// drawing only inside `clip` (and the frame). A wide character cut by either edge becomes a blank.
    public mutating func draw(_ other: Frame, from source: Rect, at point: Point, clippedTo clip: Rect? = nil) {
        let sourceArea = source.intersection(other.bounds)
        let target = (clip ?? bounds).intersection(bounds)
        guard !sourceArea.isEmpty, !target.isEmpty else { return }
        let columnShift = point.column - source.column, rowShift = point.row - source.row
        if !other.pictures.isEmpty {
            carryPictures(of: other, from: sourceArea, shift: Point(column: columnShift, row: rowShift), clip: target)
        }
        if !other.links.isEmpty { links.merge(other.links) { mine, _ in mine } }
        if let focus = other.cursor, sourceArea.contains(focus) {
            let shifted = Point(column: focus.column + columnShift, row: focus.row + rowShift)
            if target.contains(shifted) { cursor = shifted }
        }
        for row in sourceArea.row..<sourceArea.maxRow {
            let targetRow = row + rowShift
            guard targetRow >= target.row, targetRow < target.maxRow else { continue }
            for column in sourceArea.column..<sourceArea.maxColumn {
                let targetColumn = column + columnShift
                guard targetColumn >= target.column, targetColumn < target.maxColumn else { continue }
                var cell = other[column, row]
                if cell.isContinuation {
                    // Written by its leading cell when that one is drawn too; otherwise its visible half is blank.
                    if column > sourceArea.column, targetColumn > target.column { continue }
                    cell = .blank(cell.style)
                } else if cell.width == 2, column + 1 >= sourceArea.maxColumn || targetColumn + 1 >= target.maxColumn {
                    cell = .blank(cell.style)
                }
                setCell(cell, column: targetColumn, row: targetRow)
            }
        }
    }

    /// A copy of the cells in `rect` (clipped to the frame) as a frame of its own.
    public func cropped(to rect: Rect) -> Frame {
        var result = Frame(size: rect.size)
        result.draw(self, from: rect, at: Point(column: 0, row: 0))
        return result
    }
}
