import ContactsCore
import Foundation
import HTTPClient
import Storage

// Routing: each route of the contract to its handler, run on the database's queue, and a handler's answer as a response.
extension LocalContactsBackend {
    /// The routes of the contract, answering requests sent under `baseURL`.
    public func routeTable(baseURL: URL) -> RouteTable {
        let base = baseURL
        return RouteTable(baseURL: baseURL, routes: [
            .init(ContactsRoutes.list) { [self] request in try await answer(request) { try self.list(base: base) } },
            .init(ContactsRoutes.create) { [self] request in try await answer(request) { try self.create(request.request, base: base) } },
            .init(ContactsRoutes.show) { [self] request in try await answer(request) { try self.show(request.captures["id"], base: base) } },
            .init(ContactsRoutes.update) { [self] request in
                try await answer(request) { try self.update(request.captures["id"], request.request, base: base) }
            },
            .init(ContactsRoutes.patch) { [self] request in
                try await answer(request) { try self.update(request.captures["id"], request.request, base: base) }
            },
            .init(ContactsRoutes.destroy) { [self] request in try await answer(request) { try self.destroy(request.captures["id"]) } },
            .init(ContactsRoutes.missingPicture) { [self] request in
                guard let missingPicture else { return .status(404, url: request.request.url) }
                return HTTPResponse(statusCode: 200, headers: ["Content-Type": "image/png"], body: missingPicture, url: request.request.url)
            },
            .init(ContactsRoutes.picture) { [self] request in try await onQueue { try self.picture(request) } },
        ])
    }

    /// What a handler returns: a status, a JSON body (or none), extra headers.
    struct Answer: Error, Sendable {
        var status: Int
        /// The JSON body, if any.
        var body: Data?
        var headers: [String: String] = [:]

        init(status: Int, body: Data?, headers: [String: String] = [:]) {
            self.status = status
            self.body = body
            self.headers = headers
        }

        init(status: Int, json: String?, headers: [String: String] = [:]) {
            self.init(status: status, body: json.map { Data($0.utf8) }, headers: headers)
        }

        static func status(_ code: Int) -> Answer { Answer(status: code, json: nil) }
    }

    /// Runs `body` on the database's own queue (``SQLiteDatabase/perform(_:)``): SQLite and file work
    /// blocks (a write may wait seconds for another process), so requests are answered there, one at a
    /// time, never on the concurrency pool's few threads.
    func onQueue<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await database.perform { _ in try body() }
    }

    private func answer(_ request: RouteTable.Request, _ work: @escaping @Sendable () throws -> Answer) async throws -> HTTPResponse {
        let answer: Answer
        do {
            answer = try await onQueue(work)
        } catch let early as Answer {
            answer = early
        } catch let error as StorageError {
            // A full disk is said as such (507 Insufficient Storage, which the app words "the disk is
            // full"); a file locked by another process for longer than the busy timeout, or broken, is
            // the server's 500, with the reason in the log a server would keep.
            let status = { if case .diskFull = error { 507 } else { 500 } }()
            answer = Answer(status: status, json: Self.statusBody(status, detail: error.message))
        }
        let url = request.request.url
        guard let body = answer.body else {
            if answer.status == 204 { return HTTPResponse(statusCode: 204, headers: answer.headers, url: url) }
            return .status(answer.status, url: url)
        }
        return .json(answer.status, body, url: url, headers: answer.headers)
    }

    /// Rails' `to_i` of the id: its leading digits (`12abc` is 12); none, or 0, is not found; above
    /// the 32-bit range the server fails with 500.
    static func recordID(_ text: String?) throws -> Int64 {
        let digits = (text ?? "").prefix { $0.isASCII && $0.isNumber }
        guard let id = Int64(digits.prefix(18)), id > 0 else {
            if digits.count > 18 { throw Answer(status: 500, json: statusBody(500)) }
            throw Answer(status: 404, json: statusBody(404))
        }
        guard id <= Int64(Int32.max) else { throw Answer(status: 500, json: statusBody(500)) }
        return id
    }
}
