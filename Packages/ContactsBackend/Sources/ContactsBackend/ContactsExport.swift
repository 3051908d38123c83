import ContactsCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import JSONKit
import Storage

extension LocalContactsBackend {
    /// Writes every contact to `file` in list order, as a JSON array in the server's shape (its picture
    /// a `data:` URI in `profile_pic`, as the server's create takes one) or as vCard 3.0 (its picture
    /// in PHOTO), by the file's extension, through a temporary file beside it that `rename(2)` puts
    /// in its place at the end: a failed export never leaves half a file, and never touches the file
    /// that was there. Only a regular file is replaced: a folder, a device or a link is refused.
    /// Returns how many contacts it wrote.
    ///
    /// A file in the folder of this address book's store (the data directory, with its stores, photos
    /// and kept catalogs: reached through any link), or a file that is one of the app's stores — this
    /// address book's database (or its journal), or any file `stores` names — whatever name or hard
    /// link it is reached by (the same device and inode), is refused: writing the list over a store
    /// would destroy it at the next launch.
    public func performExport(to file: URL, format: ContactsFileFormat? = nil, stores: [URL] = []) throws(ContactsTransferError) -> Int {
        let format = format ?? ContactsFileFormat.named(file)
        func unwritable(_ reason: String) -> ContactsTransferError {
            ContactsTransferError(kind: .unwritable, message: "\(file.path) could not be written: \(reason).")
        }
        var status = stat()
        let exists = lstat(file.path, &status) == 0
        if exists, status.st_mode & S_IFMT != S_IFREG {
            throw unwritable("it is not a regular file (a folder, a device or a link), and only a file is replaced")
        }
        let dataDirectory = Self.resolved(URL(fileURLWithPath: database.path).deletingLastPathComponent().path)
        if let folder = Self.resolved(file.deletingLastPathComponent().path), let dataDirectory,
           folder == dataDirectory || folder.hasPrefix(dataDirectory.hasSuffix("/") ? dataDirectory : dataDirectory + "/") {
            throw unwritable("it is inside the data directory \(dataDirectory), where apps-cli keeps its stores; export to a file elsewhere")
        }
        if exists {
            let own = ["", "-wal", "-shm", "-journal"].map { URL(fileURLWithPath: database.path + $0) }
            for store in own + stores {
                var storeStatus = stat()
                if stat(store.path, &storeStatus) == 0, storeStatus.st_dev == status.st_dev, storeStatus.st_ino == status.st_ino {
                    throw unwritable("it is \(store.lastPathComponent), a store of apps-cli's own data, and writing over it would destroy it; "
                                     + "export to a file of its own")
                }
            }
        }
        // The replaced file's permissions stay (an address book kept private stays private); a new one is the owner's only.
        let mode = exists ? status.st_mode & 0o7777 : 0o600
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        // O_EXCL: the temporary name is ours alone, never a file (or link) someone left there.
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw unwritable(String(cString: strerror(errno))) }
        fchmod(descriptor, mode)
        close(descriptor)
        var count = 0
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            var buffer: [UInt8] = []
            buffer.reserveCapacity(1 << 20)
            func flush(_ force: Bool) throws {
                guard force || buffer.count >= 1 << 20 else { return }
                try handle.write(contentsOf: buffer)
                buffer.removeAll(keepingCapacity: true)
            }
            if format == .json { buffer.append(UInt8(ascii: "[")) }
            try database.forEachRow("""
                SELECT id, first_name, last_name, email, phone_number, favorite, profile_pic_file_name, profile_pic_updated_at
                FROM contacts ORDER BY list_position
                """) { row in
                var stored = StoredContact(id: try row.int(at: 0) ?? 0, createdAt: "", updatedAt: "")
                stored.pictureFileName = try row.string(at: 6)
                stored.pictureUpdatedAt = try row.int(at: 7)
                // A picture whose file has gone from the data directory is none, as the app then shows initials.
                let photo = pictureFile(stored).flatMap { try? Data(contentsOf: $0) }
                let contact = TransferredContact(firstName: try row.string(at: 1), lastName: try row.string(at: 2), email: try row.string(at: 3),
                                                 phoneNumber: try row.string(at: 4), favorite: try row.bool(at: 5) == true, photo: photo)
                switch format {
                case .json:
                    if count > 0 { buffer.append(UInt8(ascii: ",")) }
                    buffer.append(contentsOf: "\n{\"id\":".utf8)
                    JSONText.append(stored.id, to: &buffer)
                    for (key, value) in [("first_name", contact.firstName), ("last_name", contact.lastName), ("email", contact.email),
                                         ("phone_number", contact.phoneNumber), ("profile_pic", photo.map(ContactPhoto.dataURI))] {
                        buffer.append(contentsOf: ",\"\(key)\":".utf8)
                        if let value { JSONText.append(value, to: &buffer) } else { buffer.append(contentsOf: "null".utf8) }
                    }
                    buffer.append(contentsOf: (contact.favorite ? ",\"favorite\":true}" : ",\"favorite\":false}").utf8)
                case .vCard:
                    buffer.append(contentsOf: VCard.write(contact).utf8)
                }
                count += 1
                try flush(false)
            }
            if format == .json { buffer.append(contentsOf: "\n]\n".utf8) }
            try flush(true)
            try handle.synchronize()
            try handle.close()
            // The one step that replaces the old file: atomic, and nothing of it is lost before.
            guard rename(temporary.path, file.path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        } catch let error as StorageError {
            unlink(temporary.path)
            throw ContactsTransferError(kind: .store, message: "nothing was exported: \(error.message)")
        } catch let error as POSIXError {
            unlink(temporary.path)
            throw unwritable(String(cString: strerror(error.code.rawValue)))
        } catch {
            unlink(temporary.path)
            throw unwritable((error as NSError).localizedDescription)
        }
        return count
    }

    /// `path` with every link and `.`/`..` resolved; nil when it does not exist.
    private static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
