import Foundation
import ImageKit
import PictureUI
import TerminalUI

// A picture drawn as a whole process, for Scripts/benchmarks.py's race against chafa: a small
// program linking only the picture packages, built statically (Scripts/build-release), so that what
// is timed is the picture's work and a process start like chafa's, not the whole app suite's.
//
//   apps-cli-picture-bench render-image FILE COLSxROWS [half|quadrant|sextant|kitty|iterm|sixel] [--compressed]
//                          decode (libjpeg's DCT scaling), downscale, symbol render or picture
//                          protocol (cells of 10x20 pixels; --compressed as over SSH), print
//   apps-cli-picture-bench picture-phases FILE [COLSxROWS]
//                          where a picture's time goes, in-process: decoding, fitting, each protocol
//   apps-cli-picture-bench sixel-error SOURCE WxH - < OUT
//                          the mean colour error of a sixel (ours or chafa's) against SOURCE drawn at
//                          WxH pixels (the raster may stop short of it, at whole bands)
//   apps-cli-picture-bench symbol-error SOURCE K - < OUT
//                          the mean colour error of a symbol picture (ours or chafa's) against
//                          SOURCE, sampled 2 across and K down per cell

/// Counts what the renderer writes, like a terminal would receive it.
final class CountingSink: OutputSink {
    var bytes = 0
    func write(_ bytes: [UInt8]) { self.bytes += bytes.count }
}

/// Writes what the renderer produces to standard output.
final class StandardOutputSink: OutputSink {
    func write(_ bytes: [UInt8]) { FileHandle.standardOutput.write(Data(bytes)) }
}

let arguments = CommandLine.arguments
if arguments.count >= 3, arguments[1] == "render-image" {
    let size = arguments.count > 3 ? arguments[3].split(separator: "x").compactMap { Int($0) } : [40, 20]
    let cells = Size(columns: size.first ?? 40, rows: size.last ?? 20)
    let tier = arguments.count > 4 ? PictureTier(rawValue: arguments[4]) ?? .halfBlocks : .halfBlocks
    let mode = ImageRenderMode(colorMode: .trueColor, tier: tier) ?? .halfBlocks
    do {
        let data = try Data(contentsOf: URL(fileURLWithPath: arguments[2]))
        // Decoded to fit what is drawn, as the app's image repository decodes (to fit its side). The
        // pixel tiers: the box's pixels (cells of 10x20). Half blocks: a pixel across and two down per
        // cell, the renderer's own grid. Quadrants and sextants resample that grid to two across and
        // two or three down per cell: from four times it, so that no sample is made from pixels
        // already averaged coarser than itself (twice it: colour error 5.47 for sextants, against
        // 5.17 at four times and 5.02 from the whole picture).
        let cell = switch tier {
        case _ where tier.graphics != nil: PixelSize(width: 10, height: 20)
        case .quadrants, .sextants: PixelSize(width: 4, height: 8)
        default: PixelSize(width: 1, height: 2)
        }
        let image = try ImageDecoder.decode(data, fittingIn: (cells.columns * cell.width, cells.rows * cell.height))
        var frame: Frame
        if tier.graphics != nil {
            frame = Frame(size: cells)
            frame.place(ImagePicture(image), in: frame.bounds)
        } else {
            frame = ImageRenderer.render(image, in: cells, mode: mode)
        }
        DiffRenderer(sink: StandardOutputSink(), colorMode: .trueColor, graphics: tier.graphics, cellPixels: PixelSize(width: 10, height: 20),
                     compressesPictures: arguments.contains("--compressed")).render(frame)
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("render-image: \(error)\n".utf8))
        exit(1)
    }
}
if arguments.count >= 3, arguments[1] == "picture-phases" {
    // Where a picture's time goes, in-process, median of 15: decoding near the box, fitting it into the
    // box, then each protocol's encoding (cells of 10x20 pixels).
    let size = arguments.count > 3 ? arguments[3].split(separator: "x").compactMap { Int($0) } : [40, 20]
    let cells = Size(columns: size.first ?? 40, rows: size.last ?? 20)
    let box = PixelSize(width: cells.columns * 10, height: cells.rows * 20)
    guard let data = FileManager.default.contents(atPath: arguments[2]) else { exit(1) }
    func median(_ body: () -> Void) -> Double {
        let samples = (0..<15).map { _ in
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
        }
        return samples.sorted()[7]
    }
    var image = try! ImageDecoder.decode(data, fittingIn: (box.width, box.height))
    print(String(format: "decode to fit %dx%d: %.2f ms", image.width, image.height,
                 median { image = try! ImageDecoder.decode(data, fittingIn: (box.width, box.height)) }))
    let whole = try! ImageDecoder.decode(data, fittingIn: (0, 0))
    print(String(format: "decode whole (%dx%d): %.2f ms, then scale it to fit: %.2f ms", whole.width, whole.height,
                 median { _ = try! ImageDecoder.decode(data, fittingIn: (0, 0)) }, median { _ = whole.scaled(toFit: (box.width, box.height)) }))
    let picture = ImagePicture(image)
    print(String(format: "fit into %dx%d RGBA: %.2f ms", box.width, box.height, median { _ = picture.rgba(fittingIn: box) }))
    for (graphics, compresses) in [(GraphicsProtocol.kitty, false), (.kitty, true), (.iterm, false), (.iterm, true), (.sixel, false)] {
        var frame = Frame(size: cells)
        frame.place(picture, in: frame.bounds)
        let sink = CountingSink()
        let encode = median {
            let renderer = DiffRenderer(sink: sink, colorMode: .trueColor, graphics: graphics, cellPixels: PixelSize(width: 10, height: 20),
                                        compressesPictures: compresses)
            sink.bytes = 0
            renderer.render(frame)
        }
        print(String(format: "%@%@: fit, encode and write %.2f ms, %d bytes", "\(graphics)", compresses ? " (compressed)" : "", encode, sink.bytes))
    }
    exit(0)
}
if arguments.count >= 5, arguments[1] == "symbol-error", let rowsPerCell = Int(arguments[3]) {
    // The colour error of a symbol picture read from standard input (ours or chafa's) against SOURCE.
    guard let data = FileManager.default.contents(atPath: arguments[2]), let source = try? ImageDecoder.decode(data),
          let result = SymbolQuality.meanError(output: Array(FileHandle.standardInput.readDataToEndOfFile()), source: source,
                                               rowsPerCell: rowsPerCell) else { exit(1) }
    print(String(format: "%.2f %d", result.error, result.unknown))
    exit(0)
}
if arguments.count >= 5, arguments[1] == "sixel-error" {
    // The colour error of a sixel read from standard input (ours or chafa's) against SOURCE drawn at WxH.
    let drawn = arguments[3].split(separator: "x").compactMap { Int($0) }
    guard drawn.count == 2, let data = FileManager.default.contents(atPath: arguments[2]), let source = try? ImageDecoder.decode(data),
          let result = SixelQuality.meanError(output: Array(FileHandle.standardInput.readDataToEndOfFile()), source: source,
                                              drawn: (drawn[0], drawn[1])) else { exit(1) }
    print(String(format: "%.2f %d", result.error, result.unpainted))
    exit(0)
}
FileHandle.standardError.write(Data("usage: apps-cli-picture-bench render-image|picture-phases|symbol-error …\n".utf8))
exit(64)
