import ContactsCore
import Foundation
import ImageKit
import PictureUI
import Navigation

@MainActor
protocol ContactDetailViewOutput: AnyObject {
    func didLoad()
    func didRequestReload()
    func didMoveFocus(by step: Int)
    /// Enter or a click on button `index`.
    func didPressButton(at index: Int)
    func didPressAction(_ action: ContactAction)
    func didToggleFavorite()
    func didRequestEdit()
    func didRequestDelete()
    /// `y`: the focused value to the clipboard.
    func didRequestCopy()
}

/// What the detail reports back to the list: a change saved there (favorite, edit), or a deletion.
@MainActor
protocol ContactDetailModuleOutput: AnyObject {
    func contactDetail(didChange contact: Contact)
    func contactDetail(didDelete id: Int)
}

/// Owns a contact's page: the contact as last loaded or saved, the focused button, the notice line,
/// and the favorite / delete requests in flight. Saves are reported to the list (module output).
@MainActor
final class ContactDetailPresenter: ContactDetailViewOutput, ContactFormModuleOutput, ConfirmDialogOutput, ModulePresenting {
    weak var view: (any ModuleViewInput<ContactDetailViewModel>)?
    weak var output: (any ContactDetailModuleOutput)?
    let interactor: ContactDetailInteractor
    private let router: any ContactDetailRouting
    private let work: WorkTracker

    /// The page's buttons, in focus order.
    enum Button: CaseIterable {
        case message, call, email, favorite, edit, delete
    }

    private enum State {
        case loading
        case failed(String)
        case loaded(Contact)
    }

    /// The contact as the list shows it now: a load that finds it changed (elsewhere) tells the list.
    private var summary: ContactSummary
    private var state = State.loading
    private var focusedButton = 0
    private var isBusy = false
    private var notice: String?
    private var noticeIsError = false
    private lazy var images = makeImages(work: work, maximumInFlight: 1) { [interactor] in try await interactor.obtainImage(at: $0) }

    init(contact summary: ContactSummary, interactor: ContactDetailInteractor, router: any ContactDetailRouting, work: WorkTracker) {
        self.summary = summary
        self.interactor = interactor
        self.router = router
        self.work = work
    }

    private var contact: Contact? {
        if case .loaded(let contact) = state { return contact }
        return nil
    }

    // MARK: View events

    func didLoad() { load() }
    func didRequestReload() { load() }

    func didMoveFocus(by step: Int) {
        guard contact != nil else { return }
        let count = Button.allCases.count
        focusedButton = ((focusedButton + step) % count + count) % count
        publish()
    }

    func didPressButton(at index: Int) {
        guard Button.allCases.indices.contains(index) else { return }
        focusedButton = index
        switch Button.allCases[index] {
        case .message: didPressAction(.message)
        case .call: didPressAction(.call)
        case .email: didPressAction(.email)
        case .favorite: didToggleFavorite()
        case .edit: didRequestEdit()
        case .delete: didRequestDelete()
        }
    }

    func didPressAction(_ action: ContactAction) {
        guard let contact else { return }
        if let index = Button.allCases.firstIndex(of: Self.button(for: action)) { focusedButton = index }
        work.runLatest(WorkKey(self, "open"), { [interactor] in
            await interactor.performOpening(action, for: contact)
        }, then: { [weak self] outcome in
            guard let self else { return }
            switch outcome {
            case .opened(let link): self.show(ContactsTexts.opened(action, link: link), isError: false)
            case .notOpened(let problem): self.show(ContactsTexts.message(for: problem), isError: true)
            }
        })
        publish()
    }

    func didToggleFavorite() {
        guard let contact, !isBusy else { return }
        isBusy = true
        let wanted = !contact.favorite
        // A load still in flight was asked before this change: its answer must not land over it.
        work.cancel(WorkKey(self, "contact"))
        publish()
        work.runLatest(WorkKey(self, "favorite"), { [interactor] () -> Result<Contact, ContactsError> in
            do throws(ContactsError) { return .success(try await interactor.performFavorite(wanted, id: contact.id)) } catch { return .failure(error) }
        }, then: { [weak self, weak output = self.output] result in
            // Saved is saved: the list hears of it even when this page was closed meanwhile.
            switch result {
            case .success(let saved):
                output?.contactDetail(didChange: saved)
                guard let self else { return }
                self.isBusy = false
                self.summary = saved.summary
                self.apply(saved)
                self.show(saved.sync.map(ContactsTexts.syncNotice) ?? ContactsTexts.favoriteSaved(saved.favorite), isError: false)
            case .failure(let error):
                if error == .notFound { output?.contactDetail(didDelete: contact.id) }
                guard let self else { return }
                self.isBusy = false
                self.show(ContactsTexts.favoriteFailed(ContactsTexts.message(for: error)), isError: true)
            }
        })
    }

    /// Copies what the focused button is about: the mobile (call, message), the email, else the name.
    func didRequestCopy() {
        guard let contact else { return }
        let value: String
        switch Button.allCases[focusedButton] {
        case .message, .call: value = ContactRules.isBlank(contact.phoneNumber) ? contact.fullName : contact.phoneNumber ?? ""
        case .email: value = ContactRules.isBlank(contact.email) ? contact.fullName : contact.email ?? ""
        case .favorite, .edit, .delete: value = contact.fullName
        }
        let copied = router.openClipboard(with: value)
        show(NavigationTexts.english.copyNotice(value, copied: copied), isError: !copied)
    }

    func didRequestEdit() {
        guard let contact, !isBusy else { return }
        router.openEditForm(of: contact, output: self)
    }

    func didRequestDelete() {
        guard let contact, !isBusy else { return }
        router.openDeleteConfirmation(name: contact.fullName, output: self)
    }

    // MARK: Outputs of the screens this one opened

    func contactForm(didSave contact: Contact) {
        work.cancel(WorkKey(self, "contact"))
        summary = contact.summary
        apply(contact)
        show(contact.sync.map(ContactsTexts.syncNotice) ?? ContactsTexts.savedShort, isError: false)
        output?.contactDetail(didChange: contact)
    }

    func confirmDialog(_ id: String, didFinish confirmed: Bool) {
        guard id == ContactDetailRouter.deleteDialogID, confirmed, let contact else { return }
        isBusy = true
        show(ContactsTexts.deleting, isError: false)
        work.runLatest(WorkKey(self, "delete"), { [interactor] () -> ContactsError? in
            do throws(ContactsError) { try await interactor.performDelete(id: contact.id); return nil } catch { return error }
        }, then: { [weak self, weak output = self.output] error in
            // Already gone (deleted elsewhere) is what was asked for, too; the list hears of it even
            // when this page was closed meanwhile.
            if let error, error != .notFound {
                guard let self else { return }
                self.isBusy = false
                self.show(ContactsTexts.deleteFailed(ContactsTexts.message(for: error)), isError: true)
                return
            }
            output?.contactDetail(didDelete: contact.id)
            guard let self else { return }
            self.isBusy = false
            self.router.closeDetail()
        })
    }

    // MARK: Private

    private static func button(for action: ContactAction) -> Button {
        switch action {
        case .message: .message
        case .call: .call
        case .email: .email
        }
    }

    private func load() {
        images.retryFailed()
        if contact == nil { state = .loading }
        publish()
        let id = summary.id
        work.runLatest(WorkKey(self, "contact"), { [interactor] () -> Result<Contact, ContactsError> in
            do throws(ContactsError) { return .success(try await interactor.obtainContact(id: id)) } catch { return .failure(error) }
        }, then: { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let contact):
                self.apply(contact)
                // What the list showed may be stale (changed in another process): tell it.
                if contact.summary != self.summary {
                    self.summary = contact.summary
                    self.output?.contactDetail(didChange: contact)
                }
            case .failure(let error):
                // Deleted elsewhere: the list lets it go too.
                if error == .notFound { self.output?.contactDetail(didDelete: id) }
                if self.contact != nil {
                    self.show(ContactsTexts.notReloaded(ContactsTexts.message(for: error)), isError: true)
                } else {
                    self.state = .failed(ContactsTexts.message(for: error))
                    self.publish()
                }
            }
        })
    }

    private func apply(_ contact: Contact) {
        state = .loaded(contact)
        publish()
        showPicture()
    }

    private func show(_ message: String, isError: Bool) {
        notice = message
        noticeIsError = isError
        publish()
    }

    private func showPicture() {
        let urls = contact.flatMap { interactor.obtainPictureURL($0.profilePic) }.map { [$0] } ?? []
        images.show(urls)
    }

    var viewModel: ContactDetailViewModel {
        switch state {
        case .loading:
            return ContactDetailViewModel(content: .loading, notice: notice, noticeIsError: noticeIsError)
        case .failed(let message):
            return ContactDetailViewModel(content: .failed(message: message), notice: notice, noticeIsError: noticeIsError)
        case .loaded(let contact):
            let hasPhone = !ContactRules.isBlank(contact.phoneNumber), hasEmail = !ContactRules.isBlank(contact.email)
            let buttons = Button.allCases.map { button -> ContactDetailViewModel.ButtonModel in
                switch button {
                case .message: .init(title: ContactsTexts.actionTitle(.message), isEnabled: hasPhone)
                case .call: .init(title: ContactsTexts.actionTitle(.call), isEnabled: hasPhone)
                case .email: .init(title: ContactsTexts.actionTitle(.email), isEnabled: hasEmail)
                case .favorite: .init(title: ContactsTexts.favoriteTitle(contact.favorite), isEnabled: !isBusy)
                case .edit: .init(title: "edit", isEnabled: !isBusy)
                case .delete: .init(title: "delete", isEnabled: !isBusy)
                }
            }
            let picture = images[interactor.obtainPictureURL(contact.profilePic)]
            let page = ContactDetailViewModel.Page(
                name: contact.fullName, favorite: contact.favorite,
                mobile: hasPhone ? contact.phoneNumber ?? "" : ContactsTexts.noValue,
                email: hasEmail ? contact.email ?? "" : ContactsTexts.noValue,
                mobileLink: try? interactor.obtainLink(.call, for: contact).get().description,
                emailLink: try? interactor.obtainLink(.email, for: contact).get().description,
                avatar: AvatarModel(initials: contact.summary.initials, picture: picture, colorSeed: contact.id),
                buttons: buttons, focusedButton: focusedButton, isBusy: isBusy)
            // A change the server does not have yet is said while nothing else is.
            if notice == nil, let sync = contact.sync {
                let isProblem = if case .refused = sync { true } else { false }
                return ContactDetailViewModel(content: .loaded(page), notice: ContactsTexts.syncNotice(sync), noticeIsError: isProblem)
            }
            return ContactDetailViewModel(content: .loaded(page), notice: notice, noticeIsError: noticeIsError)
        }
    }
}
