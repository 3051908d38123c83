import ContactsCore
import Foundation
import HTTPClient
import ImageKit
import Storage
import TextSearch

/// A row of the embedded backend's `contacts` table.
struct StoredContact: Equatable {
    var id: Int
    var firstName = ""
    var lastName = ""
    var email: String?
    var phoneNumber: String?
    /// NULL is possible (Rails stores `""` and `null` as NULL); shown as false.
    var favorite: Bool?
    var createdAt: String
    var updatedAt: String
    var pictureFileName: String?
    var pictureContentType: String?
    var pictureFileSize: Int?
    var pictureUpdatedAt: Int?

    init(id: Int, createdAt: String, updatedAt: String) {
        self.id = id
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// A row of `SELECT *` (a column the row lacks stays empty).
    init(_ row: SQLiteRow) throws {
        func text(_ column: String) throws -> String? { row[column] == nil ? nil : try row.string(column) }
        func integer(_ column: String) throws -> Int? { row[column] == nil ? nil : try row.int(column) }
        id = try integer("id") ?? 0
        firstName = try text("first_name") ?? ""
        lastName = try text("last_name") ?? ""
        email = try text("email")
        phoneNumber = try text("phone_number")
        favorite = row["favorite"] == nil ? nil : try row.bool("favorite")
        createdAt = try text("created_at") ?? ""
        updatedAt = try text("updated_at") ?? ""
        pictureFileName = try text("profile_pic_file_name")
        pictureContentType = try text("profile_pic_content_type")
        pictureFileSize = try integer("profile_pic_file_size")
        pictureUpdatedAt = try integer("profile_pic_updated_at")
    }

    /// The values for the INSERT/UPDATE column list (first name … picture updated at).
    var bindings: [SQLiteValue] {
        [.text(firstName), .text(lastName), email.map(SQLiteValue.text) ?? .null, phoneNumber.map(SQLiteValue.text) ?? .null,
         favorite.map { SQLiteValue($0) } ?? .null, .text(createdAt), .text(updatedAt),
         pictureFileName.map(SQLiteValue.text) ?? .null, pictureContentType.map(SQLiteValue.text) ?? .null,
         pictureFileSize.map { SQLiteValue($0) } ?? .null, pictureUpdatedAt.map { SQLiteValue($0) } ?? .null]
    }
}

/// What the list shows of a row, read by position from ``query``'s columns: 10,000 of them are read
/// at every launch.
struct ListedContact {
    /// The columns ``init(_:)`` reads, in its order.
    static let query = """
        SELECT id, first_name, last_name, favorite, profile_pic_file_name, profile_pic_updated_at FROM contacts
        """

    var id: Int
    var firstName: String
    var lastName: String
    var favorite: Bool
    var pictureFileName: String?
    var pictureUpdatedAt: Int?

    init(_ row: SQLiteCursor) throws {
        id = try row.int(at: 0) ?? 0
        firstName = try row.string(at: 1) ?? ""
        lastName = try row.string(at: 2) ?? ""
        favorite = try row.bool(at: 3) == true
        pictureFileName = try row.string(at: 4)
        pictureUpdatedAt = try row.int(at: 5)
    }
}

/// The list's order: favorites first, then first name, then last name, compared as the live server's
/// Postgres collation does (case and accents ignored), then the id so the order is total.
struct ListOrder: Comparable {
    let favorite: Bool
    let first: String
    let last: String
    let id: Int

    init(contact: ListedContact) {
        favorite = contact.favorite
        first = Self.fold(contact.firstName)
        last = Self.fold(contact.lastName)
        id = contact.id
    }

    static func fold(_ text: String) -> String { SearchQuery.fold(text) }

    static func < (lhs: ListOrder, rhs: ListOrder) -> Bool {
        if lhs.favorite != rhs.favorite { return lhs.favorite }
        if lhs.first != rhs.first { return lhs.first < rhs.first }
        if lhs.last != rhs.last { return lhs.last < rhs.last }
        return lhs.id < rhs.id
    }
}

/// The permitted `contact` parameters of a create or update, read from any body the server takes:
/// JSON under the `contact` root key, flat JSON (wrapped, but only column names: a flat
/// `profile_pic` is dropped), or `contact[…]` form and multipart fields. No usable `contact` is 400.
struct ContactParams {
    enum Value {
        case string(String)
        case number(String)
        case bool(Bool)
        case null
        case file(PhotoUpload)
    }

    /// A picture change: a new upload, or nil to remove the picture; `time` stamps it.
    struct Picture {
        var upload: PhotoUpload?
        var contentType: String?
        var spoofed: Bool
        var time: Date
    }

    static let permitted: Set<String> = ["first_name", "last_name", "email", "phone_number", "profile_pic", "favorite"]
    /// The table's columns: what Rails' ParamsWrapper copies from a flat JSON body.
    static let columns: Set<String> = ["id", "first_name", "last_name", "email", "phone_number", "favorite", "created_at",
                                       "updated_at", "profile_pic_file_name", "profile_pic_content_type", "profile_pic_file_size",
                                       "profile_pic_updated_at"]

    var values: [String: Value] = [:]

    init(_ request: HTTPRequest) throws {
        let badRequest = LocalContactsBackend.Answer(status: 400, json: #"{"status":"400","error":"Bad Request"}"#)
        let body = request.body ?? Data()
        var found = false
        switch RequestBody.kind(of: request) {
        case .json:
            guard case .object(let object)? = try? JSONDecoder().decode(JSONValue.self, from: body) else { throw badRequest }
            if let contact = object["contact"] {
                guard case .object(let fields) = contact, !fields.isEmpty else { throw badRequest }
                found = true
                for (key, value) in fields where Self.permitted.contains(key) { values[key] = value.param }
            } else {
                let wrapped = object.filter { Self.columns.contains($0.key) }
                guard !wrapped.isEmpty else { throw badRequest }
                found = true
                for (key, value) in wrapped where Self.permitted.contains(key) { values[key] = value.param }
            }
        case .form:
            guard let fields = try? RequestBody.formFields(body) else { throw badRequest }
            for field in fields {
                guard let key = Self.bracketed(field.name) else { continue }
                found = true
                if Self.permitted.contains(key) { values[key] = .string(field.value) }
            }
        case .multipart(let boundary):
            guard let parts = try? RequestBody.multipartParts(body, boundary: boundary) else { throw badRequest }
            for part in parts {
                guard let key = Self.bracketed(part.name) else { continue }
                found = true
                guard Self.permitted.contains(key) else { continue }
                if let filename = part.filename {
                    values[key] = .file(PhotoUpload(filename: filename, contentType: part.contentType ?? "application/octet-stream",
                                                    data: part.content))
                } else {
                    values[key] = .string(String(decoding: part.content, as: UTF8.self))
                }
            }
        case .other, .none:
            throw badRequest
        }
        guard found else { throw badRequest }
    }

    /// `contact[first_name]` → `first_name`.
    private static func bracketed(_ name: String) -> String? {
        guard name.hasPrefix("contact["), name.hasSuffix("]"), name.count > 9 else { return nil }
        return String(name.dropFirst(8).dropLast())
    }

    /// Merges the parameters into `record`; returns the picture change, if any.
    func apply(to record: inout StoredContact, time: Date) throws -> Picture? {
        if let value = values["first_name"] { record.firstName = Self.text(value) ?? "" }
        if let value = values["last_name"] { record.lastName = Self.text(value) ?? "" }
        if let value = values["email"] { record.email = Self.text(value) }
        if let value = values["phone_number"] { record.phoneNumber = Self.text(value) }
        if let value = values["favorite"] { record.favorite = Self.favorite(value) }
        guard let picture = values["profile_pic"] else { return nil }
        switch picture {
        case .file(let upload):
            let type = upload.contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
            let allowed = ContactRules.pictureContentTypes.contains(type)
            return Picture(upload: upload, contentType: type, spoofed: allowed && !Self.isImage(upload.data), time: time)
        case .null:
            return Picture(upload: nil, contentType: nil, spoofed: false, time: time)
        case .string(let text) where text.isEmpty:
            return nil
        case .string(let text) where text.hasPrefix("data:"):
            guard let comma = text.firstIndex(of: ","), text[..<comma].hasSuffix(";base64"),
                  let data = Data(base64Encoded: String(text[text.index(after: comma)...]), options: .ignoreUnknownCharacters)
            else { throw LocalContactsBackend.Answer(status: 500, json: #"{"status":"500","error":"Internal Server Error"}"#) }
            let type = Self.sniffedType(data) ?? "application/octet-stream"
            return Picture(upload: PhotoUpload(filename: "data", contentType: type, data: data), contentType: type, spoofed: false,
                           time: time)
        default:
            // Paperclip has no handler for any other string (a URL needs a download this backend does not make).
            throw LocalContactsBackend.Answer(status: 500, json: #"{"status":"500","error":"Internal Server Error"}"#)
        }
    }

    /// A string column's value: numbers as written, booleans as Rails stores them (`t`/`f`).
    private static func text(_ value: Value) -> String? {
        switch value {
        case .string(let text), .number(let text): text
        case .bool(let flag): flag ? "t" : "f"
        case .null, .file: nil
        }
    }

    /// ActiveRecord 4.2's boolean cast: a known true or false spelling, `""`/null as NULL, anything else false.
    private static func favorite(_ value: Value) -> Bool? {
        switch value {
        case .bool(let flag): return flag
        case .null: return nil
        case .number(let text), .string(let text):
            if text.isEmpty { return nil }
            return ["1", "t", "T", "true", "TRUE", "on", "ON"].contains(text)
        case .file: return false
        }
    }

    private static func isImage(_ data: Data) -> Bool { sniffedType(data) != nil }

    private static func sniffedType(_ data: Data) -> String? { ContactPhoto.contentType(of: data) }
}

/// A JSON value as sent, keeping booleans apart from numbers (Rails casts them differently).
enum JSONValue: Decodable {
    case null, bool(Bool), number(String), string(String), array, object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let flag = try? container.decode(Bool.self) { self = .bool(flag) }
        else if let integer = try? container.decode(Int64.self) { self = .number(String(integer)) }
        else if let number = try? container.decode(Double.self) { self = .number(String(number)) }
        else if let text = try? container.decode(String.self) { self = .string(text) }
        else if let object = try? container.decode([String: JSONValue].self) { self = .object(object) }
        else { _ = try container.decode([JSONValue].self); self = .array }
    }

    /// The parameter this value is; arrays and objects are not permitted scalars.
    var param: ContactParams.Value? {
        switch self {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .number(let text): .number(text)
        case .string(let text): .string(text)
        case .array, .object: nil
        }
    }
}

