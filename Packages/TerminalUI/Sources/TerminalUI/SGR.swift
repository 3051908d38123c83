/// Select Graphic Rendition: the escape sequence that sets a style, for a given color mode.
enum SGR {
    /// `ESC[0;…m`: a full reset followed by the style's attributes and colors, so the result never
    /// depends on what was set before. `.none` drops colors but keeps the attributes.
    static func sequence(for style: Style, mode: ColorMode) -> [UInt8] {
        var bytes: [UInt8] = [0x1B, 0x5B, 0x30] // ESC [ 0
        func parameter(_ value: Int) {
            bytes.append(0x3B)
            bytes.appendDecimal(value)
        }
        if style.bold { parameter(1) }
        if style.dim { parameter(2) }
        if style.italic { parameter(3) }
        if style.underline { parameter(4) }
        if style.reverse { parameter(7) }
        for value in ColorEncoding.parameters(for: style.foreground, layer: .foreground, mode: mode) { parameter(value) }
        for value in ColorEncoding.parameters(for: style.background, layer: .background, mode: mode) { parameter(value) }
        bytes.append(0x6D) // m
        return bytes
    }
}

/// Maps a ``Color`` to SGR parameters for what the terminal supports.
enum ColorEncoding {
    enum Layer {
        case foreground, background
    }

    /// SGR parameters selecting `color`; empty for the default color and in `.none` mode.
    /// Indexed 0–7 use 30–37/40–47, 8–15 use 90–97/100–107, the rest `38;5;n`/`48;5;n`;
    /// rgb is `38;2;r;g;b` in truecolor, else its fallback index or the nearest palette color.
    static func parameters(for color: Color, layer: Layer, mode: ColorMode) -> [Int] {
        let extended = layer == .foreground ? 38 : 48
        switch (color, mode) {
        case (.default, _), (_, .none):
            return []
        case (.indexed(let index), _):
            return indexedParameters(Int(index), layer: layer)
        case (.rgb(let red, let green, let blue, _), .trueColor):
            return [extended, 2, Int(red), Int(green), Int(blue)]
        case (.rgb(let red, let green, let blue, let fallback), .palette256):
            return indexedParameters(Int(fallback ?? nearestPaletteIndex(red: red, green: green, blue: blue)), layer: layer)
        }
    }

    private static func indexedParameters(_ index: Int, layer: Layer) -> [Int] {
        let base = layer == .foreground ? 30 : 40
        switch index {
        case 0...7: return [base + index]
        case 8...15: return [base + 60 + index - 8]
        default: return [layer == .foreground ? 38 : 48, 5, index]
        }
    }

    /// The channel values of the 6×6×6 color cube (indices 16–231).
    private static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The closest color among the 6×6×6 cube and the grey ramp (232–255), by squared RGB distance.
    /// The 16 system colors are skipped: themes redefine them.
    static func nearestPaletteIndex(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        let channels = [Int(red), Int(green), Int(blue)]
        let cube = channels.map(nearestCubeLevel)
        let cubeIndex = 16 + 36 * cube[0] + 6 * cube[1] + cube[2]
        let cubeDistance = distance(channels, cube.map { cubeLevels[$0] })

        let average = channels.reduce(0, +) / 3
        let greyStep = min(23, max(0, (average - 8 + 5) / 10))
        let greyValue = 8 + 10 * greyStep
        let greyDistance = distance(channels, [greyValue, greyValue, greyValue])

        return UInt8(greyDistance < cubeDistance ? 232 + greyStep : cubeIndex)
    }

    private static func nearestCubeLevel(_ value: Int) -> Int {
        var best = 0
        for (index, level) in cubeLevels.enumerated() where abs(level - value) < abs(cubeLevels[best] - value) {
            best = index
        }
        return best
    }

    private static func distance(_ a: [Int], _ b: [Int]) -> Int {
        zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
    }
}

extension [UInt8] {
    /// Appends the ASCII digits of a non-negative integer (no String formatting on the hot path).
    mutating func appendDecimal(_ value: Int) {
        let value = Swift.max(0, value)
        var divisor = 1
        while divisor <= value / 10 { divisor *= 10 }
        var remaining = value
        while divisor > 0 {
            append(UInt8(0x30 + remaining / divisor))
            remaining %= divisor
            divisor /= 10
        }
    }

    mutating func appendASCII(_ text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }
}
