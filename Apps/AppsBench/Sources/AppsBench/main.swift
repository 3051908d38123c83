import ImageKitTesting
import Check24Overview
import Check24OverviewTesting
import Contacts
import ContactsCore
import ContactsTesting
import JSONKit
import ResourceDirectory
import ResourceDirectoryTesting
import SystemActionsTesting
import Foundation
import HTMLText
import HTTPClient
import ImageKit
import PictureUI
import Navigation
import Storage
import TerminalKit
import TerminalUI
import TextCells
import WebBrowser
import WebBrowserTesting

// Speed and output-size goals, measured on a release build (Scripts/bench), never in unit tests.
// Each goal is a budget; the run fails (exit 1) when one is exceeded, so a regression is loud.

/// Counts what the renderer writes, like a terminal would receive it.
final class CountingSink: OutputSink {
    var bytes = 0
    func write(_ bytes: [UInt8]) { self.bytes += bytes.count }
}

extension String {
    func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}

struct Goal {
    var name: String
    var value: Double
    var budget: Double
    var unit: String
    var passed: Bool { value <= budget }
}

var goals: [Goal] = []

/// Writes what the renderer produces to standard output.
final class StandardOutputSink: OutputSink {
    func write(_ bytes: [UInt8]) { FileHandle.standardOutput.write(Data(bytes)) }
}

// Single jobs for Scripts/benchmarks.py, measured as whole processes against other tools:
// (A picture drawn as a whole process, its phases, and a symbol picture's colour error are
// apps-cli-picture-bench's: a small, statically linked program, as chafa is.)
//   apps-cli-bench html-text FILE                HTML to wrapped plain text (80 columns), print
//   apps-cli-bench decode-check24 FILE           a CHECK24 catalog through each JSON decoder, timed in-process
//   apps-cli-bench picture-bytes                 only the bytes per picture tier (section 4b)
//   apps-cli-bench widths --model M [--unicode V] each line of stdin's width in model M (clusters,
//                                                scalars, libc; tables of Unicode V: 15.0, 17.0), one a line:
//                                                a terminal measured by Scripts/dev/measure-widths is
//                                                compared with any model from outside the tests
let arguments = CommandLine.arguments
if arguments.count >= 2, arguments[1] == "widths" {
    var kind: WidthModel.Kind?, unicode = WidthModel.UnicodeVersion.v17_0
    var rest = arguments.dropFirst(2)
    while let option = rest.popFirst() {
        switch (option, rest.popFirst()) {
        case ("--model", let value?): kind = WidthModel.Kind(rawValue: value)
        case ("--unicode", let value?): unicode = WidthModel.UnicodeVersion(rawValue: value) ?? unicode
        default: kind = nil; rest = []
        }
    }
    guard let kind else {
        FileHandle.standardError.write(Data("usage: apps-cli-bench widths --model clusters|scalars|libc [--unicode 15.0|17.0] < lines\n".utf8))
        exit(64)
    }
    let model = WidthModel(kind, unicode: unicode)
    var output = ""
    while let line = readLine(strippingNewline: true) {
        output += "\(model.width(of: line))\n"
        if output.utf8.count > 1 << 16 { print(output, terminator: ""); output = "" }
    }
    print(output, terminator: "")
    exit(0)
}
if arguments.count >= 2, arguments[1] == "picture-bytes" {
    await pictureTierBytes()
    for goal in goals { print("\(goal.passed ? "ok  " : "OVER") \(goal.name): \(Int(goal.value)) B (budget \(Int(goal.budget)) B)") }
    exit(goals.allSatisfy(\.passed) ? 0 : 1)
}
if arguments.count >= 3, arguments[1] == "html-text" {
    guard let data = FileManager.default.contents(atPath: arguments[2]) else { exit(1) }
    print(HTMLDocument.parse(String(decoding: data, as: UTF8.self)).plainText(width: 80))
    exit(0)
}

// `apps-cli-bench check24-keys N`: only check24's per-key timings at N products, for a profiler
// (`valgrind --tool=callgrind --toggle-collect='*keyTiming*'` counts the instructions of the keys alone).
if arguments.count >= 3, arguments[1] == "check24-keys", let count = Int(arguments[2]) {
    for timing in await perKeyTimings(productCount: count) {
        print(String(format: "%@ p50 %.3f ms p99 %.3f ms", timing.key, timing.p50, timing.p99))
    }
    exit(0)
}

if arguments.count >= 3, arguments[1] == "decode-check24" {
    // Where a catalog's first frame goes, in-process: each decoder alone, then the filters' index.
    guard let data = FileManager.default.contents(atPath: arguments[2]) else { exit(1) }
    func milliseconds(since start: UInt64) -> String {
        String(format: "%.0f ms", Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    var start = DispatchTime.now().uptimeNanoseconds
    let foundation = try? JSONDecoder().decode(Check24Catalog.self, from: data)
    print("Foundation JSONDecoder  \(milliseconds(since: start))  \(foundation?.products.count ?? -1) products")
    start = DispatchTime.now().uptimeNanoseconds
    let lazy = try? LazyJSONDecoder().decode(Check24Catalog.self, from: data)
    print("LazyJSONDecoder         \(milliseconds(since: start))  \(lazy?.products.count ?? -1) products")
    start = DispatchTime.now().uptimeNanoseconds
    _ = Check24FilteredCatalog(products: lazy?.products ?? [])
    print("filtered catalog        \(milliseconds(since: start))")
    // Both decoders must read the same catalog, product by product.
    let same = foundation.flatMap { foundation in
        lazy.map { $0.header == foundation.header && $0.skipped == foundation.skipped && $0.products.elementsEqual(foundation.products) }
    } ?? false
    exit(same ? 0 : 1)
}

func measure(_ repetitions: Int, _ body: () -> Void) -> Double {
    body() // warm up
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<repetitions { body() }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(repetitions) / 1_000_000
}

// 1. HTMLText: a 1 MB page, parsed and laid out (linear time keeps this well under a second).
let paragraph = "<p>Lorem <b>ipsum</b> dolor sit amet, <a href=\"/x\">consetetur</a> sadipscing elitr &amp; sed diam.</p>\n"
let page = "<html><body><h1>Benchmark</h1>" + String(repeating: paragraph, count: 1_000_000 / paragraph.utf8.count) + "</body></html>"
let htmlMilliseconds = measure(3) { _ = HTMLDocument.parse(page).layout(width: 100) }
goals.append(Goal(name: "HTML 1 MB parse + layout", value: htmlMilliseconds, budget: 1_500, unit: "ms"))

// 2. A pathological page (unclosed tags) must stay linear too.
let nasty = String(repeating: "<div><a href='", count: 50_000)
let nastyMilliseconds = measure(3) { _ = HTMLDocument.parse(nasty).layout(width: 80) }
goals.append(Goal(name: "HTML 700 KB of unclosed tags", value: nastyMilliseconds, budget: 1_500, unit: "ms"))

// 2b. Linear in the input on random, broken markup: ten times the input, at most ~15 times the time.
func randomMarkup(bytes: Int) -> String {
    var state: UInt64 = 7
    let pieces = ["<div>", "</div>", "<p>", "<ul><li>", "</li>", "<table><tr><td>", "</td>", "&amp;", "&#x1F600;", "&nbsp",
                  "<a href='x", "\"", "<b><i>", "</b>", "<!--", "-->", "<script>", "</script>", "text ", "más ", "<br>", "<"]
    var text = ""
    while text.utf8.count < bytes {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        text += pieces[Int((state >> 33) % UInt64(pieces.count))]
    }
    return text
}
let smallMarkup = randomMarkup(bytes: 100_000), largeMarkup = randomMarkup(bytes: 1_000_000)
let smallMilliseconds = measure(5) { _ = HTMLDocument.parse(smallMarkup).layout(width: 80) }
let largeMilliseconds = measure(3) { _ = HTMLDocument.parse(largeMarkup).layout(width: 80) }
goals.append(Goal(name: "HTML random markup 1 MB / 100 KB time", value: largeMilliseconds / smallMilliseconds, budget: 15, unit: "x"))

// 3. Picture decode + half-block render of a demo PNG.
if let demo = Check24OverviewModule.demoDataDirectory,
   let png = try? Data(contentsOf: demo.appendingPathComponent("images/green-hexagon.png")) {
    let decodeMilliseconds = measure(50) {
        if let image = try? ImageDecoder.decode(png) { _ = ImageRenderer.render(image, in: Size(columns: 24, rows: 12), mode: .halfBlocks) }
    }
    goals.append(Goal(name: "PNG 64x64 decode + render 24x12", value: decodeMilliseconds, budget: 5, unit: "ms"))
}

/// check24's overview on its demo data, shown in a headless host of `size` once loading settled.
@MainActor
final class DemoOverview {
    let client: HTTPClient
    let service: HTTPCheck24Service
    let favorites: SQLiteFavoritesService

    init?(name: String) {
        guard let demo = Check24OverviewModule.demoDataDirectory,
              let favorites = try? SQLiteFavoritesService(directory: FileManager.default.temporaryDirectory.appendingPathComponent("apps-cli-bench-\(name)-\(getpid())"))
        else { return nil }
        self.favorites = favorites
        client = HTTPClient(transport: Check24OverviewModule.demoTransport(directory: demo))
        service = HTTPCheck24Service(client: client, baseURL: Check24OverviewModule.originalBaseURL)
    }

    func host(_ size: Size, pictureGrace: Duration = HeadlessHost.defaultPictureGrace) async -> HeadlessHost {
        let host = HeadlessHost(size: size, pictureGrace: pictureGrace)
        let client = self.client
        let screen = Check24OverviewModule.make(dependencies: .init(
            catalog: service, favorites: favorites,
            images: ImageRepository(fetch: { try await client.picture(at: $0) }, diskCacheDirectory: nil),
            pages: HTTPWebPageLoader(client: client), legalPageURL: Check24OverviewModule.originalLegalPageURL,
            opener: UnimplementedURLOpener()), host: host.controller)
        _ = await host.run(root: screen, keys: [])
        return host
    }
}

// 4. The check24 overview on the demo data: one frame at 120x40, and the bytes each kind of change
// writes at 80x24 and 200x60 against a full redraw: a one-row move at most two rows' worth, a page
// down or a screen switch about a redraw (everything changed), never much more.
@MainActor
func overviewGoals() async {
    guard let demo = DemoOverview(name: "overview") else { return }
    func overview(_ size: Size) async -> HeadlessHost { await demo.host(size) }
    let host = await overview(Size(columns: 120, rows: 40))
    let context = RenderContext(size: Size(columns: 120, rows: 40), colorMode: .trueColor)
    let frameMilliseconds = measure(50) { _ = host.controller.render(in: context) }
    goals.append(Goal(name: "check24 overview frame 120x40", value: frameMilliseconds, budget: 16, unit: "ms"))

    for size in [Size(columns: 80, rows: 24), Size(columns: 200, rows: 60)] {
        let host = await overview(size)
        let context = RenderContext(size: size, colorMode: .trueColor)
        let sink = CountingSink()
        let renderer = DiffRenderer(sink: sink, colorMode: .trueColor)
        renderer.render(host.controller.render(in: context))
        let full = sink.bytes
        /// The bytes the frame after `event` adds to the screen.
        func bytes(after event: InputEvent) -> Int {
            sink.bytes = 0
            _ = host.controller.dispatch(event, in: context)
            renderer.render(host.controller.render(in: context))
            return sink.bytes
        }
        let label = "\(size.columns)x\(size.rows), full frame \(full) B"
        let twoRows = Double(full) * 2 / Double(size.rows)
        goals.append(Goal(name: "bytes: one-row move \(label)", value: Double(bytes(after: .key(.down))), budget: twoRows, unit: "B"))
        goals.append(Goal(name: "bytes: page down \(label)", value: Double(bytes(after: .key(.pageDown))), budget: Double(full) * 1.1, unit: "B"))
        goals.append(Goal(name: "bytes: list to detail \(label)", value: Double(bytes(after: .key(.enter))), budget: Double(full) * 1.1, unit: "B"))
        goals.append(Goal(name: "bytes: detail back to list \(label)", value: Double(bytes(after: .key(.escape))), budget: Double(full) * 1.1, unit: "B"))
    }
}
await overviewGoals()

// 4b. Bytes per picture tier, check24's overview at 120x40 on the demo data (a picture on every
// product), cells of 10x20 pixels: the first frame, then what each change adds (after the pictures it
// starts have arrived). kitty sends a picture once, so a one-row move and coming back from a detail
// send none again: those cost what the same change costs with half blocks, plus a few placements.
@MainActor
func pictureTierBytes() async {
    guard let demo = DemoOverview(name: "tiers") else { return }
    let size = Size(columns: 120, rows: 40)
    var halfBlockMoves: [String: Int] = [:]
    print("picture bytes per tier, check24 120x40:  first frame  one-row move  page down  list → detail  detail → list")
    for tier in [PictureTier.halfBlocks, .quadrants, .sextants, .kitty, .iterm, .sixel] {
        let host = await demo.host(size, pictureGrace: .seconds(5))
        let context = RenderContext(size: size, colorMode: .trueColor, pictures: tier)
        let sink = CountingSink()
        let renderer = DiffRenderer(sink: sink, colorMode: .trueColor, graphics: tier.graphics, cellPixels: PixelSize(width: 10, height: 20))
        /// The bytes of the frames after `event` (none: the first), once the pictures it starts are in.
        func bytes(after event: InputEvent?) async -> Int {
            sink.bytes = 0
            if let event { _ = host.controller.dispatch(event, in: context) }
            renderer.render(host.controller.render(in: context))
            _ = await host.controller.work.waitUntilIdle(timeout: .seconds(5))
            renderer.render(host.controller.render(in: context))
            return sink.bytes
        }
        let first = await bytes(after: nil)
        let move = await bytes(after: .key(.down))
        let page = await bytes(after: .key(.pageDown))
        let detail = await bytes(after: .key(.enter))
        let back = await bytes(after: .key(.escape))
        print("  \(tier.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0))"
              + [first, move, page, detail, back].map { String($0).leftPadded(to: 14) }.joined())
        if tier == .halfBlocks { halfBlockMoves = ["move": move, "back": back] }
        if tier == .kitty {
            // A placement command is about 40 bytes; a screen of check24 holds at most a dozen pictures.
            goals.append(Goal(name: "bytes: kitty one-row move, no picture resent", value: Double(move),
                              budget: Double(halfBlockMoves["move"] ?? 0) + 1_000, unit: "B"))
            goals.append(Goal(name: "bytes: kitty detail → list, no picture resent", value: Double(back),
                              budget: Double(halfBlockMoves["back"] ?? 0) + 1_000, unit: "B"))
        }
    }
}
await pictureTierBytes()

// 4c. A frame that places a new picture costs, on the main actor, what the same frame without it
// costs (a picture already on screen in its box): the host's renderer makes pictures later (PictureMaker encodes them off the main actor), so
// the frame writes the text and hands the picture out as a job; the frame after it sends what the job
// made. Measured for kitty and sixel on a 40x20-cell box (400x400 pixels) of an 800x800 picture, a
// new picture (a new identity) each time; the encoding a frame did before is shown beside.
@MainActor
func newPictureFrameGoals() {
    let side = 800
    var pixels = [UInt8](repeating: 0, count: side * side * 3)
    for y in 0..<side {
        for x in 0..<side {
            let index = (y * side + x) * 3
            pixels[index] = UInt8(x * 255 / side); pixels[index + 1] = UInt8(y * 255 / side); pixels[index + 2] = UInt8((x ^ y) & 255)
        }
    }
    let size = Size(columns: 120, rows: 40), box = Rect(column: 2, row: 4, columns: 40, rows: 20)
    func frame(_ row: Int, picture: ImagePicture?) -> Frame {
        var frame = Frame(size: size)
        frame.put("row \(row)", at: Point(column: 60, row: row % 30))
        if let picture { frame.place(picture, in: box) }
        return frame
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    func milliseconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
    }
    print("a frame placing a new picture, main actor (p50):  picture already sent  new picture  the frame that sends it  encoding off the actor  encoding in the frame (before)")
    for graphics in [GraphicsProtocol.kitty, .sixel] {
        let cell = PixelSize(width: 10, height: 20)
        let later = DiffRenderer(sink: CountingSink(), colorMode: .trueColor, graphics: graphics, cellPixels: cell, makesPicturesLater: true)
        let atOnce = DiffRenderer(sink: CountingSink(), colorMode: .trueColor, graphics: graphics, cellPixels: cell)
        var without: [Double] = [], placing: [Double] = [], sending: [Double] = [], encoding: [Double] = [], inFrame: [Double] = []
        var shown = ImagePicture(RGBImage(width: side, height: side, pixels: pixels))
        later.render(frame(0, picture: shown))
        later.takePictureJobs().forEach { later.adopt($0.make()) }
        for round in 0..<21 {
            // The same frame but for a row of text, its picture already on screen; then a new picture in its box.
            without.append(milliseconds { later.render(frame(round * 3, picture: shown)) })
            let picture = ImagePicture(RGBImage(width: side, height: side, pixels: pixels))
            placing.append(milliseconds { later.render(frame(round * 3 + 1, picture: picture)) })
            let jobs = later.takePictureJobs()
            var made: [MadePicture] = []
            encoding.append(milliseconds { made = jobs.map { $0.make() } })
            sending.append(milliseconds {
                made.forEach(later.adopt)
                later.render(frame(round * 3 + 2, picture: picture))
            })
            shown = picture
            let fresh = ImagePicture(RGBImage(width: side, height: side, pixels: pixels))
            inFrame.append(milliseconds { atOnce.render(frame(round, picture: fresh)) })
        }
        let name = graphics == .kitty ? "kitty" : "sixel"
        print("  \(name.padding(toLength: 8, withPad: " ", startingAt: 0))" + [without, placing, sending, encoding, inFrame]
            .map { String(format: "%.3f ms", median($0)).leftPadded(to: 20) }.joined())
        // The frame with a new picture costs what the same frame with a picture already sent costs (within 20 %).
        goals.append(Goal(name: "\(name): frame placing a new picture / one without", value: median(placing) / median(without),
                          budget: 1.2, unit: "x"))
    }
}
newPictureFrameGoals()

// 5. Per key at scale: check24 with 1k, 10k and 100k generated products, through the real
// presenter → view → diff renderer path into a counting sink, 120x40. The goal: p99 ≤ 2 ms at 100k,
// and the 100k figure at most twice the 1k figure (a key costs the rows on screen, not the list); a
// `/` search keystroke (a pass over the folded texts when it widens) p99 ≤ 16 ms at 100k.
struct KeyTiming {
    var key: String
    var size: Int
    var p50: Double
    var p99: Double
}

/// p50/p99 of `events` (cycled) pressed `repetitions` times: dispatch, render, diff into the renderer's sink.
@MainActor
func keyTiming(_ key: String, size: Int, _ events: [InputEvent], repetitions: Int, host: HeadlessHost, context: RenderContext,
               renderer: DiffRenderer) -> KeyTiming {
    var samples: [Double] = []
    for repetition in 0..<repetitions {
        let start = DispatchTime.now().uptimeNanoseconds
        _ = host.controller.dispatch(events[repetition % events.count], in: context)
        renderer.render(host.controller.render(in: context))
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
    }
    samples.sort()
    return KeyTiming(key: key, size: size, p50: samples[samples.count / 2], p99: samples[min(samples.count - 1, samples.count * 99 / 100)])
}

@MainActor
func perKeyTimings(productCount: Int) async -> [KeyTiming] {
    // A payload in the real schema, decoded as the app decodes one (products outlined, decoded when shown).
    let products = (0..<productCount).map { index in
        #"{"id":\#(index),"name":"Product \#(index)","type":"Circle","color":"Blue","imageURL":"http://images.test/\#(index % 16).png","#
            + #""available":\#(index % 3 != 0),"releaseDate":1460000000,"description":"A generated product with a description long "#
            + #"enough to wrap over two lines at this width, number \#(index).","longDescription":"","rating":\#(Double(index % 11) / 2),"#
            + #""price":{"value":\#(Double(index % 1000) + 0.99),"currency":"EUR"}}"#
    }
    let payload = Data((#"{"header":{"headerTitle":"Check24","headerDescription":"Generated"},"products":["#
                        + products.joined(separator: ",") + "]}").utf8)
    guard let catalog = try? LazyJSONDecoder().decode(Check24Catalog.self, from: payload) else { fatalError("the generated catalog decodes") }
    let host = HeadlessHost(size: Size(columns: 120, rows: 40))
    let screen = Check24OverviewModule.make(dependencies: .init(
        catalog: FakeCheck24CatalogService([.success(catalog)]), favorites: InMemoryFavoritesService([1, 5, 9]),
        images: FakeImageLoader(), pages: FakeWebPageLoader([:]), legalPageURL: Check24OverviewModule.originalLegalPageURL,
        opener: UnimplementedURLOpener()),
        host: host.controller)
    _ = await host.run(root: screen, keys: [])
    let context = RenderContext(size: Size(columns: 120, rows: 40), colorMode: .trueColor)
    let renderer = DiffRenderer(sink: CountingSink(), colorMode: .trueColor)
    renderer.render(host.controller.render(in: context))

    func time(_ key: String, _ events: [InputEvent], repetitions: Int) -> KeyTiming {
        keyTiming(key, size: productCount, events, repetitions: repetitions, host: host, context: context, renderer: renderer)
    }
    var timings = [
        time("down", [.key(.down)], repetitions: 300),
        time("pgdn", [.key(.pageDown)], repetitions: 200),
        time("end/home", [.key(.end), .key(.home)], repetitions: 100),
        time("filter", [.key(.right)], repetitions: 60),
    ]
    // The `/` filter: the first query folds the catalog's names and descriptions once (off the main
    // actor); then "7", "77" (narrowing the matches), and back: erasing widens, a pass over every product.
    _ = host.controller.dispatch(.key(.character("/")), in: context)
    let firstQuery = DispatchTime.now().uptimeNanoseconds
    _ = host.controller.dispatch(.key(.character("9")), in: context)
    _ = await host.controller.work.waitUntilIdle(timeout: .seconds(60))
    renderer.render(host.controller.render(in: context))
    let folded = Double(DispatchTime.now().uptimeNanoseconds - firstQuery) / 1_000_000
    timings.append(KeyTiming(key: "first query (folds the texts)", size: productCount, p50: folded, p99: folded))
    _ = host.controller.dispatch(.key(.backspace), in: context)
    timings.append(time("search keystroke", [.key(.character("7")), .key(.character("7")), .key(.backspace), .key(.backspace)],
                        repetitions: 200))
    return timings
}

var timings: [KeyTiming] = []
// APPS_CLI_BENCH_SIZES=1000 runs one size (for a profiler such as callgrind); Scripts/bench --quick runs 1k and 100k.
let sizes = ProcessInfo.processInfo.environment["APPS_CLI_BENCH_SIZES"].map { $0.split(separator: ",").compactMap { Int($0) } }
    ?? [1_000, 10_000, 100_000]
for count in sizes {
    timings += await perKeyTimings(productCount: count)
}
print("check24 per key, 120x40 (ms)    " + sizes.map { "\($0 / 1000)k p50/p99".leftPadded(to: 15) }.joined())
for key in ["down", "pgdn", "end/home", "filter", "search keystroke", "first query (folds the texts)"] {
    let row = timings.filter { $0.key == key }
    let cells = row.map { String(format: "%6.3f/%6.3f", $0.p50, $0.p99) }.joined(separator: "  ")
    print("  \(key.padding(toLength: 30, withPad: " ", startingAt: 0)) \(cells)")
    if key == "first query (folds the texts)", let large = row.last {
        // Once per catalog, off the main actor: the tab shows whole meanwhile, keys keep working.
        goals.append(Goal(name: "check24 first search query at 100k (texts folded)", value: large.p99, budget: 1_000, unit: "ms"))
    } else if key == "search keystroke", let large = row.last {
        // Matching is a pass over the products' folded texts (narrowing passes over the last matches only):
        // linear, so no flatness goal, but within a frame at 100k.
        goals.append(Goal(name: "check24 search keystroke p99 at 100k", value: large.p99, budget: 16, unit: "ms"))
    } else if let small = row.first, let large = row.last {
        goals.append(Goal(name: "check24 \(key) p99 at 100k", value: large.p99, budget: 2, unit: "ms"))
        // Flat in the list size: 100k at most twice 1k (with 0.2 ms of slack for timer noise).
        goals.append(Goal(name: "check24 \(key) p99 100k/1k", value: large.p99 / max(small.p99, 0.1), budget: 2, unit: "x"))
    }
}

// 6. Contacts per key at 1k and 10k contacts (the address books users have): the list's keys and a
// search keystroke, through the real presenter → view → diff renderer path, 80x24.
@MainActor
func contactsTimings(count: Int) async -> [KeyTiming] {
    let firsts = ["Adi", "Budi", "Citra", "Dewi", "Eko", "Émilie", "Łukasz", "Fajar", "Gita", "Hadi", "Indah", "Joko", "Zoë", "24Seven"]
    let contacts = (0..<count).map { index in
        Contact(id: index + 1, firstName: "\(firsts[index % firsts.count])\(index % 97)", lastName: "Family\(index)",
                email: "p\(index)@mail.example", phoneNumber: "0812\(index)", favorite: index % 50 == 0)
    }
    let host = HeadlessHost(size: Size(columns: 80, rows: 24))
    let screen = ContactsModule.make(dependencies: .init(service: InMemoryContactsService(contacts: contacts), images: FakeImageLoader(),
                                                         opener: RecordingURLOpener()), host: host.controller)
    _ = await host.run(root: screen, keys: [])
    let context = RenderContext(size: Size(columns: 80, rows: 24), colorMode: .trueColor)
    let renderer = DiffRenderer(sink: CountingSink(), colorMode: .trueColor)
    renderer.render(host.controller.render(in: context))
    func time(_ key: String, _ events: [InputEvent], repetitions: Int) -> KeyTiming {
        keyTiming(key, size: count, events, repetitions: repetitions, host: host, context: context, renderer: renderer)
    }
    var timings = [
        time("down", [.key(.down)], repetitions: 300),
        time("pgdn", [.key(.pageDown)], repetitions: 200),
        time("end/home", [.key(.end), .key(.home)], repetitions: 100),
    ]
    _ = host.controller.dispatch(.key(.character("/")), in: context)
    // Typing "ad", erasing it, again: every keystroke refilters the whole address book.
    timings.append(time("search keystroke", [.key(.character("a")), .key(.character("d")), .key(.backspace), .key(.backspace)],
                        repetitions: 200))
    return timings
}

var contactRows: [KeyTiming] = []
for count in [1_000, 10_000] { contactRows += await contactsTimings(count: count) }
print("contacts per key, 80x24 (ms)    " + [1_000, 10_000].map { "\($0 / 1000)k p50/p99".leftPadded(to: 15) }.joined())
for key in ["down", "pgdn", "end/home", "search keystroke"] {
    let row = contactRows.filter { $0.key == key }
    print("  \(key.padding(toLength: 30, withPad: " ", startingAt: 0)) " + row.map { String(format: "%6.3f/%6.3f", $0.p50, $0.p99) }.joined(separator: "  "))
    if let large = row.last {
        goals.append(Goal(name: "contacts \(key) p99 at 10k", value: large.p99, budget: key == "search keystroke" ? 16 : 2, unit: "ms"))
    }
}

// 7. Sorting (resource-directory): `s` on 100,000 resources whose titles carry diacritics, from the
// key press to the sorted frame (the sort runs off the main actor; the host waits for it).
@MainActor
func sortTimings(count: Int) async -> (azFirst: Double, zaThen: Double) {
    let stems = ["Éclair", "élan", "Zócalo", "Ångström", "bagel", "Crêperie", "Agnès", "Olive", "Ōji", "Noodle", "Ève", "Dépanneur", "Yuzu"]
    let titles = (0..<count).map { "\(stems[$0 % stems.count]) \(($0 * 7919) % count)" }
    let service = FakeResourceDirectoryService(resources: ["restaurants.json": .success(ResourceList(resources: titles.enumerated().map {
        Resource(id: "r\($0.offset)", title: $0.element)
    }))])
    let host = HeadlessHost(size: Size(columns: 80, rows: 24))
    let screen = ResourceDirectoryModule.make(dependencies: .init(service: service, images: FakeImageLoader(), pages: FakeWebPageLoader([:]),
                                                                  opener: RecordingURLOpener()), host: host.controller)
    _ = await host.run(root: screen, keys: [[.key(.enter)]])
    let context = RenderContext(size: Size(columns: 80, rows: 24), colorMode: .trueColor)
    func press() async -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        _ = host.controller.dispatch(.key(.character("s")), in: context)
        await host.controller.work.waitUntilIdle()
        _ = host.controller.render(in: context)
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
    }
    return (await press(), await press())
}
let sorting = await sortTimings(count: 100_000)
goals.append(Goal(name: "resource-directory sort A–Z, 100k titles", value: sorting.azFirst, budget: 1_000, unit: "ms"))
goals.append(Goal(name: "resource-directory sort Z–A, 100k titles", value: sorting.zaThen, budget: 1_000, unit: "ms"))

var failed = false
for goal in goals {
    let mark = goal.passed ? "ok  " : "SLOW"
    print("\(mark) \(goal.name.padding(toLength: 48, withPad: " ", startingAt: 0)) \(String(format: "%10.2f", goal.value)) \(goal.unit)  (budget \(String(format: "%.0f", goal.budget)) \(goal.unit))")
    if !goal.passed { failed = true }
}
// The same goals as JSON for the README's table (Scripts/bench sets APPS_CLI_BENCH_JSON).
if let path = ProcessInfo.processInfo.environment["APPS_CLI_BENCH_JSON"] {
    let rows = goals.map { ["name": $0.name, "value": $0.value, "budget": $0.budget, "unit": $0.unit, "met": $0.passed] as [String: Any] }
    let keys = (timings + contactRows).map { ["key": $0.key, "size": $0.size, "p50_ms": $0.p50, "p99_ms": $0.p99] as [String: Any] }
    if let data = try? JSONSerialization.data(withJSONObject: ["goals": rows, "keys": keys], options: [.prettyPrinted, .sortedKeys]) {
        _ = FileManager.default.createFile(atPath: path, contents: data)
    }
}
exit(failed ? 1 : 0)
