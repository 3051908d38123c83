import Foundation
import HTTPClientTesting
import ImageKit
import PictureUI
import TestSupport
import XCTest

/// The product grid in real terminals on a virtual X display: kitty (its graphics protocol, with
/// Mesa's software renderer) and `xterm -ti vt340` (sixel), each choosing its tier by itself
/// (`--images auto`). A screenshot's picture is compared with the source picture scaled to the same
/// box. The source is fine vertical stripes inside a magenta frame: the frame finds the box on the
/// screen, the stripes are detail that pixels keep and half blocks (one colour across a cell) lose.
///
/// Needs Xvfb, kitty, xterm and ImageMagick's `import`: `.ci/run` installs them and sets
/// `APPS_CLI_REQUIRE_REAL_TERMINALS=1`, under which a missing one fails instead of skipping.
final class RealTerminalPictureTests: XCTestCase {
    /// The mean colour error (Euclidean RGB distance, 0–441) a picture in the terminal's pixels must
    /// stay under. Measured here: 0 in kitty (the PNG is sent at the box's own pixel size and shown
    /// 1:1), under 1 with sixel (three colours fit the palette exactly; dithering adds nothing), and
    /// about 77 with half blocks, which show one colour across a cell where 1.5 stripes meet (the
    /// stripes' colours are 330 apart). 20 leaves room for a terminal that scales the picture itself.
    static let maximumMeanError = 20.0

    private static let magenta = RGBPixel(red: 255, green: 0, blue: 255)
    private static let stripes = [RGBPixel(red: 220, green: 30, blue: 30), RGBPixel(red: 30, green: 200, blue: 220)]

    /// 240 × 240: a 12-pixel magenta frame around stripes 6 pixels wide.
    static let source: RGBImage = {
        var rows: [[RGBPixel]] = []
        for y in 0..<240 {
            rows.append((0..<240).map { x in
                if x < 12 || y < 12 || x >= 228 || y >= 228 { return magenta }
                return stripes[(x / 6) % 2]
            })
        }
        return RGBImage(rows: rows)
    }()

    func testKittyShowsThePictureInItsOwnPixelsAndHalfBlocksCannot() throws {
        let display = try VirtualDisplay.start()
        defer { display.stop() }
        let kitty = ["kitty", "--config", "NONE", "-o", "font_size=11", "-o", "remember_window_size=no",
                     "-o", "initial_window_width=900", "-o", "initial_window_height=600", "-o", "placement_strategy=top-left"]
        let pixels = try display.pictureError(terminal: kitty, extraArguments: [])
        XCTAssertLessThan(pixels, Self.maximumMeanError, "kitty's graphics protocol keeps the stripes")
        // As over SSH: the same pixels, zlib-compressed (o=z), which kitty inflates itself.
        let compressed = try display.pictureError(terminal: kitty, extraArguments: [], environment: ["SSH_CONNECTION": "10.0.0.2 50000 10.0.0.1 22"])
        XCTAssertLessThan(compressed, Self.maximumMeanError, "compressed, the same stripes")
        let halfBlocks = try display.pictureError(terminal: kitty, extraArguments: ["--images", "half"])
        XCTAssertGreaterThan(halfBlocks, Self.maximumMeanError, "half blocks lose them: the test tells the tiers apart")
        print("mean colour error in kitty: graphics protocol \(pixels), compressed \(compressed), half blocks \(halfBlocks)")
    }

    func testXtermAsAVT340ShowsThePictureAsSixel() throws {
        let display = try VirtualDisplay.start()
        defer { display.stop() }
        let xterm = ["xterm", "-ti", "vt340", "-geometry", "100x36+0+0", "-fa", "DejaVu Sans Mono", "-fs", "10"]
        let error = try display.pictureError(terminal: xterm, extraArguments: [])
        XCTAssertLessThan(error, Self.maximumMeanError, "sixel keeps the stripes")
        print("mean colour error in xterm -ti vt340: sixel \(error)")
    }
}

/// The product grid run in a terminal on a virtual display.
extension VirtualDisplay {
    /// Runs the product grid with one product showing ``RealTerminalPictureTests/source`` in
    /// `terminal`, waits until its picture is on the screen and still, and returns the mean colour
    /// error between the screen's picture and the source scaled to it. Then ends the app (SIGTERM,
    /// the terminal stays open) and checks that no picture was left behind on the screen.
    func pictureError(terminal: [String], extraArguments: [String], environment extraEnvironment: [String: String] = [:]) throws -> Double {
        let png = try XCTUnwrap(PNGEncoder.encode(rgba: rgba(RealTerminalPictureTests.source), width: 240, height: 240))
        // Pictures come from a server of their own, whose address the catalog names.
        let pictures = try LocalHTTPServer(routes: [.init(path: "/stripes.png", body: Data(png), headers: ["Content-Type": "image/png"])])
        defer { pictures.stop() }
        let product = #"{"product_id":"1","name":"Stripes","price":100,"image":"\#(pictures.baseURL.absoluteString)/stripes.png","description":"x"}"#
        let server = try LocalHTTPServer(routes: [
            .init(path: "/cart/list", body: Data(#"{"products":[\#(product)]}"#.utf8)),
            .init(path: "/cart/1/detail", body: Data(product.utf8)),
        ])
        defer { server.stop() }
        let base = server.baseURL.absoluteString
        let process = Process()
        process.executableURL = URL(fileURLWithPath: which(terminal[0])!)
        let dataDirectory = work.appendingPathComponent("data-\(UUID().uuidString)").path
        let log = work.appendingPathComponent("terminal-\(UUID().uuidString).log").path
        // Through a shell that outlives the app, so that the screen after it can be seen.
        process.arguments = Array(terminal.dropFirst()) + ["-e", "/bin/sh", "-c", "\"$0\" \"$@\"; sleep 60", AppsCLIProcess.executable.path,
                                                           "product-grid", "--base-url", base, "--data-dir", dataDirectory] + extraArguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = ":\(number)"
        environment["LIBGL_ALWAYS_SOFTWARE"] = "1"
        for name in ["TMUX", "TERM_PROGRAM", "APPS_CLI_IMAGES", "NO_COLOR", "KITTY_WINDOW_ID", "SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY"] {
            environment[name] = nil
        }
        environment.merge(extraEnvironment) { $1 }
        environment["APPS_CLI_LOG"] = log
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        // The picture is there once the same box shows twice in a row.
        var previous: (box: (Int, Int, Int, Int), screen: RGBImage)?
        let deadline = Date().addingTimeInterval(40)
        while Date() < deadline {
            usleep(700_000)
            guard let screen = try? screenshot(), let box = magentaBox(screen) else { continue }
            if let previous, previous.box == box {
                let error = meanError(screen, box: box)
                let logged = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
                if !extraArguments.contains("half") {
                    XCTAssertTrue(logged.contains("every picture on screen is drawn: 1 pictures"), "\(terminal[0]): the log says when: \(logged)")
                }
                try endApp(runningWith: dataDirectory)
                // The terminal draws what the app wrote last a moment after it ends: the picture must go within the deadline.
                pollUntil("\(terminal[0]): no picture is left behind after the app ends", every: .milliseconds(100)) {
                    try magentaBox(screenshot()) == nil
                }
                return error
            }
            previous = (box, screen)
        }
        XCTFail("\(terminal[0]) never showed the picture")
        return .infinity
    }

    /// Sends SIGTERM to the apps-cli process started with `dataDirectory` and waits until it has ended.
    private func endApp(runningWith dataDirectory: String) throws {
        let processes = try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap(Int32.init)
        let app = processes.first { pid in
            guard let commandLine = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            let arguments = commandLine.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return arguments.first?.hasSuffix("apps-cli") == true && arguments.contains(dataDirectory)
        }
        let pid = try XCTUnwrap(app, "the app is running")
        kill(pid, SIGTERM)
        pollUntil("the app ended after SIGTERM") { kill(pid, 0) != 0 }
    }

    private func screenshot() throws -> RGBImage {
        let file = work.appendingPathComponent("screen.png")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: which("import")!)
        process.arguments = ["-display", ":\(number)", "-window", "root", "-depth", "8", "PNG24:" + file.path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return try ImageDecoder.decode(Data(contentsOf: file))
    }

    /// The bounding box (left, top, right, bottom; inclusive) of the magenta pixels, if enough of them.
    private func magentaBox(_ screen: RGBImage) -> (Int, Int, Int, Int)? {
        var left = Int.max, top = Int.max, right = -1, bottom = -1, count = 0
        for y in 0..<screen.height {
            for x in 0..<screen.width {
                let pixel = screen[x, y]
                guard pixel.red > 200, pixel.green < 90, pixel.blue > 200 else { continue }
                count += 1
                left = min(left, x); top = min(top, y); right = max(right, x); bottom = max(bottom, y)
            }
        }
        guard count > 400, right - left > 30, bottom - top > 30 else { return nil }
        return (left, top, right, bottom)
    }

    private func meanError(_ screen: RGBImage, box: (Int, Int, Int, Int)) -> Double {
        let width = box.2 - box.0 + 1, height = box.3 - box.1 + 1
        let expected = RealTerminalPictureTests.source.resized(width: width, height: height)
        var total = 0.0
        for y in 0..<height {
            for x in 0..<width {
                let seen = screen[box.0 + x, box.1 + y], wanted = expected[x, y]
                let red = Double(Int(seen.red) - Int(wanted.red)), green = Double(Int(seen.green) - Int(wanted.green))
                let blue = Double(Int(seen.blue) - Int(wanted.blue))
                total += (red * red + green * green + blue * blue).squareRoot()
            }
        }
        return total / Double(width * height)
    }

    private func rgba(_ image: RGBImage) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(image.width * image.height * 4)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image[x, y]
                output += [pixel.red, pixel.green, pixel.blue, 255]
            }
        }
        return output
    }
}
