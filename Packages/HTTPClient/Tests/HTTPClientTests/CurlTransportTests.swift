import Foundation
import HTTPClient
import HTTPClientTexts
@testable import HTTPClientLive
import HTTPClientTesting
import XCTest

/// The live transport and the client against a real server on 127.0.0.1.
final class CurlTransportTests: XCTestCase {
    private struct Catalog: Decodable, Equatable {
        struct Product: Decodable, Equatable {
            let name: String
            let price: Int
        }
        let products: [Product]
    }

    func testDecodesA200JSONAnswer() async throws {
        let server = try LocalHTTPServer(routes: [
            .init(method: "GET", path: "/cart/list", status: 200, body: Data(#"{"products":[{"name":"Apples","price":120}]}"#.utf8)),
        ])
        defer { server.stop() }
        let client = HTTPClient(transport: CurlTransport(timeout: 5))
        let catalog = try await client.decode(Catalog.self, from: .get(server.baseURL.appendingPathComponent("cart/list")))
        XCTAssertEqual(catalog, Catalog(products: [.init(name: "Apples", price: 120)]))
        XCTAssertEqual(server.requests().map(\.method), ["GET"])
    }

    func testTransportReturnsNon2xxAndTheClientThrowsStatus() async throws {
        let server = try LocalHTTPServer(routes: [
            .init(method: "GET", path: "/broken", status: 500, body: Data("boom".utf8)),
        ])
        defer { server.stop() }
        let transport = CurlTransport(timeout: 5)
        let response = try await transport.send(.get(server.baseURL.appendingPathComponent("broken")))
        XCTAssertEqual(response.statusCode, 500)
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), "boom")

        let client = HTTPClient(transport: transport)
        await assertThrows(.status(code: 500, body: "boom")) { try await client.data(.get(server.baseURL.appendingPathComponent("broken"))) }
        await assertThrows(.status(code: 404, body: #"{"error":"not found"}"#)) {
            try await client.data(.get(server.baseURL.appendingPathComponent("missing")))
        }
    }

    func testMalformedJSONIsADecodingErrorWithAUsefulMessage() async throws {
        let server = try LocalHTTPServer(routes: [
            .init(method: "GET", path: "/truncated", body: Data(#"{"products":[{"name":"#.utf8)),
            .init(method: "GET", path: "/wrong-type", body: Data(#"{"products":[{"name":"A","price":1},{"name":"B","price":"cheap"}]}"#.utf8)),
            .init(method: "GET", path: "/missing-key", body: Data(#"{"products":[{"name":"A"}]}"#.utf8)),
        ])
        defer { server.stop() }
        let client = HTTPClient(transport: CurlTransport(timeout: 5))
        await assertThrows(.decoding("the answer is not valid JSON")) {
            try await client.decode(Catalog.self, from: .get(server.baseURL.appendingPathComponent("truncated")))
        }
        let wrongType = await caught { try await client.decode(Catalog.self, from: .get(server.baseURL.appendingPathComponent("wrong-type"))) }
        guard case .decoding(let detail) = wrongType else { return XCTFail("\(String(describing: wrongType))") }
        XCTAssertTrue(detail.hasPrefix("products[1].price: expected a whole number"), detail)
        XCTAssertEqual(wrongType?.userMessage, "The data from the server could not be read: \(detail).")
        await assertThrows(.decoding("products[0].price: missing")) {
            try await client.decode(Catalog.self, from: .get(server.baseURL.appendingPathComponent("missing-key")))
        }
    }

    func testASlowServerTimesOut() async throws {
        let server = try LocalHTTPServer(routes: [
            .init(method: "GET", path: "/slow", body: Data("late".utf8), delay: 4),
            .init(method: "GET", path: "/fast", body: Data("quick".utf8)),
        ])
        defer { server.stop() }
        let transport = CurlTransport(timeout: 1)
        let error = await caught { try await transport.send(.get(server.baseURL.appendingPathComponent("slow"))) }
        XCTAssertEqual(error, .timeout(seconds: 1))
        // The threaded server answers other requests while the slow one sleeps.
        let fast = try await transport.send(.get(server.baseURL.appendingPathComponent("fast")))
        XCTAssertEqual(fast.body, Data("quick".utf8))
    }

    /// An answer of 100,000 header lines is refused after the first 500 (libcurl stops reading), with
    /// a clear error, where Foundation's networking spun a core until the timeout.
    func testAFloodOfHeaderLinesIsRefusedAtItsCap() async throws {
        var headers: [String: String] = [:]
        for index in 0..<100_000 { headers["X-Flood-\(index)"] = "x" }
        let server = try LocalHTTPServer(routes: [.init(method: "GET", path: "/flood", body: Data("{}".utf8), headers: headers)])
        defer { server.stop() }
        let error = await caught { try await CurlTransport(timeout: 30).send(.get(server.baseURL.appendingPathComponent("flood"))) }
        XCTAssertEqual(error, .other("The server's answer has more than \(CurlSession.maximumHeaderLines) header lines or "
                                     + "\(CurlSession.maximumHeaderBytes / 1024) KB of headers."))
    }

    /// Several requests of one transport's session share it (one thread, one pool) and each gets its own answer.
    func testConcurrentRequestsOfOneSessionEachGetTheirAnswer() async throws {
        let server = try LocalHTTPServer(routes: (0..<20).map { .init(method: "GET", path: "/item/\($0)", body: Data("item \($0)".utf8)) })
        defer { server.stop() }
        let transport = CurlTransport(timeout: 10, session: CurlSession())
        let bodies = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for index in 0..<20 {
                group.addTask {
                    let response = try await transport.send(.get(server.baseURL.appendingPathComponent("item/\(index)")))
                    return (index, String(decoding: response.body, as: UTF8.self))
                }
            }
            var found: [Int: String] = [:]
            for try await (index, body) in group { found[index] = body }
            return found
        }
        XCTAssertEqual(bodies.count, 20)
        for (index, body) in bodies { XCTAssertEqual(body, "item \(index)") }
    }

    /// A keep-alive server that counts the connections it accepted: requests one after another share
    /// one connection, and at once they never open more than the per-host limit.
    func testConnectionsAreReusedAndLimitedPerHost() async throws {
        let scripted = try ScriptedServer(handler: #"""
                def setup(self):
                    with lock:
                        accepted[0] += 1
                    super().setup()
                def do_GET(self):
                    body = str(accepted[0]).encode() if self.path == "/count" else b"x" * 1000
                    if self.path.startswith("/slow"):
                        threading.Event().wait(0.2)
                    self.send_response(200)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
            """#, prelude: """
            accepted = [0]
            lock = threading.Lock()
            """)
        defer { scripted.stop() }
        let port = scripted.port
        let base = URL(string: "http://127.0.0.1:\(port)")!
        let transport = CurlTransport(timeout: 10, session: CurlSession())
        for index in 0..<10 { _ = try await transport.send(.get(base.appendingPathComponent("item/\(index)"))) }
        let sequential = String(decoding: try await transport.send(.get(base.appendingPathComponent("count"))).body, as: UTF8.self)
        XCTAssertEqual(sequential, "1", "eleven requests one after another, one connection")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<24 { group.addTask { _ = try await transport.send(.get(base.appendingPathComponent("slow/\(index)"))) } }
            try await group.waitForAll()
        }
        let concurrent = Int(String(decoding: try await transport.send(.get(base.appendingPathComponent("count"))).body, as: UTF8.self)) ?? 0
        XCTAssertLessThanOrEqual(concurrent, CurlSession.connectionsPerHost, "24 at once over at most \(CurlSession.connectionsPerHost) connections")
    }

    /// https against a server whose certificate a test CA signs (made here with `openssl`): trusted
    /// through `SSL_CERT_FILE`, the answer loads; without it, the request fails naming the host, and
    /// nothing is retried without verification.
    func testHTTPSTrustsTheCertificateFileAndRefusesWhatItCannotVerify() async throws {
        guard TestCertificates.canMake else { throw XCTSkip("openssl is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apps-cli-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let certificates = try TestCertificates(in: folder)
        let server = try ScriptedServer.answering(#"{"secure":true}"#, certificate: certificates.certificate, key: certificates.key)
        defer { server.stop() }
        let port = server.port
        let url = URL(string: "https://127.0.0.1:\(port)/secure")!

        let trusted = CurlTransport(timeout: 10, session: CurlSession(environment: ["SSL_CERT_FILE": certificates.authority.path]))
        let answer = try await trusted.send(.get(url))
        XCTAssertEqual(answer.statusCode, 200)
        XCTAssertEqual(answer.body, Data(#"{"secure":true}"#.utf8))

        let untrusted = CurlTransport(timeout: 10, session: CurlSession(environment: ["SSL_CERT_FILE": "/nonexistent/ca.pem"]))
        let error = await caught { try await untrusted.send(.get(url)) }
        guard case .other(let message)? = error else { return XCTFail("expected a certificate error, got \(String(describing: error))") }
        XCTAssertTrue(message.contains("the certificate of 127.0.0.1 could not be verified"), message)
        let system = CurlTransport(timeout: 10, session: CurlSession(environment: [:]))
        let refused = await caught { try await system.send(.get(url)) }
        guard case .other(let systemMessage)? = refused else { return XCTFail("the system's store does not know the test CA: \(String(describing: refused))") }
        XCTAssertTrue(systemMessage.contains("127.0.0.1"), systemMessage)
    }

    /// A body that outgrows the cap ends the transfer while it arrives: the server, streaming 100 MB
    /// without announcing it, gets to send only a little more than the cap before the connection closes.
    func testARefusedBodyStopsArrivingAtTheCap() async throws {
        let scripted = try ScriptedServer(handler: #"""
                def do_GET(self):
                    if self.path == "/sent":
                        # Answers once the streaming transfer has ended (or after 20 s, saying it had not).
                        ended = done.wait(20)
                        body = ("%d %s" % (sent["bytes"], ended)).encode()
                        self.send_response(200)
                        self.send_header("Content-Length", str(len(body)))
                        self.end_headers()
                        self.wfile.write(body)
                        return
                    self.send_response(200)
                    self.send_header("Content-Type", "image/png")
                    self.send_header("Transfer-Encoding", "chunked")
                    self.end_headers()
                    chunk = b"x" * 65536
                    try:
                        while sent["bytes"] < 100 * 1024 * 1024:
                            self.wfile.write(b"%x\r\n" % len(chunk) + chunk + b"\r\n")
                            sent["bytes"] += len(chunk)
                    except OSError:
                        pass
                    done.set()
                    self.close_connection = True
            """#, prelude: """
            sent = {"bytes": 0}
            done = threading.Event()
            """)
        defer { scripted.stop() }
        let port = scripted.port
        let base = URL(string: "http://127.0.0.1:\(port)")!
        let transport = CurlTransport(timeout: 30, session: CurlSession())
        let error = await caught { try await transport.send(.get(base.appendingPathComponent("big.png"), byteLimit: 1 << 20)) }
        XCTAssertEqual(error, .tooLarge(limit: 1 << 20))
        // The server notices the closed connection at its next writes (its socket buffers hold a few MB);
        // it answers this once it has.
        let report = String(decoding: try await transport.send(.get(base.appendingPathComponent("sent"))).body, as: UTF8.self)
        let sent = Int(report.split(separator: " ").first ?? "") ?? .max
        XCTAssertTrue(report.hasSuffix("True"), "the server's transfer ended: \(report)")
        XCTAssertLessThan(sent, 32 << 20, "stopped near the 1 MB cap, not after 100 MB: \(report)")
    }

    /// `http_proxy` carries requests through a (counting) forward proxy, as curl does, and `no_proxy`
    /// keeps a host off it. The server's host is 127.0.0.2, a loopback address that is not one of the
    /// addresses never proxied; the proxy forwards what it is asked to the server on 127.0.0.1.
    func testTheEnvironmentsProxyCarriesRequestsAndNoProxyKeepsAHostOffIt() async throws {
        let server = try LocalHTTPServer(routes: [.init(method: "GET", path: "/through", body: Data("through the proxy".utf8))])
        defer { server.stop() }
        let scripted = try ScriptedServer(handler: #"""
                def do_GET(self):
                    if self.path == "/seen":
                        body = "\n".join(seen).encode()
                    else:
                        seen.append(self.path)
                        target = urllib.parse.urlsplit(self.path)
                        body = urllib.request.urlopen("http://127.0.0.1:%d%s" % (upstream, target.path)).read()
                    self.send_response(200)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
            """#, prelude: """
            import urllib.parse, urllib.request
            upstream = int(sys.argv[1])
            seen = []
            """, arguments: [String(server.baseURL.port ?? 0)])
        defer { scripted.stop() }
        let proxyPort = scripted.port
        // 127.0.0.2 is loopback, which never goes through a proxy: the proxied request names a host that
        // the proxy sends on to the server (the proxy does not resolve it).
        let target = URL(string: "http://apps-cli-proxied.test:\(server.baseURL.port ?? 0)/through")!
        let proxied = try await CurlTransport(timeout: 10, session: CurlSession(environment: ["http_proxy": "http://127.0.0.1:\(proxyPort)"]))
            .send(.get(target))
        XCTAssertEqual(String(decoding: proxied.body, as: UTF8.self), "through the proxy")
        let seen = try await CurlTransport(timeout: 10, session: CurlSession(environment: [:])).send(.get(URL(string: "http://127.0.0.1:\(proxyPort)/seen")!))
        XCTAssertEqual(String(decoding: seen.body, as: UTF8.self), target.absoluteString, "the proxy was asked for the whole URL")

        // Off the proxy, straight to a host that does not resolve.
        let direct = await caught {
            try await CurlTransport(timeout: 10, session: CurlSession(environment: ["http_proxy": "http://127.0.0.1:\(proxyPort)", "no_proxy": "apps-cli-proxied.test"]))
                .send(.get(target))
        }
        XCTAssertEqual(direct, .offline("apps-cli-proxied.test:\(server.baseURL.port ?? 0)"))
        let seenAfter = try await CurlTransport(timeout: 10, session: CurlSession(environment: [:])).send(.get(URL(string: "http://127.0.0.1:\(proxyPort)/seen")!))
        XCTAssertEqual(String(decoding: seenAfter.body, as: UTF8.self), target.absoluteString, "no_proxy kept it off")
    }

    /// A proxy in the environment never carries a request to this machine's own addresses, however the
    /// address is spelt, and the proxy of the process's own environment is never read behind the
    /// session's back.
    func testLoopbackIsNeverProxiedInAnySpelling() async throws {
        let server = try LocalHTTPServer(routes: [.init(method: "GET", path: "/here", body: Data("here".utf8))])
        defer { server.stop() }
        // A proxy that answers every request itself, with what it was sent (and the credentials with it).
        let proxy = try ScriptedServer(handler: #"""
                def do_GET(self):
                    body = ("proxied " + self.path).encode()
                    self.send_response(200)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
            """#)
        defer { proxy.stop() }
        let proxyURL = "http://user:secret@127.0.0.1:\(proxy.port)"
        let port = server.port
        for spelling in ["127.0.0.1", "[::ffff:127.0.0.1]", "127.1", "2130706433", "localhost", "[::ffff:7f00:1]"] {
            for variable in ["http_proxy", "all_proxy", "ALL_PROXY"] {
                let url = URL(string: "http://\(spelling):\(port)/here")!
                let transport = CurlTransport(timeout: 5, session: CurlSession(environment: [variable: proxyURL]))
                do {
                    let response = try await transport.send(.get(url))
                    XCTAssertEqual(String(decoding: response.body, as: UTF8.self), "here", "\(spelling) with \(variable)")
                } catch {
                    XCTFail("\(spelling) with \(variable): \(error)")
                }
            }
        }
        // The process's own environment says nothing to a session that was given another.
        setenv("http_proxy", proxyURL, 1)
        defer { unsetenv("http_proxy") }
        let unproxied = await caught { try await CurlTransport(timeout: 5, session: CurlSession(environment: [:])).send(.get(URL(string: "http://apps-cli-unproxied.test/")!)) }
        XCTAssertEqual(unproxied, .offline("apps-cli-unproxied.test"))
    }

    /// "Loopback" is read from the address: every form of 127.0.0.0/8 and ::1, the IPv4-mapped form,
    /// and localhost names; nothing else.
    func testLoopbackIsDecidedFromTheAddress() {
        for host in ["127.0.0.1", "127.255.0.9", "127.1", "2130706433", "0x7f000001", "[::1]", "::1", "[0:0:0:0:0:0:0:1]",
                     "[::ffff:127.0.0.1]", "[::ffff:7f00:1]", "[::1%25lo]", "localhost", "LOCALHOST.", "api.localhost"] {
            XCTAssertTrue(ProxyRoute.isLoopback(host: host), host)
        }
        for host in ["128.0.0.1", "10.0.0.1", "[::2]", "[::ffff:10.0.0.1]", "example.com", "localhost.example.com", "127.0.0.1.example.com", ""] {
            XCTAssertFalse(ProxyRoute.isLoopback(host: host), host)
        }
        XCTAssertEqual(ProxyRoute(for: URL(string: "https://example.com/")!, environment: ["https_proxy": "http://p:1", "http_proxy": "http://q:2"]).proxy, "http://p:1")
        XCTAssertEqual(ProxyRoute(for: URL(string: "http://example.com/")!, environment: ["HTTP_PROXY": "http://q:2"]).proxy, "",
                       "HTTP_PROXY is what a CGI server sets from a request's Proxy header: curl never reads it")
        XCTAssertEqual(ProxyRoute(for: URL(string: "http://example.com/")!, environment: ["ALL_PROXY": "http://r:3", "no_proxy": "example.com"]),
                       ProxyRoute(proxy: "http://r:3", noProxy: "example.com"))
    }

    func testNothingListeningIsOffline() async throws {
        let port = try Self.closedPort()
        let transport = CurlTransport(timeout: 5)
        let error = await caught { try await transport.send(.get(URL(string: "http://127.0.0.1:\(port)/x")!)) }
        XCTAssertEqual(error, .offline("127.0.0.1:\(port)"))
        XCTAssertEqual(error?.userMessage, "No connection to 127.0.0.1:\(port) — is the server running?")
    }

    func testUnsupportedSchemeIsInvalidURL() async {
        let error = await caught { try await CurlTransport().send(.get(URL(string: "ftp://example.com/file")!)) }
        XCTAssertEqual(error, .invalidURL("ftp://example.com/file"))
    }

    func testCancellingTheTaskCancelsTheRequest() async throws {
        // /started answers once the slow request has reached the server: the test waits on that signal.
        let scripted = try ScriptedServer(handler: """
                def do_GET(self):
                    if self.path == "/started":
                        body = str(started.wait(10)).encode()
                    else:
                        started.set()
                        threading.Event().wait(5)
                        body = b"late"
                    self.send_response(200)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    try:
                        self.wfile.write(body)
                    except OSError:
                        pass
            """, prelude: "started = threading.Event()")
        defer { scripted.stop() }
        let base = URL(string: "http://127.0.0.1:\(scripted.port)")!
        let transport = CurlTransport(timeout: 10)
        let task = Task { try await transport.send(.get(base.appendingPathComponent("slow"))) }
        // Wait until the server has the request, then cancel.
        let started = try await transport.send(.get(base.appendingPathComponent("started")))
        XCTAssertEqual(String(decoding: started.body, as: UTF8.self), "True", "the slow request reached the server")
        task.cancel()
        let result = await task.result
        XCTAssertEqual(result.failure as? HTTPError, .cancelled)
    }

    func testPostBodyAndHeadersReachTheServerAnd422BodyIsReadable() async throws {
        struct NewContact: Encodable { let first_name: String }
        struct Errors: Decodable, Equatable { let errors: [String] }
        let server = try LocalHTTPServer(routes: [
            .init(method: "POST", path: "/contacts.json", status: 422, body: Data(#"{"errors":["Last name is too short"]}"#.utf8)),
            .init(method: "PUT", path: "/contacts/1.json", status: 200, body: Data("{}".utf8)),
            .init(method: "DELETE", path: "/contacts/1.json", status: 204),
        ])
        defer { server.stop() }
        let client = HTTPClient(transport: CurlTransport(timeout: 5))
        let post = try HTTPRequest.json(.post, server.baseURL.appendingPathComponent("contacts.json"), body: NewContact(first_name: "Amy"))
        let response = try await client.send(post)
        XCTAssertEqual(response.statusCode, 422)
        XCTAssertEqual(try response.decode(Errors.self), Errors(errors: ["Last name is too short"]))
        let put = try HTTPRequest.json(.put, server.baseURL.appendingPathComponent("contacts/1.json"), body: ["first_name": "Bo"])
        _ = try await client.data(put)
        let delete = try await client.send(HTTPRequest(method: .delete, url: server.baseURL.appendingPathComponent("contacts/1.json")))
        XCTAssertEqual(delete.statusCode, 204)

        let recorded = server.requests()
        XCTAssertEqual(recorded.map(\.method), ["POST", "PUT", "DELETE"])
        XCTAssertEqual(recorded.map(\.path), ["/contacts.json", "/contacts/1.json", "/contacts/1.json"])
        XCTAssertEqual(recorded[0].body, Data(#"{"first_name":"Amy"}"#.utf8))
        XCTAssertEqual(recorded[0].header("content-type"), "application/json")
        XCTAssertEqual(recorded[1].body, Data(#"{"first_name":"Bo"}"#.utf8))
    }

    func testALargePostBodyArrivesWhole() async throws {
        let server = try LocalHTTPServer(routes: [.init(method: "POST", path: "/upload", status: 201)])
        defer { server.stop() }
        let payload = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0) })
        let response = try await HTTPClient(transport: CurlTransport(timeout: 5))
            .send(HTTPRequest(method: .post, url: server.baseURL.appendingPathComponent("upload"), body: payload))
        XCTAssertEqual(response.statusCode, 201)
        XCTAssertEqual(server.requests().first?.body, payload)
    }

    /// A port on 127.0.0.1 with nothing listening: bind one, note it, close it.
    static func closedPort() throws -> Int {
        let server = try LocalHTTPServer(routes: [])
        let port = server.port
        server.stop()
        return port
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// The `HTTPError` an operation threw, or `nil` (and a failure) when it threw something else or nothing.
func caught<T>(_ operation: () async throws -> T, file: StaticString = #filePath, line: UInt = #line) async -> HTTPError? {
    do {
        _ = try await operation()
        XCTFail("expected an error", file: file, line: line)
        return nil
    } catch let error as HTTPError {
        return error
    } catch {
        XCTFail("expected an HTTPError, got \(error)", file: file, line: line)
        return nil
    }
}

func assertThrows<T>(_ expected: HTTPError, _ operation: () async throws -> T, file: StaticString = #filePath, line: UInt = #line) async {
    let error = await caught(operation, file: file, line: line)
    XCTAssertEqual(error, expected, file: file, line: line)
}
