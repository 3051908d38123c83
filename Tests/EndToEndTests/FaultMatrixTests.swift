import Foundation
import HTTPClientTesting
import Synchronization
import XCTest

/// Every feature against every way its list endpoint can fail, through the real command line
/// (`apps-cli <feature> --base-url … --plain`): a clear error with a way to retry, within the
/// timeout, no crash; and after the server recovers, `r` shows the data.
final class FaultMatrixTests: XCTestCase {
    /// A feature's first request and what a healthy server answers around it.
    private struct Feature: Sendable {
        var name: String
        var listPath: String
        /// Routes that stay healthy (asked before the list, or beside it), listed before the fault.
        var before: [LocalHTTPServer.Route] = []
        var healthyList: String
        /// Text only the healthy list shows.
        var healthyText: String
        /// The word of the error view's retry button.
        var retryWord: String
        var extraArguments: [String] = []
    }

    private enum Fault: String, CaseIterable {
        case status500, status404, truncatedJSON, wrongTypes, emptyBody, html, tenMegabytes, endlessBody, connectionReset,
             silentUntilTimeout, redirectLoop, slowDrip
    }

    private static let features = [
        Feature(name: "check24", listPath: "/products-test.json",
                healthyList: #"{"header":{"headerTitle":"T","headerDescription":"D"},"filters":["Alle","Verfügbar","Vorgemerkt"],"#
                    + #""products":[{"id":1,"name":"Healthy Circle","price":{"value":1,"currency":"EUR"}}]}"#,
                healthyText: "Healthy Circle", retryWord: "Neuladen", extraArguments: ["--fail-every", "0"]),
        Feature(name: "product-grid", listPath: "/cart/list",
                healthyList: #"{"products":[{"product_id":"1","name":"Healthy Apple","price":100,"image":"http://127.0.0.1:9/x.jpg"}]}"#,
                healthyText: "Healthy Apple", retryWord: "Retry"),
        Feature(name: "numbers", listPath: "/json.php",
                before: [.init(method: "HEAD", path: "/json.php"),
                         .init(path: "/json.php?name=1", body: Data(#"{"name":"1","text":"Healthy one","image":""}"#.utf8))],
                healthyList: #"[{"name":"1","image":""}]"#, healthyText: "Numbers (1)", retryWord: "Retry"),
        Feature(name: "resource-directory", listPath: "/data/categories.json",
                healthyList: #"[{"_id":"1","eid":"c1","slug":"restaurants","title":"Healthy Restaurants"}]"#,
                healthyText: "Healthy Restaurants", retryWord: "Retry"),
        Feature(name: "contacts", listPath: "/contacts.json",
                healthyList: #"[{"id":1,"first_name":"Healthy","last_name":"Person","profile_pic":"/images/missing.png","favorite":false,"url":"x"}]"#,
                healthyText: "Healthy Person", retryWord: "Retry"),
    ]

    /// The list route misbehaving `times` times (nil: always).
    private static func route(_ fault: Fault, for feature: Feature, times: Int?) -> LocalHTTPServer.Route {
        let path = feature.listPath
        let json = ["Content-Type": "application/json"]
        switch fault {
        case .status500: return .init(path: path, status: 500, body: Data("boom".utf8), times: times)
        case .status404: return .init(path: path, status: 404, body: Data(#"{"error":"not found"}"#.utf8), times: times)
        case .truncatedJSON:
            return .init(path: path, body: Data(feature.healthyList.utf8.prefix(feature.healthyList.utf8.count / 2)), headers: json, times: times)
        case .wrongTypes: return .init(path: path, body: Data(#""just a string""#.utf8), headers: json, times: times)
        case .emptyBody: return .init(path: path, body: Data(), headers: json, times: times)
        case .html:
            return .init(path: path, body: Data("<html><body><h1>Sign in</h1></body></html>".utf8),
                         headers: ["Content-Type": "text/html"], times: times)
        case .tenMegabytes: return .init(path: path, body: Data(repeating: UInt8(ascii: "x"), count: 10 << 20), headers: json, times: times)
        case .endlessBody: return .init(path: path, body: Data("[".utf8), headers: json, fault: .endlessBody, times: times)
        case .connectionReset: return .init(path: path, fault: .reset, times: times)
        case .silentUntilTimeout: return .init(path: path, body: Data(feature.healthyList.utf8), headers: json, delay: 4, times: times)
        case .redirectLoop: return .init(path: path, status: 302, headers: ["Location": path], times: times)
        case .slowDrip: return .init(path: path, headers: json, fault: .drip, times: times)
        }
    }

    private static func serve(_ feature: Feature, _ fault: Fault, times: Int?) throws -> LocalHTTPServer {
        try LocalHTTPServer(routes: feature.before + [route(fault, for: feature, times: times),
                                                      .init(path: feature.listPath, body: Data(feature.healthyList.utf8))])
    }

    /// Runs in `dataDirectory`: a fresh one per fault, so that no answer kept from an earlier case
    /// stands in for the fault (that is OfflineTests' subject).
    private static func run(_ feature: Feature, _ server: LocalHTTPServer, dataDirectory: String,
                            keys: String? = nil) throws -> (AppsCLIProcess.Result, TimeInterval) {
        let started = Date()
        let result = try AppsCLIProcess.run([feature.name, "--base-url", server.baseURL.absoluteString, "--timeout", "1",
                                             "--size", "80x24", "--data-dir", dataDirectory]
                                            + feature.extraArguments + (keys.map { ["--keys", $0] } ?? ["--plain"]), timeout: 60)
        return (result, Date().timeIntervalSince(started))
    }

    func testEveryFeatureShowsEveryFaultWithRetryWithinTheTimeoutAndRecovers() throws {
        // The features run side by side (most of the time is spent waiting on timeouts); each collects
        // what went wrong, and the assertions are made here.
        let problems = Mutex<[String]>([])
        let tried = Mutex(0)
        let group = DispatchGroup()
        for feature in Self.features {
            let thread = Thread {
                defer { group.leave() }
                for fault in Fault.allCases {
                    let found = Self.check(feature, fault)
                    tried.withLock { $0 += 1 }
                    problems.withLock { $0 += found }
                }
            }
            group.enter()
            thread.start()
        }
        XCTAssertEqual(group.wait(timeout: .now() + 600), .success)
        for problem in problems.withLock({ $0 }) { XCTFail(problem) }
        XCTAssertEqual(tried.withLock { $0 }, Self.features.count * Fault.allCases.count)
    }

    /// What is wrong with how `feature` meets `fault` (nothing, when it is right).
    private static func check(_ feature: Feature, _ fault: Fault) -> [String] {
        let label = "\(feature.name), \(fault)"
        var problems: [String] = []
        func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
            if !condition { problems.append("\(label): \(message())") }
        }
        do {
            // A redirect loop asks again and again: it stays broken, or its own repeats would heal it.
            let times = fault == .redirectLoop ? nil : 2
            let server = try serve(feature, fault, times: times)
            defer { server.stop() }

            let dataDirectory = NSTemporaryDirectory() + "apps-cli-faults-\(feature.name)-\(fault)-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: dataDirectory) }
            let (failed, seconds) = try run(feature, server, dataDirectory: dataDirectory)
            expect(failed.status == 0, "exit \(failed.status): \(failed.stderr)")
            expect(failed.stderr.isEmpty, "nothing on stderr, no trace: \(failed.stderr)")
            expect(failed.stdout.contains(feature.retryWord), "a retry button\n\(failed.stdout)")
            expect(!failed.stdout.contains(feature.healthyText), "no data from a failed answer\n\(failed.stdout)")
            expect(seconds < 8, "bounded by the 1 s timeout, not the server (\(seconds) s)")
            expect(!failed.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "no control bytes")

            guard times != nil else { return problems }
            let (recovered, _) = try run(feature, server, dataDirectory: dataDirectory, keys: "r")
            expect(recovered.status == 0, "exit \(recovered.status): \(recovered.stderr)")
            expect(recovered.stdout.contains(feature.healthyText), "r after recovery shows the data\n\(recovered.stdout)")
        } catch {
            problems.append("\(label): \(error)")
        }
        return problems
    }
}
