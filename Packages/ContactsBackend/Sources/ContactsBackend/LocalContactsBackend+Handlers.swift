import ContactsCore
import Foundation
import HTTPClient
import JSONKit
import Storage

// The contract's handlers: each request read from, or written in one transaction to, the contacts table.
extension LocalContactsBackend {
    func list(base: URL) throws -> Answer {
        // Read by position into a compact value per contact: no row of values per contact, no lookup by name.
        var contacts: [ListedContact] = []
        try database.forEachRow(ListedContact.query) { contacts.append(try ListedContact($0)) }
        // Sorted through positions: 10,000 contacts are not copied twice for the sort.
        let keys = contacts.map(ListOrder.init(contact:))
        let order = keys.indices.sorted { keys[$0] < keys[$1] }
        // The detail URL's parts around the id, built once through the route (not once per contact).
        let probe = try ContactsRoutes.show.url(base: base, ["id": "1"]).absoluteString
        // Escaped once, its closing quote dropped: the id and ".json" need no escaping.
        var urlHead: [UInt8] = []
        JSONText.append(String(probe.dropLast("1.json".count)), to: &urlHead)
        urlHead.removeLast()
        // One buffer of UTF-8 for the whole list (10,000 contacts are about 1.5 MB): no string per
        // contact, the fixed parts made once.
        let idKey = Array(#"{"id":"#.utf8), firstKey = Array(#","first_name":"#.utf8), lastKey = Array(#","last_name":"#.utf8)
        let pictureKey = Array(#","profile_pic":"#.utf8), urlTail = Array(#".json"}"#.utf8)
        let favorite = Array(#","favorite":true,"url":"#.utf8), notFavorite = Array(#","favorite":false,"url":"#.utf8)
        var missingPicture: [UInt8] = []
        JSONText.append(Contact.missingPicture, to: &missingPicture)
        var json: [UInt8] = []
        json.reserveCapacity(order.count * 170 + 2)
        json.append(UInt8(ascii: "["))
        for (index, position) in order.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            let id = contacts[position].id
            json.append(contentsOf: idKey)
            JSONText.append(id, to: &json)
            json.append(contentsOf: firstKey)
            JSONText.append(contacts[position].firstName, to: &json)
            json.append(contentsOf: lastKey)
            JSONText.append(contacts[position].lastName, to: &json)
            json.append(contentsOf: pictureKey)
            if let file = contacts[position].pictureFileName, let updated = contacts[position].pictureUpdatedAt {
                JSONText.append(profilePic(id: id, file: file, updated: updated, base: base), to: &json)
            } else {
                json.append(contentsOf: missingPicture)
            }
            json.append(contentsOf: contacts[position].favorite ? favorite : notFavorite)
            json.append(contentsOf: urlHead)
            JSONText.append(id, to: &json)
            json.append(contentsOf: urlTail)
        }
        json.append(UInt8(ascii: "]"))
        return Answer(status: 200, body: Data(json))
    }

    func show(_ id: String?, base: URL) throws -> Answer {
        let id = try Self.recordID(id)
        guard let contact = try database.query("SELECT * FROM contacts WHERE id = ?", [.integer(id)]).first.map(StoredContact.init) else {
            throw Answer(status: 404, json: Self.statusBody(404))
        }
        return Answer(status: 200, json: detail(contact, base: base))
    }

    func create(_ request: HTTPRequest, base: URL) throws -> Answer {
        let params = try ContactParams(request)
        let time = now()
        let contact: StoredContact = try database.transaction { transaction in
            var record = StoredContact(id: 0, createdAt: Self.timestamp(time), updatedAt: Self.timestamp(time))
            record.favorite = false
            let picture = try params.apply(to: &record, time: time)
            try Self.validate(record, picture: picture)
            record.id = Int(try Self.insertListed(record, into: transaction))
            Self.removeLeftovers(ofContact: record.id, in: photosDirectory, keeping: nil)
            if let picture { try store(picture, for: &record) }
            try transaction.execute("""
                UPDATE contacts SET profile_pic_file_name = ?, profile_pic_content_type = ?, profile_pic_file_size = ?,
                  profile_pic_updated_at = ? WHERE id = ?
                """, Array(record.bindings.suffix(4)) + [.integer(Int64(record.id))])
            return record
        }
        let location = try ContactsRoutes.show.url(base: base, ["id": String(contact.id)]).absoluteString
        return Answer(status: 201, json: detail(contact, base: base), headers: ["Location": String(location.dropLast(".json".count))])
    }

    func update(_ id: String?, _ request: HTTPRequest, base: URL) throws -> Answer {
        let id = try Self.recordID(id)
        let params = try ContactParams(request)
        let time = now()
        let (contact, replaced): (StoredContact, URL?) = try database.transaction { transaction in
            guard let stored = try transaction.query("SELECT * FROM contacts WHERE id = ?", [.integer(id)]).first.map(StoredContact.init) else {
                throw Answer(status: 404, json: Self.statusBody(404))
            }
            var record = stored
            let picture = try params.apply(to: &record, time: time)
            try Self.validate(record, picture: picture)
            if let picture {
                Self.removeLeftovers(ofContact: record.id, in: photosDirectory, keeping: pictureFile(stored))
                try store(picture, for: &record)
            }
            guard record != stored else { return (stored, nil) } // nothing changed: updated_at stays
            record.updatedAt = Self.timestamp(time)
            try transaction.execute("""
                UPDATE contacts SET first_name = ?, last_name = ?, email = ?, phone_number = ?, favorite = ?, created_at = ?,
                  updated_at = ?, profile_pic_file_name = ?, profile_pic_content_type = ?, profile_pic_file_size = ?,
                  profile_pic_updated_at = ? WHERE id = ?
                """, record.bindings + [.integer(id)])
            // A new name takes its new place in the list (and in the name index).
            let keys = ContactListing.Keys(firstName: record.firstName, lastName: record.lastName)
            if keys != ContactListing.Keys(firstName: stored.firstName, lastName: stored.lastName) {
                try transaction.execute("UPDATE contacts SET order_key = ?, search_words = ?, list_position = NULL WHERE id = ?",
                                        [.text(keys.orderKey), .text(keys.searchWords), .integer(id)])
                try ContactListing.place(id: id, orderKey: keys.orderKey, in: transaction)
            }
            let old = pictureFile(stored)
            return (record, old == pictureFile(record) ? nil : old)
        }
        // The picture it replaced goes after the commit: a failed update keeps the row and its file together.
        if let replaced { try? FileManager.default.removeItem(at: replaced) }
        let location = try ContactsRoutes.show.url(base: base, ["id": String(contact.id)]).absoluteString
        return Answer(status: 200, json: detail(contact, base: base), headers: ["Location": String(location.dropLast(".json".count))])
    }

    func destroy(_ id: String?) throws -> Answer {
        let id = try Self.recordID(id)
        let deleted: Bool = try database.transaction { transaction in
            try transaction.execute("DELETE FROM contacts WHERE id = ?", [.integer(id)])
            return transaction.changes > 0
        }
        guard deleted else { throw Answer(status: 404, json: Self.statusBody(404)) }
        // After the commit, as Paperclip deletes the file: a failed delete leaves the row, never a row without its file.
        try? FileManager.default.removeItem(at: photosDirectory.appendingPathComponent(String(id)))
        return Answer(status: 204, json: nil)
    }

    func picture(_ request: RouteTable.Request) throws -> HTTPResponse {
        let url = request.request.url
        guard let a = request.captures["a"], let b = request.captures["b"], let c = request.captures["c"],
              let id = Int(a + b + c), let file = request.captures["file"],
              let row = try database.query("SELECT profile_pic_file_name, profile_pic_content_type FROM contacts WHERE id = ?",
                                           [.integer(Int64(id))]).first,
              try row.string("profile_pic_file_name") == file,
              let stored = try database.query("SELECT * FROM contacts WHERE id = ?", [.integer(Int64(id))]).first.map(StoredContact.init),
              let path = pictureFile(stored), let data = try? Data(contentsOf: path)
        else { return .status(404, url: url) }
        let type = try row.string("profile_pic_content_type") ?? "application/octet-stream"
        return HTTPResponse(statusCode: 200, headers: ["Content-Type": type, "Content-Length": "\(data.count)"], body: data, url: url)
    }

    static let spoofMessage = "Profile pic has contents that are not what they are reported to be"

    /// The server's validations of the record as it would be saved: a 422 with its messages, in its order.
    static func validate(_ record: StoredContact, picture: ContactParams.Picture?) throws(Answer) {
        let errors = ContactRules.violations(firstName: record.firstName, lastName: record.lastName, email: record.email,
                                             phoneNumber: record.phoneNumber, pictureContentType: picture?.contentType)
            .map(ContactsRoutes.message(for:))
        let allErrors = (picture?.spoofed == true ? [spoofMessage] : []) + errors
        guard allErrors.isEmpty else { throw Answer(status: 422, json: errorsBody(allErrors)) }
    }

    /// Inserts `record` with its keys and gives it its place in the list (a created contact); its id.
    static func insertListed(_ record: StoredContact, into transaction: SQLiteTransaction) throws -> Int64 {
        let keys = ContactListing.Keys(firstName: record.firstName, lastName: record.lastName)
        try transaction.execute("""
            INSERT INTO contacts (first_name, last_name, email, phone_number, favorite, created_at, updated_at,
              profile_pic_file_name, profile_pic_content_type, profile_pic_file_size, profile_pic_updated_at, order_key, search_words)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, record.bindings + [.text(keys.orderKey), .text(keys.searchWords)])
        let id = transaction.lastInsertRowID
        try ContactListing.place(id: id, orderKey: keys.orderKey, in: transaction)
        return id
    }
}
