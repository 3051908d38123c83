import Foundation
import XCTest
import TerminalUI

/// Compares a frame's text with a snapshot file beside the test file (`__Snapshots__/<name>.txt`).
///
/// `RECORD_SNAPSHOTS=1` writes the snapshot instead of comparing, and **fails** the test, so a
/// baseline is never accepted silently: record, read the file, then run again to see it green.
/// A missing snapshot is recorded and fails the same way. A mismatch prints a line diff.
///
/// Every screen snapshotted is also measured: its text must read in every theme (``ContrastAudit``).
public func assertSnapshot(_ frame: Frame, named name: String, filePath: StaticString = #filePath, line: UInt = #line) {
    assertTextSnapshot(frame.text, named: name, filePath: filePath, line: line)
    ContrastAudit.assertReadable(frame, name, file: filePath, line: line)
}

/// Compares the frame's styles with a snapshot (`__Snapshots__/<name>.style.txt`): per row, the runs
/// of columns that share foreground, background and attributes (``styleRuns(of:)``). For screens where
/// color is the spec: favorites' background, selection, touched rows, disabled tabs.
/// Measured for contrast in every theme too (``ContrastAudit``).
public func assertStyleSnapshot(_ frame: Frame, named name: String, filePath: StaticString = #filePath, line: UInt = #line) {
    assertTextSnapshot(styleRuns(of: frame), named: name + ".style", filePath: filePath, line: line)
    ContrastAudit.assertReadable(frame, name, file: filePath, line: line)
}

/// Compares text with a snapshot file beside the test file; see ``assertSnapshot(_:named:filePath:line:)``.
public func assertTextSnapshot(_ text: String, named name: String, filePath: StaticString = #filePath, line: UInt = #line) {
    let testFile = URL(fileURLWithPath: "\(filePath)")
    let directory = testFile.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
    let file = directory.appendingPathComponent("\(name).txt")
    let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    let existing = try? String(contentsOf: file, encoding: .utf8)
    if recording || existing == nil {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        do { try (text + "\n").write(to: file, atomically: true, encoding: .utf8) } catch {
            XCTFail("could not write snapshot \(file.path): \(error)", file: filePath, line: line)
            return
        }
        let why = recording ? "RECORD_SNAPSHOTS=1" : "no snapshot existed"
        XCTFail("recorded snapshot \(name) (\(why)); check \(file.path), then run again without RECORD_SNAPSHOTS",
                file: filePath, line: line)
        return
    }
    let expected = existing!.hasSuffix("\n") ? String(existing!.dropLast()) : existing!
    if expected != text {
        XCTFail("snapshot \(name) differs (RECORD_SNAPSHOTS=1 to re-record)\n\(lineDiff(expected: expected, actual: text))",
                file: filePath, line: line)
    }
}

/// The lines that differ, numbered: `-` expected (its line number), `+` actual (its line number).
/// Lines are matched by a longest common subsequence, so one inserted line shows as one `+`, not as
/// every later line changed.
public func lineDiff(expected: String, actual: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // lengths[i][j]: the longest common subsequence of old[i...] and new[j...].
    var lengths = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
        for j in stride(from: new.count - 1, through: 0, by: -1) {
            lengths[i][j] = old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
        }
    }
    var lines: [String] = []
    var i = 0, j = 0
    while i < old.count || j < new.count {
        if i < old.count, j < new.count, old[i] == new[j] {
            i += 1; j += 1
        } else if j < new.count, i == old.count || lengths[i][j + 1] >= lengths[i + 1][j] {
            lines.append(String(format: "%3d + ", j + 1) + new[j]); j += 1
        } else {
            lines.append(String(format: "%3d - ", i + 1) + old[i]); i += 1
        }
    }
    return lines.joined(separator: "\n")
}

/// Per row, the runs of columns with one style, e.g. `2: 0-79 bg=rgb(209,196,233) fg=blue bold`;
/// plain runs are left out, and rows without styles too.
public func styleRuns(of frame: Frame) -> String {
    var lines: [String] = []
    for row in 0..<frame.size.rows {
        var runs: [String] = []
        var start = 0
        while start < frame.size.columns {
            let style = frame[start, row].style
            var end = start
            while end + 1 < frame.size.columns, frame[end + 1, row].style == style { end += 1 }
            if style != .plain {
                // A link is shown by its target (the id is a hash).
                let link = style.link == 0 ? "" : " link=" + (frame.links[style.link] ?? "?")
                runs.append("\(start)-\(end) \(describe(style))" + link)
            }
            start = end + 1
        }
        if !runs.isEmpty { lines.append("\(row): " + runs.joined(separator: ", ")) }
    }
    return lines.joined(separator: "\n")
}

private func describe(_ style: Style) -> String {
    var parts: [String] = []
    if style.foreground != .default { parts.append("fg=" + describe(style.foreground)) }
    if style.background != .default { parts.append("bg=" + describe(style.background)) }
    if style.bold { parts.append("bold") }
    if style.dim { parts.append("dim") }
    if style.italic { parts.append("italic") }
    if style.underline { parts.append("underline") }
    if style.reverse { parts.append("reverse") }
    return parts.joined(separator: " ")
}

private func describe(_ color: Color) -> String {
    let names: [UInt8: String] = [0: "black", 1: "red", 2: "green", 3: "yellow", 4: "blue", 5: "magenta", 6: "cyan",
                                  7: "white", 8: "gray", 15: "brightWhite"]
    switch color {
    case .default: return "default"
    case .indexed(let index): return names[index] ?? "\(index)"
    case .rgb(let red, let green, let blue, _): return "rgb(\(red),\(green),\(blue))"
    }
}
