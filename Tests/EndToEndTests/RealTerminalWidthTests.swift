import Foundation
import TestSupport
import TextCells
import XCTest

/// The width model against the terminals themselves: kitty and xterm on a virtual display. apps-cli
/// starts in the terminal and chooses its model from the terminal's answers (the log says which);
/// then Scripts/dev/measure-widths, in the same terminal, writes a few thousand strings (every
/// width class of the tables, every emoji with VS15 and VS16, skin tones, flags, keycaps, ZWJ and tag
/// sequences, Indic and Hangul clusters, combining and spacing marks) and asks the cursor position
/// after each. The chosen model must agree on ≥ 99.9 % of the single scalars and ≥ 99 % of the
/// clusters; every difference is printed. `apps-cli-bench widths` gives the same widths from outside.
final class RealTerminalWidthTests: XCTestCase {
    static let kitty = ["kitty", "--config", "NONE", "-o", "font_size=11", "-o", "remember_window_size=no",
                        "-o", "initial_window_width=900", "-o", "initial_window_height=600"]
    static let xterm = ["xterm", "-geometry", "100x36+0+0", "-fa", "DejaVu Sans Mono", "-fs", "10"]

    func testKittyDrawsTheWidthsOfTheModelTheAppChoseThere() throws {
        let result = try measure(in: Self.kitty)
        XCTAssertEqual(result.model, WidthModel(.scalars, unicode: .v15_0), "kitty 0.26 sums each scalar's width, with Unicode 15 tables")
    }

    func testXtermDrawsTheWidthsOfTheModelTheAppChoseThere() throws {
        let result = try measure(in: Self.xterm)
        XCTAssertEqual(result.model, .libc, "xterm measures with glibc's wcwidth")
    }

    // MARK: - Measuring

    private struct Sample: Encodable {
        var text: String
        var isCluster: Bool
    }

    private func measure(in terminal: [String]) throws -> (model: WidthModel, scalars: Double, clusters: Double) {
        let display = try VirtualDisplay.start()
        defer { display.stop() }
        let model = try chosenModel(in: terminal, on: display)
        let samples = Self.samples()
        let measured = try measuredWidths(of: samples.map(\.text), in: terminal, on: display)
        XCTAssertEqual(measured.count, samples.count)
        var differences: [String] = []
        var wrong = (scalars: 0, clusters: 0)
        for (sample, width) in zip(samples, measured) where model.width(of: sample.text) != width {
            if sample.isCluster { wrong.clusters += 1 } else { wrong.scalars += 1 }
            differences.append(sample.text.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
                               + ": \(terminal[0]) \(width), \(model) \(model.width(of: sample.text))")
        }
        let scalarCount = samples.filter { !$0.isCluster }.count, clusterCount = samples.count - scalarCount
        let scalars = 1 - Double(wrong.scalars) / Double(scalarCount), clusters = 1 - Double(wrong.clusters) / Double(clusterCount)
        print(String(format: "%@ chose %@: %.2f %% of %d scalars and %.2f %% of %d clusters agree", terminal[0], model.description,
                     scalars * 100, scalarCount, clusters * 100, clusterCount))
        for difference in differences.prefix(40) { print("  " + difference) }
        XCTAssertGreaterThanOrEqual(scalars, 0.999, "\(terminal[0]) and \(model) on single scalars")
        XCTAssertGreaterThanOrEqual(clusters, 0.99, "\(terminal[0]) and \(model) on clusters")
        try checkBenchWidths(of: samples.map(\.text), model: model)
        return (model, scalars, clusters)
    }

    /// Starts apps-cli in `terminal` and reads the width model it chose from its log, then closes the terminal.
    private func chosenModel(in terminal: [String], on display: VirtualDisplay) throws -> WidthModel {
        let log = display.work.appendingPathComponent("app-\(UUID().uuidString).log").path
        let data = display.work.appendingPathComponent("data-\(UUID().uuidString)").path
        let process = try display.launch(terminal, command: [AppsCLIProcess.executable.path, "numbers", "--data-dir", data],
                                         environment: ["APPS_CLI_LOG": log])
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        var line: String?
        pollUntil("apps-cli in \(terminal[0]) notes its width model") {
            line = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").first { $0.contains("width model: ") }.map(String.init)
            return line != nil
        }
        let note = try XCTUnwrap(line)
        print("\(terminal[0]): \(note)")
        return try XCTUnwrap(WidthDetection.candidates.first { note.contains("width model: \($0): ") }, note)
    }

    /// Runs Scripts/dev/measure-widths in `terminal` and returns the width it drew each string.
    private func measuredWidths(of strings: [String], in terminal: [String], on display: VirtualDisplay) throws -> [Int] {
        let input = display.work.appendingPathComponent("strings.json"), output = display.work.appendingPathComponent("widths.json")
        try JSONEncoder().encode(strings).write(to: input)
        let script = AppsCLIProcess.repository.appendingPathComponent("Scripts/dev/measure-widths").path
        let process = try display.launch(terminal, command: ["/usr/bin/env", "python3", script, input.path, output.path])
        pollUntil("\(terminal[0]) measured \(strings.count) strings", timeout: .seconds(120), every: .milliseconds(100)) { !process.isRunning }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        struct Measured: Decodable { var widths: [Int] }
        return try JSONDecoder().decode(Measured.self, from: Data(contentsOf: output)).widths
    }

    /// `apps-cli-bench widths --model M`, for measuring a terminal from outside: the same widths.
    private func checkBenchWidths(of strings: [String], model: WidthModel) throws {
        let bench = AppsCLIProcess.executable.deletingLastPathComponent().appendingPathComponent("apps-cli-bench")
        let process = Process()
        process.executableURL = bench
        process.arguments = ["widths", "--model", model.kind.rawValue, "--unicode", model.unicode.rawValue]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let writer = Thread {
            input.fileHandleForWriting.write(Data(strings.joined(separator: "\n").utf8 + [0x0A]))
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let lines = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n").map { Int($0) }
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(lines, strings.map { model.width(of: $0) }, "apps-cli-bench widths gives the model's widths")
    }

    // MARK: - The strings

    /// Single scalars: each place where some model's width or emoji property changes (the tables' run
    /// boundaries), every emoji, and every 61st scalar besides; then the clusters.
    private static func samples() -> [Sample] {
        var samples: [Sample] = []
        var previous: [Int] = []
        for value in UInt32(0x20)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), shown(scalar) else { continue }
            let character = Character(scalar)
            let signature = WidthDetection.candidates.map { $0.width(of: character) } + [scalar.properties.isEmoji ? 1 : 0]
            if signature != previous || scalar.properties.isEmojiPresentation || value % 61 == 0 {
                samples.append(Sample(text: String(scalar), isCluster: false))
            }
            previous = signature
        }
        return samples + clusters().map { Sample(text: $0, isCluster: true) }
    }

    /// Scalars a terminal draws on their own: assigned, not controls, private use or line separators.
    private static func shown(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .unassigned, .control, .privateUse, .surrogate, .lineSeparator, .paragraphSeparator: false
        default: scalar.value != 0x7F
        }
    }

    private static func clusters() -> [String] {
        var clusters: [String] = []
        let assigned = (UInt32(0xA0)...0x10FFFF).compactMap(Unicode.Scalar.init).filter(shown)
        // Every emoji with each variation selector: VS16 asks for the emoji, VS15 for the text.
        for scalar in assigned where scalar.properties.isEmoji {
            clusters += [String(scalar) + "\u{FE0F}", String(scalar) + "\u{FE0E}"]
        }
        for digit in "0123456789#*" { clusters += ["\(digit)\u{FE0F}\u{20E3}", "\(digit)\u{20E3}"] }
        for scalar in assigned where scalar.properties.isEmojiModifierBase {
            clusters += [String(scalar) + "\u{1F3FB}", String(scalar) + "\u{1F3FF}"]
        }
        let indicators = (UInt32(0x1F1E6)...0x1F1FF).compactMap(Unicode.Scalar.init).map(String.init)
        for (index, first) in indicators.enumerated() { clusters.append(first + indicators[(index * 7 + 3) % indicators.count]) }
        clusters += ["🇩🇪", "🇫🇷", "🇯🇵", "🇺🇦", "🇧🇷"]
        // Tag sequences (England, Scotland, Wales) and ZWJ sequences of every kind.
        let tags = ["gbeng", "gbsct", "gbwls"].map { "🏴" + $0.unicodeScalars.map { String(Unicode.Scalar($0.value + 0xE0000)!) }.joined() + "\u{E007F}" }
        clusters += tags
        let people = ["🧑", "👨", "👩"], objects = ["💻", "🔬", "🚀", "🍳", "🎓", "🏫", "🏭", "💼", "🔧", "🎤", "🎨", "✈️", "🚒", "⚕️", "⚖️", "🌾", "🦯", "🦽"]
        for person in people {
            for object in objects { clusters.append(person + "\u{200D}" + object) }
            for tone in ["\u{1F3FB}", "\u{1F3FD}"] {
                for object in objects.prefix(4) { clusters.append(person + tone + "\u{200D}" + object) }
            }
        }
        clusters += ["👨‍👩‍👧‍👦", "👩‍👩‍👦", "👨‍👧", "🏳️‍🌈", "🏴‍☠️", "❤️‍🔥", "🐻‍❄️", "😮‍💨", "🐕‍🦺", "👁️‍🗨️", "🧑🏽‍🤝‍🧑🏿"]
        // Indic: consonants with vowel signs (spacing and not), conjuncts through the virama.
        let scripts: [(consonants: ClosedRange<UInt32>, virama: UInt32?, signs: [UInt32])] = [
            (0x915...0x939, 0x94D, [0x93E, 0x93F, 0x940, 0x941, 0x947, 0x94B, 0x902, 0x903, 0x93C]),
            (0x995...0x9B9, 0x9CD, [0x9BE, 0x9BF, 0x9C1, 0x9C7, 0x9CB, 0x981, 0x982]),
            (0xB95...0xBB9, 0xBCD, [0xBBE, 0xBBF, 0xBC0, 0xBC1, 0xBC6, 0xBCA]),
            (0xC15...0xC39, 0xC4D, [0xC3E, 0xC3F, 0xC41, 0xC46, 0xC02]),
            (0xD15...0xD39, 0xD4D, [0xD3E, 0xD3F, 0xD46, 0xD02]),
            (0xE01...0xE2E, nil, [0xE31, 0xE34, 0xE38, 0xE48, 0xE33]),
            (0x1000...0x1020, 0x1039, [0x102B, 0x102D, 0x1031, 0x1036]),
        ]
        for script in scripts {
            let consonants = script.consonants.compactMap(Unicode.Scalar.init).filter { $0.properties.generalCategory == .otherLetter }
            for (index, consonant) in consonants.enumerated() where index % 3 == 0 {
                for sign in script.signs { clusters.append(String(consonant) + String(Unicode.Scalar(sign)!)) }
                if let virama = script.virama {
                    let next = consonants[(index + 5) % consonants.count]
                    clusters.append(String(consonant) + String(Unicode.Scalar(virama)!) + String(next))
                }
            }
        }
        // Hangul: leading consonant and vowel, with and without a final; a syllable and a final.
        for lead in UInt32(0x1100)...0x1112 {
            for vowel in stride(from: UInt32(0x1161), through: 0x1175, by: 4) {
                let pair = String(Unicode.Scalar(lead)!) + String(Unicode.Scalar(vowel)!)
                clusters += [pair, pair + String(Unicode.Scalar(0x11A8 + (lead + vowel) % 27)!)]
            }
        }
        for syllable in stride(from: UInt32(0xAC00), to: 0xD7A4, by: 28 * 40) { clusters.append(String(Unicode.Scalar(syllable)!) + "\u{11AB}") }
        // Combining marks over a letter and an ideograph, two at once, and spacing marks.
        let marks = assigned.filter { [.nonspacingMark, .enclosingMark].contains($0.properties.generalCategory) }
        for (index, mark) in marks.enumerated() where index % 4 == 0 {
            clusters += ["a" + String(mark), "\u{4E00}" + String(mark)]
            if index % 12 == 0 { clusters.append("a" + String(mark) + String(marks[(index * 31) % marks.count])) }
        }
        for (index, mark) in assigned.filter({ $0.properties.generalCategory == .spacingMark }).enumerated() where index % 2 == 0 {
            clusters.append("a" + String(mark))
        }
        return clusters
    }
}

extension VirtualDisplay {
    /// Starts `terminal` on this display running `command`, with the environment of a plain session
    /// (no tmux, no forced pictures or colours) and `environment` on top.
    func launch(_ terminal: [String], command: [String], environment extra: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try XCTUnwrap(which(terminal[0])))
        process.arguments = Array(terminal.dropFirst()) + ["-e"] + command
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = ":\(number)"
        environment["LIBGL_ALWAYS_SOFTWARE"] = "1"
        environment["LANG"] = "C.UTF-8"
        for name in ["TMUX", "TERM_PROGRAM", "APPS_CLI_IMAGES", "NO_COLOR", "KITTY_WINDOW_ID", "SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY", "LC_ALL"] {
            environment[name] = nil
        }
        environment.merge(extra) { $1 }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}
