import Foundation
import HTTPClient
import HTTPClientLive
import HTTPClientTesting
import XCTest

final class RequestBodyTests: XCTestCase {
    private let url = URL(string: "http://example.test/contacts.json")!

    func testFormFieldsAreEncodedAsBrowsersDo() throws {
        let request = HTTPRequest.form(url: url, fields: [("contact[first_name]", "Zoë Ann"), ("contact[email]", "a+b@c.de&x=1")])
        XCTAssertEqual(request.method, .post)
        XCTAssertEqual(request.headers["Content-Type"], "application/x-www-form-urlencoded; charset=utf-8")
        XCTAssertEqual(String(decoding: try XCTUnwrap(request.body), as: UTF8.self),
                       "contact%5Bfirst_name%5D=Zo%C3%AB+Ann&contact%5Bemail%5D=a%2Bb%40c.de%26x%3D1")
    }

    func testMultipartHasFieldsAFilePartAndAClosingBoundary() throws {
        let picture = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A])
        let request = try HTTPRequest.multipart(.put, url: url, parts: [
            .field("contact[first_name]", "Amy"),
            .file("contact[profile_pic]", filename: "me.png", contentType: "image/png", data: picture),
        ], boundary: "XYZ")
        XCTAssertEqual(request.headers["Content-Type"], "multipart/form-data; boundary=XYZ")
        var expected = Data("--XYZ\r\nContent-Disposition: form-data; name=\"contact[first_name]\"\r\n\r\nAmy\r\n".utf8)
        expected.append(Data("--XYZ\r\nContent-Disposition: form-data; name=\"contact[profile_pic]\"; filename=\"me.png\"\r\nContent-Type: image/png\r\n\r\n".utf8))
        expected.append(picture)
        expected.append(Data("\r\n--XYZ--\r\n".utf8))
        XCTAssertEqual(request.body, expected)
    }

    /// A name or file name cannot end its header or inject another; a part with the boundary is refused.
    func testHostileNamesAreQuotedAndABoundaryInsideAPartIsRefused() throws {
        let request = try HTTPRequest.multipart(url: url, parts: [
            .file("a\"b", filename: "x\r\nContent-Type: text/html\".png", contentType: "image/png\r\nX-Evil: 1", data: Data("1".utf8)),
        ], boundary: "B")
        let text = String(decoding: try XCTUnwrap(request.body), as: UTF8.self)
        XCTAssertTrue(text.contains("name=\"a%22b\"; filename=\"x%0D%0AContent-Type: text/html%22.png\"\r\nContent-Type: image/pngX-Evil: 1\r\n"), text)
        XCTAssertThrowsError(try HTTPRequest.multipart(url: url, parts: [.field("f", "…--B…")], boundary: "B"))
    }

    /// Over real HTTP: the server receives the bytes and the headers as built.
    func testAMultipartBodyArrivesIntact() async throws {
        let server = try LocalHTTPServer(routes: [.init(method: "POST", path: "/contacts.json", status: 201, body: Data("{}".utf8))])
        defer { server.stop() }
        let picture = Data((0..<2048).map { UInt8($0 % 256) })
        let request = try HTTPRequest.multipart(url: server.baseURL.appendingPathComponent("contacts.json"), parts: [
            .field("contact[last_name]", "Ng"), .file("contact[profile_pic]", filename: "p.jpg", contentType: "image/jpeg", data: picture),
        ])
        let response = try await HTTPClient(transport: CurlTransport(timeout: 5)).send(request)
        XCTAssertEqual(response.statusCode, 201)
        let received = try XCTUnwrap(server.requests().first)
        XCTAssertEqual(received.body, request.body)
        XCTAssertEqual(received.headers.first { $0.key.lowercased() == "content-type" }?.value, request.headers["Content-Type"])
    }
}

final class ServerErrorBodyTests: XCTestCase {
    private func fixture(_ name: String) throws -> Data {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../../../shared/fixtures/contacts/\(name)").standardizedFileURL
        guard FileManager.default.fileExists(atPath: url.path) else { throw XCTSkip("../shared/fixtures is absent: \(url.path)") }
        return try Data(contentsOf: url)
    }

    func testTheRealValidationAndNotFoundBodies() throws {
        XCTAssertEqual(ServerErrorBody.decode(try fixture("error-422.json"))?.messages,
                       ["First name is too short (minimum is 2 characters)", "Last name can't be blank", "Email is invalid"])
        XCTAssertEqual(ServerErrorBody.decode(try fixture("error-404.json")), ServerErrorBody(messages: ["Not Found"], status: 404))
    }

    func testOtherShapesAreNoErrorBody() {
        XCTAssertEqual(ServerErrorBody.decode(Data(#"{"status":404,"error":"Gone"}"#.utf8))?.status, 404)
        XCTAssertNil(ServerErrorBody.decode(Data("<html>500</html>".utf8)))
        XCTAssertNil(ServerErrorBody.decode(Data(#"{"errors":[]}"#.utf8)))
        XCTAssertNil(ServerErrorBody.decode(Data(#"[1,2]"#.utf8)))
        XCTAssertEqual(HTTPError.status(code: 422, rawBody: Data(#"{"errors":["Email is invalid"]}"#.utf8)).serverMessages, ["Email is invalid"])
        XCTAssertEqual(HTTPError.timeout(seconds: 1).serverMessages, [])
    }
}

final class HTTPRouteTests: XCTestCase {
    private let base = URL(string: "http://127.0.0.1:3000/api")!

    func testAClientURLAndABackendMatchAgree() throws {
        let route = HTTPRoute(.get, "/contacts/{id}.json")
        let url = try route.url(base: base, ["id": "42"])
        XCTAssertEqual(url.absoluteString, "http://127.0.0.1:3000/api/contacts/42.json")
        XCTAssertEqual(route.match(HTTPRequest(method: .get, url: url), base: base), ["id": "42"])
        XCTAssertNil(route.match(HTTPRequest(method: .delete, url: url), base: base), "another method is another route")
        XCTAssertNil(route.match(HTTPRequest(method: .get, url: URL(string: "http://127.0.0.1:3000/api/contacts.json")!), base: base))
        XCTAssertEqual(route.captureNames, ["id"])
    }

    func testHostileValuesStayOneSegmentOrAreRefused() throws {
        let route = HTTPRoute(.put, "/contacts/{id}.json")
        let url = try route.url(base: base, ["id": "1/../../etc"])
        XCTAssertEqual(url.absoluteString, "http://127.0.0.1:3000/api/contacts/1%2F..%2F..%2Fetc.json")
        XCTAssertNil(route.match(HTTPRequest(method: .put, url: url), base: base), "a capture never holds / or ..")
        XCTAssertThrowsError(try route.url(base: base, [:]), "a missing value is an error, not {id} in a URL")
    }

    func testBundledTemplatesStillMatchQueriesWithTheSharedMatcher() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("route-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("details"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(#"{"name":"10,000"}"#.utf8).write(to: directory.appendingPathComponent("details/10,000.json"))
        let base = URL(string: "http://dev.tapptic.com/test")!
        let transport = BundledTransport(baseURL: base, directory: directory,
                                         routes: [.template("/json.php?name={name}", file: "details/{name}.json")])
        let found = transport.response(to: HTTPRequest(url: URL(string: "http://dev.tapptic.com/test/json.php?name=10%2C000")!))
        XCTAssertEqual(found.statusCode, 200)
        XCTAssertEqual(String(decoding: found.body, as: UTF8.self), #"{"name":"10,000"}"#)
        let escaping = transport.response(to: HTTPRequest(url: URL(string: "http://dev.tapptic.com/test/json.php?name=..%2Fx")!))
        XCTAssertEqual(escaping.statusCode, 404)
    }
}

/// The server side of the bodies: what an in-process backend reads back is what a client built.
final class RequestBodyParsingTests: XCTestCase {
    private let url = URL(string: "http://example.test/contacts.json")!

    func testAFormRoundTripsThroughItsEncoding() throws {
        let fields = [("contact[first_name]", "Zoë Ann"), ("contact[email]", "a+b@c.de&x=1"), ("empty", "")]
        let request = HTTPRequest.form(url: url, fields: fields)
        XCTAssertEqual(RequestBody.kind(of: request), .form)
        let read = try RequestBody.formFields(try XCTUnwrap(request.body))
        XCTAssertEqual(read.map(\.name), fields.map(\.0))
        XCTAssertEqual(read.map(\.value), fields.map(\.1))
        XCTAssertThrowsError(try RequestBody.formFields(Data("a=%ZZ".utf8)))
    }

    func testAMultipartBodyRoundTripsWithHostileNamesAndBinaryContent() throws {
        let picture = Data((0..<600).map { UInt8($0 % 256) } + Array("\r\n--not-the-boundary\r\n".utf8))
        let parts: [MultipartPart] = [
            .field("contact[first_name]", "Amy\r\nTwo lines"),
            .file("contact[profile_pic]", filename: "my \"best\"; photo.png", contentType: "image/png", data: picture),
            .field("contact[last_name]", ""),
        ]
        let request = try HTTPRequest.multipart(url: url, parts: parts)
        guard case .multipart(let boundary) = RequestBody.kind(of: request) else { return XCTFail("not multipart") }
        XCTAssertEqual(try RequestBody.multipartParts(try XCTUnwrap(request.body), boundary: boundary), parts)
    }

    func testBrokenMultipartBodiesAreErrorsNotCrashes() {
        let bodies = ["", "--B", "--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nno end", "--B\r\n\r\n\r\nx\r\n--B--",
                      "--Bjunk", "--B\r\nContent-Disposition: form-data\r\n\r\nx\r\n--B--"]
        for body in bodies {
            XCTAssertThrowsError(try RequestBody.multipartParts(Data(body.utf8), boundary: "B"), body)
        }
        XCTAssertEqual(try RequestBody.multipartParts(Data("--B--\r\n".utf8), boundary: "B"), [])
    }

    func testTheContentTypeNamesTheKind() {
        func kind(_ type: String?) -> RequestBody.Kind {
            RequestBody.kind(of: HTTPRequest(method: .post, url: url, headers: type.map { ["content-type": $0] } ?? [:]))
        }
        XCTAssertEqual(kind("application/json; charset=utf-8"), .json)
        XCTAssertEqual(kind("text/x-json"), .json)
        XCTAssertEqual(kind("multipart/form-data; boundary=\"q r\""), .multipart(boundary: "q r"))
        XCTAssertEqual(kind("multipart/form-data"), .other("multipart/form-data"))
        XCTAssertEqual(kind("text/plain"), .other("text/plain"))
        XCTAssertEqual(kind(nil), RequestBody.Kind.none)
    }
}

/// An in-process backend answers like a server: routes by template and method, 404 otherwise (as Rails), limits applied.
final class RouteTableTests: XCTestCase {
    private let base = URL(string: "http://contacts.test")!

    private func table() -> RouteTable {
        RouteTable(baseURL: base, routes: [
            .init(HTTPRoute(.get, "/contacts/{id}.json")) { request in
                .json(200, Data(#"{"id":\#(request.captures["id"] ?? "")}"#.utf8), url: request.request.url)
            },
            .init(HTTPRoute(.delete, "/contacts/{id}.json")) { request in
                HTTPResponse(statusCode: 204, url: request.request.url)
            },
            .init(HTTPRoute(.get, "/big")) { request in
                .json(200, Data(repeating: 0x20, count: 2048), url: request.request.url)
            },
        ])
    }

    func testARouteAnswersWithItsCapturesAndTheSameURLAClientBuilds() async throws {
        let url = try HTTPRoute(.get, "/contacts/{id}.json").url(base: base, ["id": "7"])
        let response = try await HTTPClient(transport: table()).send(.get(url))
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), #"{"id":7}"#)
        XCTAssertEqual(response.header("content-type"), "application/json; charset=utf-8")
        let head = try await table().send(HTTPRequest(method: .head, url: url))
        XCTAssertEqual(head.statusCode, 200)
        XCTAssertTrue(head.body.isEmpty)
    }

    func testUnknownPathsAndMethodsAre404() async throws {
        let missing = try await table().send(.get(base.appendingPathComponent("nothing.json")))
        XCTAssertEqual(missing.statusCode, 404)
        XCTAssertEqual(ServerErrorBody.decode(missing.body), ServerErrorBody(messages: ["Not Found"], status: 404))
        let otherHost = try await table().send(.get(URL(string: "http://elsewhere.test/contacts/1.json")!))
        XCTAssertEqual(otherHost.statusCode, 404)
        let put = try await table().send(HTTPRequest(method: .put, url: base.appendingPathComponent("contacts/1.json")))
        XCTAssertEqual(put.statusCode, 404, "an unrouted method is not found, as on the server")
    }

    func testTheRequestsLimitsApplyToTheAnswer() async throws {
        do {
            _ = try await table().send(.get(base.appendingPathComponent("big"), byteLimit: 1024))
            XCTFail("2 KB passed a 1 KB limit")
        } catch let error as HTTPError {
            XCTAssertEqual(error, .tooLarge(limit: 1024))
        }
        do {
            _ = try await table().send(.get(base.appendingPathComponent("big"), acceptedContentTypes: ["text/html"]))
            XCTFail("JSON passed as HTML")
        } catch let error as HTTPError {
            XCTAssertEqual(error, .unexpectedContentType("application/json; charset=utf-8"))
        }
    }
}
