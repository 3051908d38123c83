import ContactsCore
import Foundation
import ImageKit
import PictureUI
import Navigation
import TerminalUI

@MainActor
protocol ContactFormViewOutput: AnyObject {
    func didLoad()
    /// The form after a key: an edit, a focus move or a click.
    func didEditForm(_ form: FormState)
    /// ctrl-s: check and save.
    func didPressDone()
    /// esc: leave, asking first when something was changed.
    func didPressCancel()
}

/// What the add / edit form reports to the screen that opened it once the contact is saved.
@MainActor
protocol ContactFormModuleOutput: AnyObject {
    func contactForm(didSave contact: Contact)
    /// A change the server had refused was saved again (`contact`) or discarded (nil).
    func contactForm(didResolveRefusedChange contact: Contact?)
}

extension ContactFormModuleOutput {
    func contactForm(didResolveRefusedChange contact: Contact?) {
        if let contact { contactForm(didSave: contact) }
    }
}

/// Owns the add / edit form: the values as typed (never dropped: a failed save leaves every one in
/// place), the focus, the messages under the fields, the photo preview and the save in flight.
@MainActor
final class ContactFormPresenter: ContactFormViewOutput, ConfirmDialogOutput, ModulePresenting {
    weak var view: (any ModuleViewInput<ContactFormViewModel>)?
    weak var output: (any ContactFormModuleOutput)?
    let interactor: ContactFormInteractor
    private let router: any ContactFormRouting
    private let work: WorkTracker
    private let mode: ContactFormMode
    /// The change the server refused that this form brings back, as typed: saved again, or discarded, it leaves the outbox.
    private let refused: RefusedContactWrite?

    /// The fields, in the order of the contract's keys: tab goes first, last, mobile, email, photo.
    static let fieldOrder: [ContactRules.Field] = [.firstName, .lastName, .phoneNumber, .email, .photo]

    private var form: FormState
    private let initialValues: ContactFormValues
    private var notice: String?
    private var noticeIsError = false
    /// The last Done sent a new contact and got no answer: the next one looks for it before sending.
    private var createMayHaveBeenSaved = false
    private var preview: ImageSlot = .none
    private var previewCaption = ContactsTexts.photoPreviewEmpty
    /// The path the preview shows (so a key that does not change it loads nothing).
    private var previewPath = ""
    /// The current picture (editing), shown while the photo field is empty.
    private lazy var images = makeImages(work: work, maximumInFlight: 1, fetch: { [interactor] in try await interactor.obtainImage(at: $0) },
                                         changed: { [weak self] in self?.currentPictureChanged() })

    init(mode: ContactFormMode, refused: RefusedContactWrite? = nil, interactor: ContactFormInteractor, router: any ContactFormRouting,
         work: WorkTracker) {
        self.mode = mode
        self.refused = refused
        self.interactor = interactor
        self.router = router
        self.work = work
        let values: ContactFormValues
        if case .edit(let contact) = mode { values = ContactFormValues(contact) } else { values = ContactFormValues() }
        // What the fields hold, not what the server sent: a field cleans control characters out of
        // its text, and an untouched field must count as unchanged.
        initialValues = Self.values(of: Self.form(mode, values: values))
        form = Self.form(mode, values: refused.map(ContactFormInteractor.values(of:)) ?? values)
        if let refused { showRefusal(refused) }
    }

    private static func form(_ mode: ContactFormMode, values: ContactFormValues) -> FormState {
        FormState(fields: [
            .init(id: ContactRules.Field.firstName.rawValue, label: ContactsTexts.firstNameLabel, text: values.firstName),
            .init(id: ContactRules.Field.lastName.rawValue, label: ContactsTexts.lastNameLabel, text: values.lastName),
            .init(id: ContactRules.Field.phoneNumber.rawValue, label: ContactsTexts.mobileFieldLabel, text: values.mobile,
                  placeholder: ContactsTexts.mobilePlaceholder),
            .init(id: ContactRules.Field.email.rawValue, label: ContactsTexts.emailFieldLabel, text: values.email,
                  placeholder: ContactsTexts.emailPlaceholder),
            .init(id: ContactRules.Field.photo.rawValue, label: ContactsTexts.photoFieldLabel, text: values.photoPath,
                  placeholder: mode == .add ? ContactsTexts.photoPlaceholder : ContactsTexts.photoKeepPlaceholder),
        ])
    }

    /// The server's messages under the fields they are about, and what to do next.
    private func showRefusal(_ refused: RefusedContactWrite) {
        switch refused.refusal {
        case .gone:
            show(ContactsTexts.refusedGone(refused.write.shown.fullName), isError: true)
        case .invalid(let messages) where !messages.isEmpty:
            if case .rejected(let fields, let other) = ContactFormInteractor.rejection(messages) { showRejection(fields: fields, other: other) }
            notice = ContactsTexts.refusedForm(notice ?? "")
        case .invalid, .status, .answeredAnotherContact:
            show(ContactsTexts.refusedForm(ContactsTexts.saveRefused([ContactsTexts.reason(refused.refusal)])), isError: true)
        }
    }

    var values: ContactFormValues { Self.values(of: form) }

    private static func values(of form: FormState) -> ContactFormValues {
        let typed = form.values
        return ContactFormValues(firstName: typed[ContactRules.Field.firstName.rawValue] ?? "",
                                 lastName: typed[ContactRules.Field.lastName.rawValue] ?? "",
                                 mobile: typed[ContactRules.Field.phoneNumber.rawValue] ?? "",
                                 email: typed[ContactRules.Field.email.rawValue] ?? "",
                                 photoPath: typed[ContactRules.Field.photo.rawValue] ?? "")
    }

    // MARK: View events

    func didLoad() {
        updatePreview()
        publish()
    }

    func didEditForm(_ newForm: FormState) {
        // The saving flag and the messages are the presenter's; the view only edits values and focus.
        let saving = form.isSaving
        form = newForm
        form.isSaving = saving
        updatePreview()
        publish()
    }

    func didPressDone() {
        guard !form.isSaving else { return }
        form.isSaving = true
        show(ContactsTexts.saving, isError: false)
        let mode = mode, values = values, initial = initialValues, lookFirst = createMayHaveBeenSaved, refused = refused
        work.runLatest(WorkKey(self, "save"), { [interactor] in
            let outcome = await interactor.performSave(mode, values: values, initial: initial, lookFirst: lookFirst)
            // Saved again (to the server, or to the outbox as a new change): the refused one goes.
            if let refused, outcome.isSaved { await interactor.performDiscard(refused) }
            return outcome
        }, then: { [weak self] outcome in
            guard let self else { return }
            self.form.isSaving = false
            self.createMayHaveBeenSaved = false
            switch outcome {
            case .saved(let contact):
                if self.refused != nil { self.output?.contactForm(didResolveRefusedChange: contact) } else { self.output?.contactForm(didSave: contact) }
                self.router.closeForm()
            case .unchanged:
                if self.refused != nil { self.output?.contactForm(didResolveRefusedChange: nil) }
                self.router.closeForm()
            case .rejected(let fields, let other):
                self.showRejection(fields: fields, other: other)
            case .failed(let error):
                self.show(ContactsTexts.saveFailed(error), isError: true)
            case .uncertain(let error):
                self.createMayHaveBeenSaved = true
                self.show(ContactsTexts.saveUncertain(error), isError: true)
            }
        })
    }

    func didPressCancel() {
        // A save in flight finishes (or times out) first: leaving now would drop its answer.
        guard !form.isSaving else { return show(ContactsTexts.savingWait, isError: false) }
        // A refused change stays until it is saved again or discarded: leaving asks which.
        if values == initialValues, refused == nil {
            router.closeForm()
        } else {
            router.openDiscardConfirmation(output: self)
        }
    }

    func confirmDialog(_ id: String, didFinish confirmed: Bool) {
        guard id == ContactFormRouter.discardDialogID, confirmed else { return }
        guard let refused else { return router.closeForm() }
        form.isSaving = true
        work.runLatest(WorkKey(self, "save"), { [interactor] in
            await interactor.performDiscard(refused)
        }, then: { [weak self, weak output = self.output] in
            output?.contactForm(didResolveRefusedChange: nil)
            self?.router.closeForm()
        })
    }

    // MARK: Private

    private func showRejection(fields: [ContactRules.Field: [FieldProblem]], other: [String]) {
        let messages = Dictionary(uniqueKeysWithValues: fields.map { ($0.key, ContactsTexts.message(for: $0.value, of: $0.key)) })
        form.setMessages(Dictionary(uniqueKeysWithValues: messages.map { ($0.key.rawValue, $0.value) }))
        if other.isEmpty {
            show(ContactsTexts.saveRefused(Self.fieldOrder.compactMap { messages[$0] }), isError: true)
        } else {
            show(ContactsTexts.saveRefused(other), isError: true)
        }
    }

    private func show(_ message: String, isError: Bool) {
        notice = message
        noticeIsError = isError
        publish()
    }

    /// The preview follows the photo field: the file at the typed path, else (editing) the current picture.
    private func updatePreview() {
        let path = values.photoPath.trimmingCharacters(in: .whitespaces)
        guard path != previewPath || (path.isEmpty && preview == .none && currentPictureURL != nil) else { return }
        previewPath = path
        if path.isEmpty {
            work.cancel(WorkKey(self, "preview"))
            showCurrentPicture()
            return
        }
        images.show([])
        preview = .loading
        previewCaption = (path as NSString).lastPathComponent
        work.runLatest(WorkKey(self, "preview"), { [interactor] in
            await interactor.obtainPreview(atPath: path)
        }, then: { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let image): self.preview = .loaded(image)
            case .failure(let problem): self.preview = .unavailable(reason: ContactsTexts.message(for: problem))
            }
            self.publish()
        })
    }

    private var currentPictureURL: URL? {
        guard case .edit(let contact) = mode else { return nil }
        return interactor.obtainPictureURL(contact.profilePic)
    }

    private func showCurrentPicture() {
        guard let url = currentPictureURL else {
            preview = .none
            previewCaption = ContactsTexts.photoPreviewEmpty
            return
        }
        previewCaption = ContactsTexts.currentPhoto
        images.show([url])
        preview = images[url]
    }

    /// The current picture arrived or failed: the preview shows it while the photo field is empty.
    private func currentPictureChanged() {
        guard previewPath.isEmpty, let url = currentPictureURL else { return }
        preview = images[url]
        publish()
    }

    var viewModel: ContactFormViewModel {
        ContactFormViewModel(title: mode == .add ? ContactsTexts.newContact : ContactsTexts.editContact, form: form,
                             preview: preview, previewCaption: previewCaption, notice: notice, noticeIsError: noticeIsError)
    }
}
