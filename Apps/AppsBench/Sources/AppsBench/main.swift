import ImageKitTesting
import Check24Overview
import Check24OverviewTesting
import Foundation
import HTMLText
import HTTPClient
import ImageKit
import Navigation
import Storage
import TerminalKit
import TerminalUI
import WebBrowser
import WebBrowserTesting

// Speed and output-size goals, measured on a release build (Scripts/bench), never in unit tests.
// Each goal is a budget; the run fails (exit 1) when one is exceeded, so a regression is loud.

/// Counts what the renderer writes, like a terminal would receive it.
final class CountingSink: OutputSink {
    var bytes = 0
    func write(_ bytes: [UInt8]) { self.bytes += bytes.count }
}

struct Goal {
    var name: String
    var value: Double
    var budget: Double
    var unit: String
    var passed: Bool { value <= budget }
}

var goals: [Goal] = []

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

// 3. Picture decode + half-block render of a demo PNG.
if let demo = Check24OverviewModule.demoDataDirectory,
   let png = try? Data(contentsOf: demo.appendingPathComponent("images/green-hexagon.png")) {
    let decodeMilliseconds = measure(50) {
        if let image = try? ImageDecoder.decode(png) { _ = ImageRenderer.render(image, in: Size(columns: 24, rows: 12), mode: .halfBlocks) }
    }
    goals.append(Goal(name: "PNG 64x64 decode + render 24x12", value: decodeMilliseconds, budget: 5, unit: "ms"))
}

// 4. The check24 overview at 120x40 on the demo data: one frame, and the bytes a one-row move writes.
@MainActor
func overviewGoals() async {
    guard let demo = Check24OverviewModule.demoDataDirectory,
          let favorites = try? SQLiteFavoritesService(directory: FileManager.default.temporaryDirectory.appendingPathComponent("apps-cli-bench-\(getpid())"))
    else { return }
    let client = HTTPClient(transport: Check24OverviewModule.demoTransport(directory: demo))
    let service = HTTPCheck24Service(client: client, baseURL: Check24OverviewModule.originalBaseURL)
    let host = HeadlessHost(size: Size(columns: 120, rows: 40))
    let screen = Check24OverviewModule.make(dependencies: .init(
        catalog: service, favorites: favorites,
        images: ImageRepository(fetch: { try await client.picture(at: $0) }, diskCacheDirectory: nil),
        pages: HTTPWebPageLoader(client: client), legalPageURL: Check24OverviewModule.originalLegalPageURL), host: host.controller)
    _ = await host.run(root: screen, keys: [])
    let context = RenderContext(size: Size(columns: 120, rows: 40), colorMode: .trueColor)
    let frameMilliseconds = measure(50) { _ = host.controller.render(in: context) }
    goals.append(Goal(name: "check24 overview frame 120x40", value: frameMilliseconds, budget: 16, unit: "ms"))

    let sink = CountingSink()
    let renderer = DiffRenderer(sink: sink, colorMode: .trueColor)
    renderer.render(host.controller.render(in: context))
    let full = sink.bytes
    sink.bytes = 0
    _ = host.controller.dispatch(.key(.down), in: context)
    renderer.render(host.controller.render(in: context))
    goals.append(Goal(name: "bytes for a one-row move (full frame \(full))", value: Double(sink.bytes), budget: Double(full) / 4, unit: "B"))
}
await overviewGoals()

// 5. Per key at scale: check24 with 1k, 10k and 100k generated products, through the real
// presenter → view → diff renderer path into a counting sink, 120x40. The goal: p99 ≤ 2 ms at 100k,
// and the 100k figure at most twice the 1k figure (a key costs the rows on screen, not the list).
struct KeyTiming {
    var key: String
    var size: Int
    var p50: Double
    var p99: Double
}

@MainActor
func perKeyTimings(productCount: Int) async -> [KeyTiming] {
    let products = (0..<productCount).map { index in
        Check24Product(id: index, name: "Product \(index)", type: "Circle", color: "Blue",
                       imageURL: URL(string: "http://images.test/\(index % 16).png"), available: index % 3 != 0,
                       releaseDate: Date(timeIntervalSince1970: 1_460_000_000),
                       description: "A generated product with a description long enough to wrap over two lines at this width, number \(index).",
                       rating: Double(index % 11) / 2, price: Check24Price(value: Double(index % 1000) + 0.99, currency: "EUR"))
    }
    let catalog = Check24Catalog(header: Check24Fixtures.header, products: products, skipped: [])
    let host = HeadlessHost(size: Size(columns: 120, rows: 40))
    let screen = Check24OverviewModule.make(dependencies: .init(
        catalog: FakeCheck24CatalogService([.success(catalog)]), favorites: InMemoryFavoritesService([1, 5, 9]),
        images: FakeImageLoader(), pages: FakeWebPageLoader([:]), legalPageURL: Check24OverviewModule.originalLegalPageURL),
        host: host.controller)
    _ = await host.run(root: screen, keys: [])
    let context = RenderContext(size: Size(columns: 120, rows: 40), colorMode: .trueColor)
    let renderer = DiffRenderer(sink: CountingSink(), colorMode: .trueColor)
    renderer.render(host.controller.render(in: context))

    func time(_ key: String, _ events: [InputEvent], repetitions: Int) -> KeyTiming {
        var samples: [Double] = []
        for repetition in 0..<repetitions {
            let event = events[repetition % events.count]
            let start = DispatchTime.now().uptimeNanoseconds
            _ = host.controller.dispatch(event, in: context)
            renderer.render(host.controller.render(in: context))
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
        }
        samples.sort()
        return KeyTiming(key: key, size: productCount, p50: samples[samples.count / 2],
                         p99: samples[min(samples.count - 1, samples.count * 99 / 100)])
    }
    return [
        time("down", [.key(.down)], repetitions: 300),
        time("pgdn", [.key(.pageDown)], repetitions: 200),
        time("end/home", [.key(.end), .key(.home)], repetitions: 100),
        time("filter", [.key(.right)], repetitions: 60),
    ]
}

var timings: [KeyTiming] = []
// APPS_CLI_BENCH_SIZES=1000 runs one size (for a profiler such as callgrind).
let sizes = ProcessInfo.processInfo.environment["APPS_CLI_BENCH_SIZES"].map { $0.split(separator: ",").compactMap { Int($0) } }
for count in sizes ?? [1_000, 10_000, 100_000] {
    timings += await perKeyTimings(productCount: count)
}
print("check24 per key, 120x40 (ms)       1k p50/p99     10k p50/p99    100k p50/p99")
for key in ["down", "pgdn", "end/home", "filter"] {
    let row = timings.filter { $0.key == key }
    let cells = row.map { String(format: "%6.3f/%6.3f", $0.p50, $0.p99) }.joined(separator: "  ")
    print("  \(key.padding(toLength: 30, withPad: " ", startingAt: 0)) \(cells)")
    if let small = row.first, let large = row.last {
        goals.append(Goal(name: "check24 \(key) p99 at 100k", value: large.p99, budget: 2, unit: "ms"))
        // Flat in the list size: 100k at most twice 1k (with 0.2 ms of slack for timer noise).
        goals.append(Goal(name: "check24 \(key) p99 100k/1k", value: large.p99 / max(small.p99, 0.1), budget: 2, unit: "x"))
    }
}

var failed = false
for goal in goals {
    let mark = goal.passed ? "ok  " : "SLOW"
    print("\(mark) \(goal.name.padding(toLength: 48, withPad: " ", startingAt: 0)) \(String(format: "%10.2f", goal.value)) \(goal.unit)  (budget \(String(format: "%.0f", goal.budget)) \(goal.unit))")
    if !goal.passed { failed = true }
}
exit(failed ? 1 : 0)
