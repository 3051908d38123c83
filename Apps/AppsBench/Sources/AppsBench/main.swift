import Check24Overview
import Foundation
import HTMLText
import HTTPClient
import ImageKit
import Navigation
import Storage
import TerminalKit
import TerminalUI

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
        pages: service, legalPageURL: Check24OverviewModule.originalLegalPageURL), host: host.controller)
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

var failed = false
for goal in goals {
    let mark = goal.passed ? "ok  " : "SLOW"
    print("\(mark) \(goal.name.padding(toLength: 48, withPad: " ", startingAt: 0)) \(String(format: "%10.2f", goal.value)) \(goal.unit)  (budget \(String(format: "%.0f", goal.budget)) \(goal.unit))")
    if !goal.passed { failed = true }
}
exit(failed ? 1 : 0)
