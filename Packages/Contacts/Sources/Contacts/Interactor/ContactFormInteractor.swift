import ContactsCore
import Foundation
import ImageKit

/// Whether the form adds a contact or edits one.
enum ContactFormMode: Sendable, Equatable {
    case add
    case edit(Contact)
}

/// The form's values as typed: the mobile is the contract's `phone_number`, the photo a local file path.
struct ContactFormValues: Sendable, Equatable {
    var firstName: String
    var lastName: String
    var mobile: String
    var email: String
    var photoPath: String

    init(firstName: String = "", lastName: String = "", mobile: String = "", email: String = "", photoPath: String = "") {
        self.firstName = firstName
        self.lastName = lastName
        self.mobile = mobile
        self.email = email
        self.photoPath = photoPath
    }

    /// The values an edit starts from (the photo path empty: the current picture stays).
    init(_ contact: Contact) {
        self.init(firstName: contact.firstName, lastName: contact.lastName, mobile: contact.phoneNumber ?? "",
                  email: contact.email ?? "")
    }
}

/// What came of Done.
enum ContactFormOutcome: Sendable, Equatable {
    /// Saved: the contact as the backend now has it.
    case saved(Contact)
    /// An edit without any change: nothing to send.
    case unchanged
    /// Refused (by the local rules or the backend's 422): the problems of each field, and the
    /// server's messages that belong to no field.
    case rejected(fields: [ContactRules.Field: [FieldProblem]], other: [String])
    /// Not saved for another reason (gone, 500, no connection): the values stay for a retry.
    case failed(ContactsError)
    /// A new contact was sent and no readable answer came, and looking for it did not settle whether
    /// the server has it: the next Done looks again before it sends anything.
    case uncertain(ContactsError)

    /// Nothing is left to send from the form: saved (to the server or to the outbox), or nothing changed.
    var isSaved: Bool {
        switch self {
        case .saved, .unchanged: true
        case .rejected, .failed, .uncertain: false
        }
    }
}

/// Why a field's value cannot be saved, as a value ``ContactsTexts`` words.
enum FieldProblem: Sendable, Equatable {
    /// One of the server's rules, checked here before sending.
    case rule(ContactRules.Violation.Problem)
    /// The form asks for it when adding (the server would take it empty).
    case required
    /// The photo file cannot be used.
    case photo(PhotoProblem)
    /// The server's own 422 message about the field (text from outside).
    case server(String)
}

/// The add/edit form's use cases: check the values (the server's rules first, here), read the photo
/// file, save, and preview the photo.
final class ContactFormInteractor: Sendable, PictureObtaining {
    let service: any ContactsService
    let images: any ImageLoading
    let sync: (any ContactsSyncing)?

    init(service: any ContactsService, images: any ImageLoading, sync: (any ContactsSyncing)? = nil) {
        self.service = service
        self.images = images
        self.sync = sync
    }

    /// Takes a change the server refused out of the outbox: saved again, or discarded.
    func performDiscard(_ refused: RefusedContactWrite) async {
        await sync?.performDiscard(refused)
    }

    /// The values a refused change was typed with: an edit's changes on the contact as the server has
    /// it now (a later change that did reach the server is not undone), else what was typed.
    static func values(of refused: RefusedContactWrite) -> ContactFormValues {
        let typed = refused.write.kind == .update ? refused.editedContact.map { $0.applying(refused.write.changes) } : nil
        var values = ContactFormValues(typed ?? refused.write.shown)
        values.photoPath = refused.write.photoPath
        return values
    }

    /// The server's messages of a refusal, by field, as a rejected save reports them.
    static func rejection(_ messages: [String]) -> ContactFormOutcome {
        var fields: [ContactRules.Field: [FieldProblem]] = [:], other: [String] = []
        for message in messages {
            if let field = ContactRules.field(of: message) {
                fields[field, default: []].append(.server(message))
            } else {
                other.append(message)
            }
        }
        return .rejected(fields: fields, other: other)
    }

    /// Checks `values` and saves them: creates (every field mandatory) or updates only the fields
    /// that differ from `initial` (what the form showed when it opened).
    ///
    /// A create whose answer never came (a timeout) may have been saved: the server is asked at once
    /// whether it has the contact now, and with `lookFirst` (the previous Done ended ``ContactFormOutcome/uncertain(_:)``)
    /// it is asked before anything is sent, so that a retried save never creates the contact twice.
    func performSave(_ mode: ContactFormMode, values: ContactFormValues, initial: ContactFormValues,
                            lookFirst: Bool = false) async -> ContactFormOutcome {
        var problems = localProblems(mode, values: values, initial: initial)
        var photo: PhotoUpload?
        if problems[.photo] == nil, !ContactRules.isBlank(values.photoPath) {
            switch obtainPhoto(atPath: values.photoPath) {
            case .success(let upload): photo = upload
            case .failure(let problem): problems[.photo] = [.photo(problem)]
            }
        }
        guard problems.isEmpty else { return .rejected(fields: problems, other: []) }
        if mode == .add, lookFirst {
            switch await obtainCreatedContact(values) {
            case .found(let contact): return .saved(contact)
            case .unknown(let error): return .uncertain(error)
            case .absent: break
            }
        }
        do throws(ContactsError) {
            switch mode {
            case .add:
                return .saved(try await service.performCreate(ContactChanges(
                    firstName: values.firstName, lastName: values.lastName, email: values.email, phoneNumber: values.mobile,
                    favorite: false, photo: photo)))
            case .edit(let contact):
                let changes = Self.changes(from: initial, to: values, photo: photo)
                if changes.isEmpty { return .unchanged }
                return .saved(try await service.performUpdate(id: contact.id, changes))
            }
        } catch {
            switch error {
            case .invalid(let serverMessages):
                return Self.rejection(serverMessages)
            case .notFound, .unavailable, .refusedWhileWaiting, .notKept, .answeredAnotherContact:
                return .failed(error)
            case .noAnswer:
                guard mode == .add else { return .failed(error) } // an update sent again changes nothing twice
                // Not there yet proves nothing: the server may still be working on the request.
                if case .found(let contact) = await obtainCreatedContact(values) { return .saved(contact) }
                return .uncertain(error)
            }
        }
    }

    /// Looks on the server for the contact `values` would create: the same names, then the same
    /// mobile and email, newest first.
    func obtainCreatedContact(_ values: ContactFormValues) async -> CreatedContactSearch {
        await service.obtainCreatedContact(ContactChanges(firstName: values.firstName, lastName: values.lastName, email: values.email,
                                                          phoneNumber: values.mobile))
    }

    /// The server's rules on the values, and for a new contact every field mandatory. One message per
    /// field. An edit checks only the fields it changes: what the server already holds is the server's
    /// to judge (its update validates the whole record and answers 422 if it must).
    func localProblems(_ mode: ContactFormMode, values: ContactFormValues, initial: ContactFormValues) -> [ContactRules.Field: [FieldProblem]] {
        var messages: [ContactRules.Field: [FieldProblem]] = [:]
        for violation in ContactRules.violations(firstName: values.firstName, lastName: values.lastName, email: values.email,
                                                 phoneNumber: values.mobile) where messages[violation.field] == nil {
            messages[violation.field] = [.rule(violation.problem)]
        }
        if mode != .add {
            let changed: [ContactRules.Field: Bool] = [
                .firstName: values.firstName != initial.firstName, .lastName: values.lastName != initial.lastName,
                .phoneNumber: values.mobile != initial.mobile, .email: values.email != initial.email,
            ]
            messages = messages.filter { changed[$0.key] ?? true }
        }
        if mode == .add {
            if ContactRules.isBlank(values.mobile) { messages[.phoneNumber] = [.required] }
            if ContactRules.isBlank(values.email) { messages[.email] = [.required] }
            if ContactRules.isBlank(values.photoPath) { messages[.photo] = [.required] }
        }
        return messages
    }

    /// Only the fields that differ from what the form showed (the server's update is partial).
    static func changes(from initial: ContactFormValues, to values: ContactFormValues, photo: PhotoUpload?) -> ContactChanges {
        var changes = ContactChanges(photo: photo)
        if values.firstName != initial.firstName { changes.firstName = values.firstName }
        if values.lastName != initial.lastName { changes.lastName = values.lastName }
        if values.mobile != initial.mobile { changes.phoneNumber = values.mobile }
        if values.email != initial.email { changes.email = values.email }
        return changes
    }

    /// The largest photo file the form takes (what a server's picture may be, as fetched).
    static let maximumPhotoBytes = 8 * 1024 * 1024

    /// The picture at `path` (`~` is the home folder), if it is a JPEG or PNG file of at most 8 MB.
    func obtainPhoto(atPath path: String) -> Result<PhotoUpload, PhotoProblem> {
        readPhoto(atPath: path).flatMap { upload in
            // The magic bytes are not a picture: a file cut after them, or one with more pixels than any
            // screen of the app decodes, would be saved and then shown as initials everywhere.
            do throws(ImageError) {
                _ = try ImageDecoder.decode(upload.data)
            } catch {
                if case .tooLarge(let width, let height) = error { return .failure(.tooManyPixels(width: width, height: height)) }
                return .failure(.broken(error.reason))
            }
            return .success(upload)
        }
    }

    /// The file at `path` if it is a JPEG or PNG file of at most 8 MB by its size and magic bytes (not decoded).
    private func readPhoto(atPath path: String) -> Result<PhotoUpload, PhotoProblem> {
        let expanded = (path.trimmingCharacters(in: .whitespaces) as NSString).expandingTildeInPath
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: expanded, isDirectory: &isDirectory) else { return .failure(.notFound) }
        guard !isDirectory.boolValue else { return .failure(.folder) }
        let size = (try? FileManager.default.attributesOfItem(atPath: expanded)[.size] as? Int) ?? 0
        guard size <= Self.maximumPhotoBytes else { return .failure(.tooLarge) }
        guard let data = FileManager.default.contents(atPath: expanded) else { return .failure(.unreadable) }
        let name = (expanded as NSString).lastPathComponent
        let contentType: String
        switch ImageFormat.sniff(data) {
        case .jpeg: contentType = "image/jpeg"
        case .png: contentType = "image/png"
        case nil: return .failure(.notAnImage)
        }
        return .success(PhotoUpload(filename: name, contentType: contentType, data: data, sourcePath: path))
    }

    /// The photo at `path` decoded for the preview, or why it cannot be shown.
    func obtainPreview(atPath path: String) async -> Result<RGBImage, PhotoProblem> {
        // Read, then decoded once: the decode that checks the file is the preview.
        switch readPhoto(atPath: path) {
        case .failure(let problem): return .failure(problem)
        case .success(let upload):
            do throws(ImageError) {
                return .success(try ImageDecoder.decode(upload.data))
            } catch {
                if case .tooLarge(let width, let height) = error { return .failure(.tooManyPixels(width: width, height: height)) }
                return .failure(.broken(error.reason))
            }
        }
    }

    func obtainPictureURL(_ profilePic: String) -> URL? {
        service.pictureURL(for: profilePic)
    }
}

/// Why a photo path cannot be used.
enum PhotoProblem: Error, Sendable, Equatable {
    case notFound, folder, tooLarge, unreadable, notAnImage
    /// More pixels than the app decodes (a PNG cannot be decoded at a smaller size, as a JPEG can).
    case tooManyPixels(width: Int, height: Int)
    /// The decoder's reason (English, for the person who picked the file).
    case broken(String)
}
