/// Turns RGBA pixels into DEC sixel: a palette of its own per picture (median cut), each pixel the
/// nearest palette colour (Floyd–Steinberg dithering only for a terminal of few registers, where
/// banding would show), transparent pixels left unpainted, and run-length encoded bands of six rows.
///
/// Without dithering, neighbouring pixels share colours, so a band holds fewer colours in longer runs:
/// about half the bytes a pixel, and a smaller mean colour error (each pixel is as near as the palette
/// allows; dithering trades that for the look of the average over an area).
public enum SixelEncoder {
    /// Below this many registers the palette is coarse enough for banding to show: dither.
    public static let ditheringBelow = 64

    /// One palette colour, 8 bits a channel.
    struct Colour: Equatable {
        var red: Int, green: Int, blue: Int
    }

    /// The sixel bytes of `rgba` (`size.width * size.height` pixels): DCS … ST, with raster
    /// attributes and at most `maximumColors` colour registers (2…256).
    public static func encode(rgba: [UInt8], size: PixelSize, maximumColors: Int = 256) -> [UInt8] {
        let width = size.width, height = size.height
        guard width > 0, height > 0, rgba.count >= width * height * 4 else { return [] }
        let palette = Self.palette(rgba, count: min(256, max(2, maximumColors)))
        let indices = maximumColors < ditheringBelow ? dither(rgba, width: width, height: height, palette: palette)
            : nearest(rgba, width: width, height: height, palette: palette)

        var output = Array("\u{1B}P0;1;0q\"1;1;\(width);\(height)".utf8)
        for (index, colour) in palette.enumerated() {
            output.appendSixelText("#\(index);2;\(percent(colour.red));\(percent(colour.green));\(percent(colour.blue))")
        }
        // One row of sixels per colour, reused from band to band (zeroed after each use).
        var masks = [UInt8](repeating: 0, count: palette.count * width)
        var inBand = [Bool](repeating: false, count: palette.count)
        var used: [Int] = []
        for band in stride(from: 0, to: height, by: 6) {
            used.removeAll(keepingCapacity: true)
            for down in 0..<min(6, height - band) {
                let bit = UInt8(1) << down
                let rowStart = (band + down) * width
                for x in 0..<width {
                    let colour = indices[rowStart + x]
                    guard colour >= 0 else { continue }
                    let index = Int(colour)
                    if !inBand[index] {
                        inBand[index] = true
                        used.append(index)
                    }
                    masks[index * width + x] |= bit
                }
            }
            for (position, colour) in used.enumerated() {
                if position > 0 { output.append(0x24) } // $: back to the band's start
                output.append(0x23) // #
                output.appendSixelNumber(colour)
                appendRuns(masks[(colour * width)..<((colour + 1) * width)], to: &output)
                for x in (colour * width)..<((colour + 1) * width) { masks[x] = 0 }
                inBand[colour] = false
            }
            output.append(0x2D) // -: next band
        }
        output += [0x1B, 0x5C]
        return output
    }

    private static func percent(_ channel: Int) -> Int { (channel * 100 + 127) / 255 }

    /// One colour's sixels across a band, runs of four or more as `!count`, trailing blanks left out.
    private static func appendRuns(_ mask: ArraySlice<UInt8>, to output: inout [UInt8]) {
        var end = mask.endIndex
        while end > mask.startIndex, mask[end - 1] == 0 { end -= 1 }
        var x = mask.startIndex
        while x < end {
            let value = mask[x]
            var run = 1
            while x + run < end, mask[x + run] == value { run += 1 }
            let character = 0x3F + value
            if run >= 4 {
                output.append(0x21) // !
                output.appendSixelNumber(run)
                output.append(character)
            } else {
                for _ in 0..<run { output.append(character) }
            }
            x += run
        }
    }

    /// Median cut over a 15-bit histogram of the opaque pixels: the box with the most pixels and a
    /// range to split is cut at its median along its widest channel, until `count` boxes; each
    /// palette colour is the exact mean of its box's pixels.
    static func palette(_ rgba: [UInt8], count: Int) -> [Colour] {
        var population = [Int](repeating: 0, count: 32_768)
        var sums = [Int](repeating: 0, count: 32_768 * 3)
        var offset = 0
        while offset + 3 < rgba.count {
            if rgba[offset + 3] >= 128 {
                let key = Self.key(Int(rgba[offset]), Int(rgba[offset + 1]), Int(rgba[offset + 2]))
                population[key] += 1
                sums[key * 3] += Int(rgba[offset]); sums[key * 3 + 1] += Int(rgba[offset + 1]); sums[key * 3 + 2] += Int(rgba[offset + 2])
            }
            offset += 4
        }
        var boxes: [[Int]] = [population.indices.filter { population[$0] > 0 }]
        guard !boxes[0].isEmpty else { return [Colour(red: 0, green: 0, blue: 0)] }
        var totals = [boxes[0].reduce(0) { $0 + population[$1] }]
        while boxes.count < count {
            // The most populous box that still spans more than one bucket.
            var chosen = -1, chosenPopulation = 0
            for (index, box) in boxes.enumerated() where box.count > 1 && totals[index] > chosenPopulation {
                chosen = index
                chosenPopulation = totals[index]
            }
            guard chosen >= 0 else { break }
            let box = boxes[chosen]
            let shifts = [10, 5, 0]
            let ranges = shifts.map { shift in
                let values = box.map { $0 >> shift & 31 }
                return (values.max() ?? 0) - (values.min() ?? 0)
            }
            let shift = shifts[ranges.firstIndex(of: ranges.max() ?? 0) ?? 0]
            let sorted = box.sorted { ($0 >> shift & 31) < ($1 >> shift & 31) }
            var seen = 0, cut = 1
            for (index, key) in sorted.enumerated() {
                seen += population[key]
                if seen * 2 >= chosenPopulation { cut = min(max(1, index + 1), sorted.count - 1); break }
            }
            boxes[chosen] = Array(sorted[..<cut])
            boxes.append(Array(sorted[cut...]))
            totals[chosen] = boxes[chosen].reduce(0) { $0 + population[$1] }
            totals.append(chosenPopulation - totals[chosen])
        }
        return boxes.map { box in
            var total = 0, red = 0, green = 0, blue = 0
            for key in box {
                total += population[key]; red += sums[key * 3]; green += sums[key * 3 + 1]; blue += sums[key * 3 + 2]
            }
            return Colour(red: (red + total / 2) / total, green: (green + total / 2) / total, blue: (blue + total / 2) / total)
        }
    }

    /// Each opaque pixel's palette index (-1 for transparent ones), with Floyd–Steinberg error diffusion.
    static func dither(_ rgba: [UInt8], width: Int, height: Int, palette: [Colour]) -> [Int16] {
        var indices = [Int16](repeating: -1, count: width * height)
        var nearest = [Int16](repeating: -1, count: 32_768)
        // Errors (in sixteenths) for this row and the next, one pixel of margin on each side.
        var current = [Int](repeating: 0, count: (width + 2) * 3)
        var next = current
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 4
                guard rgba[offset + 3] >= 128 else { continue }
                let slot = (x + 1) * 3
                let red = clamp(Int(rgba[offset]) + current[slot] / 16)
                let green = clamp(Int(rgba[offset + 1]) + current[slot + 1] / 16)
                let blue = clamp(Int(rgba[offset + 2]) + current[slot + 2] / 16)
                let key = Self.key(red, green, blue)
                var index = nearest[key]
                if index < 0 {
                    index = Int16(closest(to: Colour(red: red, green: green, blue: blue), in: palette))
                    nearest[key] = index
                }
                indices[y * width + x] = index
                let chosen = palette[Int(index)]
                let redError = red - chosen.red, greenError = green - chosen.green, blueError = blue - chosen.blue
                current[slot + 3] += redError * 7; current[slot + 4] += greenError * 7; current[slot + 5] += blueError * 7
                next[slot - 3] += redError * 3; next[slot - 2] += greenError * 3; next[slot - 1] += blueError * 3
                next[slot] += redError * 5; next[slot + 1] += greenError * 5; next[slot + 2] += blueError * 5
                next[slot + 3] += redError; next[slot + 4] += greenError; next[slot + 5] += blueError
            }
            swap(&current, &next)
            for index in next.indices { next[index] = 0 }
        }
        return indices
    }

    /// Each opaque pixel's nearest palette index (-1 for transparent ones), looked up once per 15-bit colour.
    static func nearest(_ rgba: [UInt8], width: Int, height: Int, palette: [Colour]) -> [Int16] {
        var indices = [Int16](repeating: -1, count: width * height)
        var nearest = [Int16](repeating: -1, count: 32_768)
        rgba.withUnsafeBufferPointer { source in
            indices.withUnsafeMutableBufferPointer { target in
                for pixel in 0..<(width * height) {
                    let offset = pixel * 4
                    guard source[offset + 3] >= 128 else { continue }
                    let red = Int(source[offset]), green = Int(source[offset + 1]), blue = Int(source[offset + 2])
                    let key = Self.key(red, green, blue)
                    var index = nearest[key]
                    if index < 0 {
                        // The bucket's centre stands for every colour in it: one search per bucket.
                        index = Int16(closest(to: Colour(red: red & 0xF8 | 4, green: green & 0xF8 | 4, blue: blue & 0xF8 | 4), in: palette))
                        nearest[key] = index
                    }
                    target[pixel] = index
                }
            }
        }
        return indices
    }

    private static func closest(to colour: Colour, in palette: [Colour]) -> Int {
        var best = 0, bestDistance = Int.max
        for (index, candidate) in palette.enumerated() {
            let red = colour.red - candidate.red, green = colour.green - candidate.green, blue = colour.blue - candidate.blue
            let distance = red * red + green * green + blue * blue
            if distance < bestDistance { best = index; bestDistance = distance }
        }
        return best
    }

    private static func key(_ red: Int, _ green: Int, _ blue: Int) -> Int { (red >> 3) << 10 | (green >> 3) << 5 | blue >> 3 }
    private static func clamp(_ value: Int) -> Int { min(255, max(0, value)) }
}

private extension Array where Element == UInt8 {
    mutating func appendSixelText(_ text: String) { append(contentsOf: text.utf8) }

    mutating func appendSixelNumber(_ value: Int) {
        if value >= 10 { appendSixelNumber(value / 10) }
        append(UInt8(0x30 + value % 10))
    }
}
