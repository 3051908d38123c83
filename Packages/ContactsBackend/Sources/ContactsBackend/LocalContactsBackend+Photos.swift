import Foundation

// Photo files: where a contact's picture is stored, copying an upload there, clearing what a failed write left.
extension LocalContactsBackend {
    /// A stored picture's file: `contact-photos/<id>/<milliseconds>-<name>`, unique per upload, so a new
    /// picture never overwrites the one its row still names until the row is committed.
    func pictureFile(_ contact: StoredContact) -> URL? {
        Self.pictureFile(contact, in: photosDirectory)
    }

    static func pictureFile(_ contact: StoredContact, in photosDirectory: URL) -> URL? {
        guard let name = contact.pictureFileName, let updated = contact.pictureUpdatedAt else { return nil }
        return photosDirectory.appendingPathComponent(String(contact.id), isDirectory: true).appendingPathComponent("\(updated)-\(name)")
    }

    /// Clears what an interrupted write left in a contact's photo folder: the temporary file of a
    /// killed atomic write, or a picture whose row was rolled back (SQLite hands a rolled-back id
    /// out again). Called inside the write transaction, where no other writer can be storing a
    /// picture for this id; `committed` is the file the committed row names, if any. A file that
    /// cannot go is harmless and left. (A damaged store's photos are moved aside with it before a
    /// new store starts, so they are never taken for leftovers.)
    static func removeLeftovers(ofContact id: Int, in photosDirectory: URL, keeping committed: URL?) {
        let folder = photosDirectory.appendingPathComponent(String(id), isDirectory: true)
        guard let committed else {
            try? FileManager.default.removeItem(at: folder)
            return
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name != committed.lastPathComponent {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// Copies an uploaded picture into the data directory (`contact-photos/<id>/<file>`, atomically).
    func store(_ picture: ContactParams.Picture, for record: inout StoredContact) throws {
        guard let upload = picture.upload else {
            record.pictureFileName = nil
            record.pictureContentType = nil
            record.pictureFileSize = nil
            record.pictureUpdatedAt = nil
            return
        }
        record.pictureFileName = Self.paperclipFileName(upload.filename)
        record.pictureContentType = upload.contentType
        record.pictureFileSize = upload.data.count
        record.pictureUpdatedAt = Int((picture.time.timeIntervalSince1970 * 1000).rounded(.down))
        guard let file = pictureFile(record) else { return }
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try upload.data.write(to: file, options: .atomic)
        } catch {
            throw Answer(status: 500, json: Self.statusBody(500, detail: "The picture could not be stored: \(error.localizedDescription)"))
        }
    }

    /// Paperclip's file name: its restricted characters and spaces become `_`; never empty, never a path.
    static func paperclipFileName(_ name: String) -> String {
        let restricted = Set("&$+,/:;=?@<>[]{}|\\^~%# \"'`".unicodeScalars)
        let cleaned = String(String.UnicodeScalarView(name.unicodeScalars.map {
            restricted.contains($0) || $0.properties.generalCategory == .control ? "_" : $0
        }))
        let trimmed = String(cleaned.drop { $0 == "." })
        return trimmed.isEmpty ? "data" : String(trimmed.prefix(120))
    }
}
