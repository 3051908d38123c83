import Contacts
import ContactsBackend
import ContactsCore
import ContactsTesting
import Foundation
import HTTPClient
import HTTPClientLive
import ImageKitTesting
import StorageTesting
import Testing

/// The contacts server's REST contract (`../shared/contacts-server-api.md`), one suite run against
/// both implementations of it: the embedded SQLite backend the app ships (through its route table)
/// and the loopback Python server (`Scripts/contacts_server.py`, over URLSession), so the two can
/// never drift apart. Every case sends the same requests and expects the same answers of both.
@Suite("The contacts REST contract, on both backends")
struct ContactsContractTests {
    enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case embedded
        case loopbackServer

        var testDescription: String { rawValue }
    }

    /// A running backend: where to send requests, and how it ends.
    struct Running {
        let transport: any Transport
        let base: URL
        let stop: @Sendable () -> Void

        var service: HTTPContactsService { HTTPContactsService(client: HTTPClient(transport: transport), baseURL: base) }

        func send(_ method: HTTPRequest.Method, _ path: String, json: String? = nil) async throws -> HTTPResponse {
            var request = HTTPRequest(method: method, url: URL(string: base.absoluteString + path)!)
            if let json {
                request.body = Data(json.utf8)
                request.headers["Content-Type"] = "application/json"
            }
            return try await transport.send(request)
        }

        /// The answer's JSON object (or array), for comparing answers whose timestamps differ.
        func object(_ response: HTTPResponse) throws -> [String: Any] {
            try #require(JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        }
    }

    static func start(_ backend: Backend) throws -> Running {
        switch backend {
        case .embedded:
            let directory = try TemporaryDirectory(prefix: "contacts-contract")
            let local = try LocalContactsBackend(directory: directory.url, missingPicture: ImageFixtures.tinyPNG)
            let base = ContactsModule.originalBaseURL
            return Running(transport: local.routeTable(baseURL: base), base: base, stop: { _ = directory })
        case .loopbackServer:
            let server = try LoopbackContactsServer()
            return Running(transport: CurlTransport(timeout: 10), base: server.baseURL, stop: { server.stop() })
        }
    }

    @Test("create 201 with Location and the detail's keys in order; show; delete 204; then 404", arguments: Backend.allCases)
    func createShowDelete(_ backend: Backend) async throws {
        let running = try Self.start(backend)
        defer { running.stop() }
        let created = try await running.send(.post, "/contacts.json",
                                             json: #"{"contact":{"first_name":"Amitabh","last_name":"Bachchan","email":"ab@bachchan.com","phone_number":"+919980123412"}}"#)
        #expect(created.statusCode == 201)
        #expect(created.header("Location")?.hasSuffix("/contacts/1") == true)
        let text = String(decoding: created.body, as: UTF8.self)
        let keys = ["\"id\"", "\"first_name\"", "\"last_name\"", "\"email\"", "\"phone_number\"", "\"profile_pic\"", "\"favorite\"",
                    "\"created_at\"", "\"updated_at\""].map { text.range(of: $0)?.lowerBound }
        #expect(keys.allSatisfy { $0 != nil } && keys.map { $0! } == keys.map { $0! }.sorted(), "the server's key order: \(text)")
        let detail = try running.object(created)
        #expect(detail["profile_pic"] as? String == "/images/missing.png")
        #expect(detail["favorite"] as? Bool == false)
        #expect((detail["created_at"] as? String)?.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$"#, options: .regularExpression) != nil)

        let shown = try await running.send(.get, "/contacts/1.json")
        #expect(shown.statusCode == 200)
        #expect(try running.object(shown)["email"] as? String == "ab@bachchan.com")

        let deleted = try await running.send(.delete, "/contacts/1.json")
        #expect(deleted.statusCode == 204)
        #expect(deleted.body.isEmpty)
        let gone = try await running.send(.get, "/contacts/1.json")
        #expect(gone.statusCode == 404)
        #expect(String(decoding: gone.body, as: UTF8.self) == #"{"status":"404","error":"Not Found"}"#)
        await #expect(throws: ContactsError.notFound) { try await running.service.obtainContact(id: 1) }
    }

    @Test("the list: summaries with their url, favorites first, then by name ignoring case", arguments: Backend.allCases)
    func listOrderAndShape(_ backend: Backend) async throws {
        let running = try Self.start(backend)
        defer { running.stop() }
        let service = running.service
        for (first, last, favorite) in [("dfdf", "Xy", false), ("Amitabh", "Bb", false), ("aaaaa", "Zz", false), ("Nadine", "Cc", true),
                                        ("12345", "Dd", false), ("Managam", "Silalahi", false), ("Managam", "Sil", false)] {
            _ = try await service.performCreate(ContactChanges(firstName: first, lastName: last, email: "\(first.lowercased())@mail.example",
                                                               phoneNumber: "+6281234567890", favorite: favorite))
        }
        let names = try await service.obtainContacts().contacts.map(\.fullName)
        #expect(names == ["Nadine Cc", "12345 Dd", "aaaaa Zz", "Amitabh Bb", "dfdf Xy", "Managam Sil", "Managam Silalahi"])
        let list = try await running.send(.get, "/contacts.json")
        let items = try #require(JSONSerialization.jsonObject(with: list.body) as? [[String: Any]])
        let first = try #require(items.first)
        #expect(Set(first.keys) == ["id", "first_name", "last_name", "profile_pic", "favorite", "url"])
        #expect((first["url"] as? String)?.hasSuffix("/contacts/\(first["id"] as? Int ?? 0).json") == true)
    }

    @Test("invalid values: 422 with the server's messages in order, and nothing stored", arguments: Backend.allCases)
    func validation(_ backend: Backend) async throws {
        let running = try Self.start(backend)
        defer { running.stop() }
        let refused = try await running.send(.post, "/contacts.json", json: #"{"contact":{"first_name":"A","email":"x"}}"#)
        #expect(refused.statusCode == 422)
        let errors = try running.object(refused)["errors"] as? [String]
        #expect(errors == ["First name is too short (minimum is 2 characters)", "Last name can't be blank", "Email is invalid"])
        await #expect(throws: ContactsError.invalid(["Phone number is invalid"])) {
            try await running.service.performCreate(ContactChanges(firstName: "Ab", lastName: "Cd", email: "ab@mail.example", phoneNumber: "123"))
        }
        #expect(try await running.service.obtainContacts().contacts.isEmpty)
    }

    @Test("a partial update changes only its fields, validated on the merged record", arguments: Backend.allCases)
    func partialUpdate(_ backend: Backend) async throws {
        let running = try Self.start(backend)
        defer { running.stop() }
        let service = running.service
        let saved = try await service.performCreate(ContactChanges(firstName: "Ayu", lastName: "Lestari", email: "ayu@mail.example",
                                                                   phoneNumber: "+6281234567890"))
        let favorite = try await service.performUpdate(id: saved.id, ContactChanges(favorite: true))
        #expect(favorite.favorite)
        #expect(favorite.email == "ayu@mail.example")
        let patched = try await running.send(.patch, "/contacts/\(saved.id).json", json: #"{"contact":{"last_name":"L"}}"#)
        #expect(patched.statusCode == 422)
        #expect(try running.object(patched)["errors"] as? [String] == ["Last name is too short (minimum is 2 characters)"])
        #expect(try await service.obtainContact(id: saved.id).lastName == "Lestari", "a refused update changes nothing")
        let missing = try await running.send(.put, "/contacts/999.json", json: #"{"contact":{"first_name":"Zed"}}"#)
        #expect(missing.statusCode == 404)
    }

    @Test("a multipart picture is stored and served back at Paperclip's path", arguments: Backend.allCases)
    func pictureUpload(_ backend: Backend) async throws {
        let running = try Self.start(backend)
        defer { running.stop() }
        let saved = try await running.service.performCreate(ContactChanges(
            firstName: "Ayu", lastName: "Lestari", email: "ayu@mail.example", phoneNumber: "+6281234567890",
            photo: PhotoUpload(filename: "me.png", contentType: "image/png", data: ImageFixtures.tinyPNG)))
        #expect(saved.profilePic.contains("/system/contacts/profile_pics/000/000/001/original/me.png"), "\(saved.profilePic)")
        let url = try #require(URL(string: saved.profilePic, relativeTo: running.base))
        let picture = try await running.transport.send(.get(url.absoluteURL))
        #expect(picture.statusCode == 200)
        #expect(picture.body == ImageFixtures.tinyPNG)
    }
}
