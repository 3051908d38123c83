import FeatureKit
import Foundation
import Navigation
import TerminalKit
import TerminalUI
import TextCells
#if canImport(Glibc)
import Glibc
#endif

/// `--help` text laid out for a width: terms in a column, descriptions wrapped at word boundaries
/// with a hanging indent, so nothing is cut mid-word by the terminal ("produ/ct").
public enum HelpText {
    /// The width help is laid out for: the terminal's, when stdout is one (at least 40 columns), else 80.
    public static func width(output descriptor: Int32 = STDOUT_FILENO) -> Int {
        guard isatty(descriptor) == 1 else { return 80 }
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return max(40, Int(size.ws_col))
    }

    /// `rows` as "  term  description", each description wrapped within `width` and continued under
    /// its start; a term wider than `termWidth` puts its description on the next line.
    public static func table(_ rows: [(term: String, description: String)], width: Int, indent: Int = 2, termWidth maximumTermWidth: Int = 22) -> String {
        let termWidth = min(maximumTermWidth, rows.map { DisplayWidth.of($0.term) }.max() ?? 0)
        let column = indent + termWidth + 2
        let descriptionWidth = max(20, width - column)
        var lines: [String] = []
        for (term, description) in rows {
            let wrapped = description.isEmpty ? [] : TextWrap.wrap(description, width: descriptionWidth)
            let lead = String(repeating: " ", count: indent) + term
            let termFits = DisplayWidth.of(term) <= termWidth
            var first = true
            if !termFits { lines.append(lead) }
            for line in wrapped {
                if first && termFits {
                    lines.append(lead + String(repeating: " ", count: column - DisplayWidth.of(lead)) + line)
                } else {
                    lines.append(String(repeating: " ", count: column) + line)
                }
                first = false
            }
            if wrapped.isEmpty, termFits { lines.append(lead) }
        }
        return lines.joined(separator: "\n")
    }

    /// A paragraph wrapped within `width`.
    public static func paragraph(_ text: String, width: Int, indent: Int = 0) -> String {
        TextWrap.wrap(text, width: max(20, width - indent)).map { String(repeating: " ", count: indent) + $0 }.joined(separator: "\n")
    }
}

/// One option of `apps-cli <feature> [options]`, as `--help` describes it (in English, and in German
/// for check24, whose every screen speaks German).
public struct CommandLineOption: Sendable {
    public var term: String
    public var english: String
    public var german: String
    /// The one feature that takes this option, if only one does.
    public var feature: String?
    /// What its value is (the completions and the manual page say it).
    public var values: OptionValue = .free

    /// The options of every feature, then those `features` declare, feature by feature.
    public static func all(for features: [CommandLineFeature]) -> [CommandLineOption] {
        common + features.flatMap { feature in feature.options.map { CommandLineOption($0, of: feature.name) } }
    }

    /// The options every feature takes.
    public static let common: [CommandLineOption] = [
        .init(term: "--base-url URL", english: "talk to a live HTTP API at URL instead of the bundled demo data",
              german: "mit einer laufenden HTTP-API unter URL sprechen statt mit den mitgelieferten Demodaten"),
        .init(term: "--data-dir DIR", english: "where favorites, contacts and caches live (default: the XDG data and cache folders)",
              german: "wo Favoriten, Kontakte und Zwischenspeicher liegen (Vorgabe: die XDG-Daten- und Cache-Ordner)", values: .directory),
        .init(term: "--plain", english: "no ANSI: wait until loading settles, print the screen as text, exit (also when stdout is not a terminal)",
              german: "ohne ANSI: warten, bis alles geladen ist, den Bildschirm als Text ausgeben, beenden (auch wenn stdout kein Terminal ist)", values: .none),
        .init(term: "--svg", english: "as --plain, but print the screen as an SVG picture: in colour (the --theme, dark by default), pictures in their own pixels (or the --images tier); for documentation and bug reports",
              german: "wie --plain, aber den Bildschirm als SVG-Bild ausgeben: in Farbe (das --theme, sonst dunkel), Bilder in ihren eigenen Pixeln (oder der Stufe von --images); für Dokumentation und Fehlerberichte", values: .none),
        .init(term: "--size COLSxROWS", english: "screen size for --plain and --svg (default 80x24)",
              german: "Bildschirmgröße für --plain (Vorgabe 80x24)", values: .examples(["80x24", "120x40", "60x30", "200x60"])),
        .init(term: "--keys \"K K …\"",
              english: "keys to press before printing (implies --plain): up down left right enter esc tab backtab space backspace pgup pgdn home end, ctrl-<x>, a single character, click:COL,ROW (press:COL,ROW and release:COL,ROW alone show a touched row), wheelup, wheeldown",
              german: "Tasten, die vor der Ausgabe gedrückt werden (setzt --plain): up down left right enter esc tab backtab space backspace pgup pgdn home end, ctrl-<x>, ein einzelnes Zeichen, click:COL,ROW (press:COL,ROW und release:COL,ROW allein zeigen eine berührte Zeile), wheelup, wheeldown"),
        .init(term: "--timeout SECONDS", english: "network timeout per request (default 15)",
              german: "Zeitlimit jeder Netzwerkanfrage in Sekunden (Vorgabe 15)", values: .examples(["5", "15", "30"])),
        .init(term: "--images TIER",
              english: "how pictures are drawn: auto (asks the terminal; the best it draws), kitty (kitty's graphics protocol: kitty, WezTerm, Ghostty), iterm (iTerm2's inline images), sixel (xterm -ti vt340, foot, mlterm), half (two pixels a cell), quadrant (four; needs a font with U+2596–259F, such as DejaVu or Noto Sans Mono), sextant (six; needs a terminal that draws U+1FB00–1FB3B, such as kitty, foot or WezTerm), ascii, text (in words: \"[picture: Apples]\"; the default of --accessible), none; also APPS_CLI_IMAGES",
              german: "wie Bilder gezeichnet werden: auto (fragt das Terminal; das Beste, was es zeichnet), kitty (Grafikprotokoll von kitty: kitty, WezTerm, Ghostty), iterm (Inline-Bilder von iTerm2), sixel (xterm -ti vt340, foot, mlterm), half (zwei Pixel je Zelle), quadrant (vier; braucht eine Schrift mit U+2596–259F, etwa DejaVu oder Noto Sans Mono), sextant (sechs; braucht ein Terminal, das U+1FB00–1FB3B zeichnet, etwa kitty, foot oder WezTerm), ascii, text (in Worten: \"[picture: Apples]\"; die Vorgabe von --accessible), none; auch APPS_CLI_IMAGES",
              values: .choices(["auto"] + PictureTier.allCases.map(\.rawValue))),
        .init(term: "--mouse on|off", english: "mouse reporting: clicks and the wheel (default on; off leaves the terminal's own selection to the mouse)",
              german: "Mausbedienung: Klicks und Mausrad (Vorgabe on; off lässt die Maus dem Markieren im Terminal)", values: .choices(["on", "off"])),
        .init(term: "--theme THEME",
              english: "colours for the terminal's background: auto (asks the terminal for its background colour, else reads COLORFGBG; dark when neither tells), dark, light, high-contrast (7:1 text on the background the terminal has)",
              german: "Farben für den Hintergrund des Terminals: auto (fragt das Terminal nach seiner Hintergrundfarbe, sonst COLORFGBG; dunkel, wenn keins etwas sagt), dark, light, high-contrast (Text mit 7:1 auf dem Hintergrund des Terminals)",
              values: .choices(["auto"] + ColorTheme.Name.allCases.map(\.rawValue))),
        .init(term: "--accessible",
              english: "for screen readers and magnifiers: no box drawing, pictures described in words, a spinner that does not move, and the terminal's cursor on the focused row, button or field; also APPS_CLI_ACCESSIBLE=1 (--accessible=off undoes it)",
              german: "für Bildschirmleser und Lupen: keine Rahmenzeichen, Bilder in Worten beschrieben, ein stehender Ladeanzeiger und der Cursor des Terminals auf der gewählten Zeile, Schaltfläche oder dem Feld; auch APPS_CLI_ACCESSIBLE=1 (--accessible=off hebt es auf)",
              values: .none),
        .init(term: "--print-config", english: "print every setting (base URL, timeout, images, mouse, theme, accessible, width, data folder), its value and where it comes from: an option, the environment, the config file ($XDG_CONFIG_HOME/apps-cli/config) or the default; then exit",
              german: "jede Einstellung mit Wert und Herkunft ausgeben (Option, Umgebung, Konfigurationsdatei $XDG_CONFIG_HOME/apps-cli/config oder Vorgabe), dann beenden",
              values: .none),
    ]
}

extension CommandLineOption {
    /// A feature's declared option, as `--help`, the completions and the manual page say it.
    init(_ option: FeatureOption, of feature: String) {
        let values: OptionValue = switch option.value {
        case .count(_, let examples): .examples(examples)
        case .file: .file
        }
        self.init(term: option.term, english: option.english, german: option.german, feature: feature, values: values)
    }
}

extension HelpText {
    /// `apps-cli --help`: the feature list and the options, laid out for `width` columns.
    public static func overview(version: String, features: [CommandLineFeature], width: Int) -> String {
        let list = table(features.map { ($0.name, $0.summary) }, width: width)
        return """
        \(paragraph("apps-cli \(version) — classic mobile product apps as full-screen terminal apps", width: width))

        Usage: apps-cli <feature> [options]
               apps-cli <feature> --help  (its options and keys)
               apps-cli --version | --man | --print-config
               apps-cli --completion bash|zsh|fish

        Features:
        \(list)

        Options:
        \(table(CommandLineOption.all(for: features).map { ($0.term, $0.english) }, width: width))
        """
    }

    /// `apps-cli <feature> --help`: one feature's options and keys, in the language of its screens
    /// (check24: German), for `width` columns; `features` are every feature (their declared options).
    /// The keys are those in effect: `keyMap` is the config file's remapping for the feature.
    public static func help(for feature: CommandLineFeature, among features: [CommandLineFeature], width: Int, keyMap: KeyMap = .none) -> String {
        let german = feature.texts == .german
        let options = CommandLineOption.all(for: features).filter { $0.feature == nil || $0.feature == feature.name }
        let sections = (feature.keys + (feature.keys.isEmpty ? [] : [KeyHelpSection(feature.texts.everywhereTitle, feature.texts.globalKeys)]))
            .map { KeyHelpSection($0.title, keyMap.remapped($0.keys)) }
        let keyWidth = min(24, sections.flatMap(\.keys).map { DisplayWidth.of($0.keys) }.max() ?? 0)
        let keys = sections.map { section in
            section.title + ":\n" + table(section.keys.map { ($0.keys, $0.action) }, width: width, termWidth: keyWidth)
        }
        let summary = paragraph("apps-cli \(feature.name) — \(german ? feature.localizedSummary ?? feature.summary : feature.summary)", width: width)
        let optionRows = options.map { ($0.term, german ? $0.german : $0.english) }
        return """
        \(summary)

        \(german ? "Aufruf" : "Usage"): apps-cli \(feature.name) [\(german ? "Optionen" : "options")]

        \(german ? "Optionen" : "Options"):
        \(table(optionRows, width: width))
        \(keys.isEmpty ? "" : "\n" + (german ? "Tasten" : "Keys") + ":\n" + keys.joined(separator: "\n\n"))
        """
    }
}
