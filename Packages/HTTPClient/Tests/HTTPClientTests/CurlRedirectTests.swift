import Foundation
import HTTPClient
@testable import HTTPClientLive
import HTTPClientTesting
import XCTest

/// Redirects as RFC 9110 §15.4 says, and what hostile answers are called, against real servers on
/// 127.0.0.1 (two of them, for redirects to another origin).
final class CurlRedirectTests: XCTestCase {
    private func json(_ text: String) -> Data { Data(text.utf8) }

    /// 303 turns any change into a GET of the place it names, without the body; 307 and 308 keep the
    /// method and the body; 301 and 302 turn a POST into a GET and keep a PUT a PUT.
    func testRedirectsChangeTheMethodAsRFC9110Says() async throws {
        let server = try LocalHTTPServer(routes: [
            .init(method: "DELETE", path: "/contacts/1.json", status: 303, headers: ["Location": "/contacts"]),
            .init(method: "PUT", path: "/contacts/2.json", status: 307, headers: ["Location": "/v2/contacts/2.json"]),
            .init(method: "PUT", path: "/v2/contacts/2.json", status: 200, body: json(#"{"id":2}"#)),
            .init(method: "POST", path: "/contacts.json", status: 302, headers: ["Location": "/contacts/9.json"]),
            .init(method: "POST", path: "/v1/contacts.json", status: 308, headers: ["Location": "/contacts.json?v=2"]),
            .init(method: "POST", path: "/contacts.json?v=2", status: 201, body: json(#"{"id":10}"#)),
            .init(method: "PATCH", path: "/contacts/3.json", status: 301, headers: ["Location": "/v2/contacts/3.json"]),
            .init(method: "PATCH", path: "/v2/contacts/3.json", status: 200, body: json(#"{"id":3}"#)),
            .init(method: "GET", path: "/contacts", body: json("[]")),
            .init(method: "GET", path: "/contacts/9.json", body: json(#"{"id":9}"#)),
        ])
        defer { server.stop() }
        let transport = CurlTransport(timeout: 5, session: CurlSession(environment: [:]))
        let base = server.baseURL
        let body = json(#"{"first_name":"Andi"}"#)
        let headers = ["Content-Type": "application/json"]

        let deleted = try await transport.send(HTTPRequest(method: .delete, url: base.appendingPathComponent("contacts/1.json")))
        XCTAssertEqual(deleted.statusCode, 200)
        let put = try await transport.send(HTTPRequest(method: .put, url: base.appendingPathComponent("contacts/2.json"), headers: headers, body: body))
        XCTAssertEqual(put.statusCode, 200)
        let posted = try await transport.send(HTTPRequest(method: .post, url: base.appendingPathComponent("contacts.json"), headers: headers, body: body))
        XCTAssertEqual(posted.body, json(#"{"id":9}"#))
        let permanent = try await transport.send(HTTPRequest(method: .post, url: base.appendingPathComponent("v1/contacts.json"), headers: headers, body: body))
        XCTAssertEqual(permanent.statusCode, 201)
        let patched = try await transport.send(HTTPRequest(method: .patch, url: base.appendingPathComponent("contacts/3.json"), headers: headers, body: body))
        XCTAssertEqual(patched.statusCode, 200)

        let seen = server.requests()
        XCTAssertEqual(seen.map { "\($0.method) \($0.path)" }, [
            "DELETE /contacts/1.json", "GET /contacts",
            "PUT /contacts/2.json", "PUT /v2/contacts/2.json",
            "POST /contacts.json", "GET /contacts/9.json",
            "POST /v1/contacts.json", "POST /contacts.json?v=2",
            "PATCH /contacts/3.json", "PATCH /v2/contacts/3.json",
        ])
        XCTAssertEqual(seen[1].body, Data(), "a 303's GET has no body")
        XCTAssertNil(seen[5].header("Content-Type"), "a POST turned GET sends no Content-Type")
        XCTAssertEqual(seen[3].body, body, "307 keeps the body")
        XCTAssertEqual(seen[7].body, body, "308 keeps the body")
        XCTAssertEqual(seen[9].body, body, "301 keeps a PATCH a PATCH, with its body")
    }

    /// A change answered with a redirect to another server is not sent there, nor followed with a GET
    /// that would be taken for its success: it is an error that says where it was sent. A GET may go
    /// to another server, without the credentials meant for the first.
    func testAChangeIsNeverSentOnToAnotherServer() async throws {
        let other = try LocalHTTPServer(routes: [
            .init(method: "GET", path: "/contacts", body: json("[]")),
            .init(method: "GET", path: "/moved", body: json(#"{"moved":true}"#)),
        ])
        defer { other.stop() }
        let elsewhere = other.baseURL.absoluteString
        let server = try LocalHTTPServer(routes: [
            .init(method: "DELETE", path: "/contacts/1.json", status: 303, headers: ["Location": "\(elsewhere)/contacts"]),
            .init(method: "PUT", path: "/contacts/1.json", status: 307, headers: ["Location": "\(elsewhere)/contacts/1.json"]),
            .init(method: "POST", path: "/contacts.json", status: 302, headers: ["Location": "\(elsewhere)/contacts"]),
            .init(method: "GET", path: "/old", status: 301, headers: ["Location": "\(elsewhere)/moved"]),
        ])
        defer { server.stop() }
        let transport = CurlTransport(timeout: 5, session: CurlSession(environment: [:]))
        let from = "127.0.0.1:\(server.port)"
        for method in [HTTPRequest.Method.delete, .put, .post] {
            let path = method == .post ? "contacts.json" : "contacts/1.json"
            let target = method == .delete || method == .post ? "\(elsewhere)/contacts" : "\(elsewhere)/contacts/1.json"
            let error = await caught {
                try await transport.send(HTTPRequest(method: method, url: server.baseURL.appendingPathComponent(path), body: Data("{}".utf8)))
            }
            XCTAssertEqual(error, .other("the server at \(from) sent the change on to \(target), another server; it was not sent there, "
                                         + "so it is not known to be made"), "\(method)")
        }
        XCTAssertEqual(other.requests().count, 0, "no change and no GET standing in for one reached the other server")

        let moved = try await transport.send(.get(server.baseURL.appendingPathComponent("old"), headers: ["Authorization": "Bearer secret", "Accept": "application/json"]))
        XCTAssertEqual(moved.body, json(#"{"moved":true}"#))
        let followed = try XCTUnwrap(other.requests().first)
        XCTAssertEqual(followed.path, "/moved")
        XCTAssertNil(followed.header("Authorization"), "credentials never cross to another origin")
        XCTAssertEqual(followed.header("Accept"), "application/json")
    }

    /// What a hostile server did is what the message says: a redirect to another scheme names it, an
    /// answer that is not HTTP says so, a header line past libcurl's limit says so; never "not a valid
    /// web address" about the user's valid base URL.
    func testHostileAnswersSayWhatTheServerDid() async throws {
        let server = try LocalHTTPServer(routes: [
            .init(method: "GET", path: "/file", status: 302, headers: ["Location": "file:///etc/passwd"]),
            .init(method: "GET", path: "/ftp", status: 301, headers: ["Location": "ftp://127.0.0.1/list"]),
            .init(method: "GET", path: "/gopher", status: 307, headers: ["Location": "gopher://127.0.0.1/1"]),
            .init(method: "GET", path: "/loop", status: 302, headers: ["Location": "/loop"]),
            .init(method: "GET", path: "/huge-header", headers: ["X-Huge": String(repeating: "a", count: 300_000)]),
        ])
        defer { server.stop() }
        let transport = CurlTransport(timeout: 5, session: CurlSession(environment: [:]))
        let from = "127.0.0.1:\(server.port)"
        for (path, scheme) in [("file", "file"), ("ftp", "ftp"), ("gopher", "gopher")] {
            let error = await caught { try await transport.send(.get(server.baseURL.appendingPathComponent(path))) }
            XCTAssertEqual(error, .other("the server at \(from) redirected to a \(scheme): address, which is not followed"))
        }
        let loop = await caught { try await transport.send(.get(server.baseURL.appendingPathComponent("loop"))) }
        XCTAssertEqual(loop, .other("the server at \(from) redirected more than \(CurlSession.maximumRedirects) times"))
        let huge = await caught { try await transport.send(.get(server.baseURL.appendingPathComponent("huge-header"))) }
        XCTAssertEqual(huge, .other("the server at \(from) sent a header line longer than 100 KB, which is not read"))

        // HTTP/0.9 (a body without a status line) and a status line that is no HTTP's.
        let garbage = try ScriptedServer(script: """
            import socket, sys, threading
            listener = socket.socket()
            listener.bind(("127.0.0.1", 0))
            listener.listen(8)
            print(listener.getsockname()[1], flush=True)
            def serve():
                while True:
                    connection, _ = listener.accept()
                    request = connection.recv(65536)
                    connection.sendall(b"SSH-2.0-OpenSSH_9.2\\r\\n" if b"/ssh" in request else b"hello, this is not HTTP\\n")
                    connection.close()
            threading.Thread(target=serve, daemon=True).start()
            sys.stdin.read()
            """)
        defer { garbage.stop() }
        for path in ["nine", "ssh"] {
            let error = await caught { try await transport.send(.get(URL(string: "http://127.0.0.1:\(garbage.port)/\(path)")!)) }
            guard case .other(let detail) = error else { XCTFail("\(path): \(String(describing: error))"); continue }
            XCTAssertTrue(detail.hasPrefix("the server at 127.0.0.1:\(garbage.port) did not answer in HTTP"), detail)
        }
    }

    /// The rule itself, without a server: the URL of the next request and its method, body and headers.
    func testTheRuleOfEachStatus() throws {
        let url = URL(string: "http://api.test/contacts/1.json")!
        let put = HTTPRequest(method: .put, url: url, headers: ["Content-Type": "application/json", "Authorization": "x"], body: Data("{}".utf8))
        let here = URL(string: "http://api.test/v2/contacts/1.json")!
        for status in [200, 300, 304, 305, 306, 404] {
            XCTAssertNil(try Redirection.next(status: status, location: here, after: put, original: put), "\(status)")
        }
        XCTAssertNil(try Redirection.next(status: 303, location: nil, after: put, original: put))
        let seeOther = try XCTUnwrap(try Redirection.next(status: 303, location: here, after: put, original: put))
        XCTAssertEqual(seeOther.method, .get)
        XCTAssertNil(seeOther.body)
        XCTAssertEqual(seeOther.headers, ["Authorization": "x"], "same origin: the credentials stay; the body's headers go")
        let head = HTTPRequest(method: .head, url: url)
        XCTAssertEqual(try Redirection.next(status: 303, location: here, after: head, original: head)?.method, .head)
        XCTAssertEqual(try Redirection.next(status: 308, location: here, after: put, original: put), HTTPRequest(method: .put, url: here, headers: put.headers, body: put.body))
        XCTAssertTrue(Redirection.sameOrigin(URL(string: "http://api.test/a")!, URL(string: "http://API.test:80/b")!))
        XCTAssertFalse(Redirection.sameOrigin(URL(string: "http://api.test/a")!, URL(string: "https://api.test/a")!))
        XCTAssertFalse(Redirection.sameOrigin(URL(string: "http://api.test:8080/a")!, URL(string: "http://api.test:8081/a")!))
    }
}
