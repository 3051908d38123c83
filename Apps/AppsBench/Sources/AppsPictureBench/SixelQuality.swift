import ImageKit

/// How close a sixel picture (ours or chafa's) comes to its source, with the symbol tiers' measure:
/// the sixel is read back into pixels (its palette, bands of six rows, runs, carriage returns), and
/// each painted pixel is compared with the source scaled to the size the picture was drawn at
/// (`drawn`: the sixel's raster may stop short of it, cut to whole bands).
enum SixelQuality {
    /// Mean Euclidean RGB distance (0–441) per painted pixel, and how many pixels of the raster were
    /// left unpainted; nil when `output` holds no sixel with raster attributes.
    static func meanError(output: [UInt8], source: RGBImage, drawn: (width: Int, height: Int)) -> (error: Double, unpainted: Int)? {
        guard let picture = decode(output), drawn.width >= picture.width, drawn.height >= picture.height else { return nil }
        let expected = source.resized(width: drawn.width, height: drawn.height)
        var total = 0.0, painted = 0
        for y in 0..<picture.height {
            for x in 0..<picture.width {
                guard let seen = picture.pixels[y * picture.width + x] else { continue }
                let wanted = expected[x, y]
                let red = Double(Int(seen.red) - Int(wanted.red)), green = Double(Int(seen.green) - Int(wanted.green))
                let blue = Double(Int(seen.blue) - Int(wanted.blue))
                total += (red * red + green * green + blue * blue).squareRoot()
                painted += 1
            }
        }
        guard painted > 0 else { return nil }
        return (total / Double(painted), picture.width * picture.height - painted)
    }

    /// The pixels a sixel paints (nil where it paints none), within its raster attributes' size.
    static func decode(_ output: [UInt8]) -> (width: Int, height: Int, pixels: [RGBPixel?])? {
        guard let start = output.firstIndex(of: 0x71) else { return nil } // q: the sixel data begins
        var index = start + 1
        func number() -> Int {
            var value = 0
            while index < output.count, (0x30...0x39).contains(output[index]) {
                value = value * 10 + Int(output[index] - 0x30)
                index += 1
            }
            return value
        }
        func numbers() -> [Int] {
            var values = [number()]
            while index < output.count, output[index] == 0x3B { index += 1; values.append(number()) }
            return values
        }
        guard index < output.count, output[index] == 0x22 else { return nil } // " raster attributes
        index += 1
        let raster = numbers()
        guard raster.count == 4, raster[2] > 0, raster[3] > 0 else { return nil }
        let width = raster[2], height = raster[3]
        var pixels = [RGBPixel?](repeating: nil, count: width * height)
        var palette: [Int: RGBPixel] = [:]
        var colour = 0, x = 0, band = 0
        func percent(_ value: Int) -> UInt8 { UInt8(min(255, (value * 255 + 50) / 100)) }
        while index < output.count {
            let byte = output[index]
            var repeats = 1
            switch byte {
            case 0x23: // # select, or define and select
                index += 1
                let values = numbers()
                colour = values[0]
                if values.count == 5, values[1] == 2 { palette[colour] = RGBPixel(red: percent(values[2]), green: percent(values[3]), blue: percent(values[4])) }
                continue
            case 0x24: x = 0; index += 1; continue   // $ back to the band's start
            case 0x2D: x = 0; band += 1; index += 1; continue // - next band
            case 0x21: index += 1; repeats = number() // ! count, then the sixel
            case 0x1B: return (width, height, pixels)
            default: break
            }
            guard index < output.count else { break }
            let sixel = output[index]
            index += 1
            guard (0x3F...0x7E).contains(sixel) else { continue }
            let bits = Int(sixel - 0x3F), paint = palette[colour]
            for _ in 0..<repeats {
                for bit in 0..<6 where bits >> bit & 1 == 1 {
                    let y = band * 6 + bit
                    if x < width, y < height { pixels[y * width + x] = paint }
                }
                x += 1
            }
        }
        return (width, height, pixels)
    }
}
