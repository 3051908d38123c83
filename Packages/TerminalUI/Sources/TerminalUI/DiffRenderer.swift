/// Turns frames into terminal output, writing only the cells that changed since the last frame.
///
/// - The first frame, the first after ``invalidate()`` and the first after a size change clear the
///   screen (`ESC[2J`) and write every cell that is not a plain blank.
/// - Afterwards only changed cells are written, in runs per row with one cursor move per run,
///   and an SGR sequence only where the style changes.
/// - Every frame with output is wrapped in synchronized-update mode (`ESC[?2026h` … `ESC[?2026l`);
///   a frame without changes writes nothing at all.
/// - After a wide cell the cursor is positioned explicitly again, because terminals disagree on
///   the widths of some characters.
/// - A changed glyph of uncertain width (emoji, VS16 and ZWJ sequences, flags, combining marks; see
///   ``DisplayWidth/isUncertain(_:)``) is written after its trailing cell, and the rest of its row is
///   written again after it: whether the terminal draws it one, two or four columns wide, no stale
///   glyph stays behind and nothing to its right is shifted (after ratatui's fix for the same debris).
public final class DiffRenderer {
    /// The colors the terminal supports; colors are mapped or dropped accordingly.
    public let colorMode: ColorMode
    private let sink: any OutputSink
    private var previous: Frame?

    /// - Parameters:
    ///   - sink: receives the bytes of each frame in one `write`.
    ///   - colorMode: what the terminal can show (see ``ColorMode/detect(environment:)``).
    public init(sink: any OutputSink, colorMode: ColorMode) {
        self.sink = sink
        self.colorMode = colorMode
    }

    /// Forgets what is on the screen, so the next ``render(_:)`` repaints everything
    /// (after resume from suspend, a resize, or anything else that touched the screen).
    public func invalidate() {
        previous = nil
    }

    /// Brings the screen from the previous frame to `frame`.
    public func render(_ frame: Frame) {
        let repaintsAll = previous?.size != frame.size
        // After ESC[0m ESC[2J the screen is all plain blanks, so a full repaint is a diff against that.
        let base = repaintsAll ? Frame(size: frame.size) : (previous ?? Frame(size: frame.size))
        var body: [UInt8] = []
        writeChanges(from: base, to: frame, into: &body)
        previous = frame
        guard repaintsAll || !body.isEmpty else { return }

        var output: [UInt8] = []
        output.reserveCapacity(body.count + 32)
        output.appendASCII("\u{1B}[?2026h")
        if repaintsAll { output.appendASCII("\u{1B}[0m\u{1B}[2J") }
        output.append(contentsOf: body)
        output.appendASCII("\u{1B}[?2026l")
        sink.write(output)
    }

    private func writeChanges(from base: Frame, to frame: Frame, into output: inout [UInt8]) {
        var currentStyle: Style?
        var currentSequence: [UInt8] = []
        for row in 0..<frame.size.rows {
            // Where the terminal's cursor is known to be after the last write in this row.
            var cursorColumn: Int?
            // Set after an uncertain glyph was written: every later cell of the row is written again.
            var repaintRest = false
            for column in 0..<frame.size.columns {
                let cell = frame[column, row]
                if cell.isContinuation { continue } // written with its leading cell
                let changed = repaintRest || cell != base[column, row]
                    || (cell.width == 2 && frame[column + 1, row] != base[column + 1, row])
                guard changed else { continue }

                let isUncertain = cell.grapheme.count == 1 && cell.grapheme.first.map(DisplayWidth.isUncertain) == true
                if isUncertain, cell.width == 2 {
                    // The trailing cell first: a terminal that draws the glyph one column wide leaves this blank.
                    moveCursor(to: column + 1, row: row, into: &output)
                    if cell.style != currentStyle {
                        let sequence = SGR.sequence(for: cell.style, mode: colorMode)
                        if sequence != currentSequence { output.append(contentsOf: sequence) }
                        currentStyle = cell.style
                        currentSequence = sequence
                    }
                    output.append(0x20)
                    cursorColumn = nil
                }
                if cursorColumn != column { moveCursor(to: column, row: row, into: &output) }
                if cell.style != currentStyle {
                    let sequence = SGR.sequence(for: cell.style, mode: colorMode)
                    if sequence != currentSequence { output.append(contentsOf: sequence) }
                    currentStyle = cell.style
                    currentSequence = sequence
                }
                let isTrustworthy = appendGrapheme(of: cell, to: &output)
                cursorColumn = cell.width == 1 && isTrustworthy && !isUncertain ? column + 1 : nil
                if isUncertain { repaintRest = true }
            }
        }
        if !currentSequence.isEmpty, currentSequence != SGR.sequence(for: .plain, mode: colorMode) {
            output.appendASCII("\u{1B}[0m") // leave the terminal in the plain style between frames
        }
    }

    private func moveCursor(to column: Int, row: Int, into output: inout [UInt8]) {
        output.appendASCII("\u{1B}[")
        output.appendDecimal(row + 1)
        output.append(0x3B)
        output.appendDecimal(column + 1)
        output.append(0x48) // H
    }

    /// Appends the cell's text, sanitized in case a cell was built by hand around ``Frame/put(_:at:style:maxColumns:)``.
    /// - Returns: whether the terminal's cursor certainly advanced by the cell's declared width.
    private func appendGrapheme(of cell: Cell, to output: inout [UInt8]) -> Bool {
        let grapheme = cell.grapheme
        let utf8 = grapheme.utf8
        if utf8.count == 1, let byte = utf8.first, byte >= 0x20, byte < 0x7F {
            output.append(byte)
            return true
        }
        let text = Sanitizer.sanitize(grapheme)
        guard let first = text.first, DisplayWidth.of(first) > 0 else {
            output.append(0x20) // an empty or zero-width cell still occupies its column
            return true
        }
        output.append(contentsOf: String(first).utf8)
        return DisplayWidth.of(first) == Int(cell.width)
    }
}
