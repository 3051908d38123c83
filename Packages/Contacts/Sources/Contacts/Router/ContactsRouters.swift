import Navigation

@MainActor
protocol ContactListRouting: AnyObject {
    func openDetail(of contact: ContactSummary, output: any ContactDetailModuleOutput)
    func openAddForm(output: any ContactFormModuleOutput)
    /// The form of a change the server refused, as it was typed, with the server's messages.
    func openRefusedForm(_ refused: RefusedContactWrite, mode: ContactFormMode, output: any ContactFormModuleOutput)
}

@MainActor
protocol ContactDetailRouting: AnyObject {
    func openEditForm(of contact: Contact, output: any ContactFormModuleOutput)
    func openDeleteConfirmation(name: String, output: any ConfirmDialogOutput)
    func closeDetail()
    /// Puts `text` on the terminal's clipboard; false where there is none.
    func openClipboard(with text: String) -> Bool
}

@MainActor
protocol ContactFormRouting: AnyObject {
    func openDiscardConfirmation(output: any ConfirmDialogOutput)
    func closeForm()
}

/// The home list opens a contact's page and the add form (pushed, phone-style).
@MainActor
final class ContactListRouter: ContactListRouting {
    private weak var host: (any ScreenHost)?
    private let dependencies: ContactsModule.Dependencies

    init(host: any ScreenHost, dependencies: ContactsModule.Dependencies) {
        self.host = host
        self.dependencies = dependencies
    }

    func openDetail(of contact: ContactSummary, output: any ContactDetailModuleOutput) {
        guard let host else { return }
        host.push(ContactsModule.makeDetail(contact: contact, output: output, dependencies: dependencies, host: host))
    }

    func openAddForm(output: any ContactFormModuleOutput) {
        guard let host else { return }
        host.push(ContactsModule.makeForm(mode: .add, output: output, dependencies: dependencies, host: host))
    }

    func openRefusedForm(_ refused: RefusedContactWrite, mode: ContactFormMode, output: any ContactFormModuleOutput) {
        guard let host else { return }
        host.push(ContactsModule.makeForm(mode: mode, refused: refused, output: output, dependencies: dependencies, host: host))
    }
}

/// A contact's page opens the edit form and the delete question, and closes itself after a delete.
@MainActor
final class ContactDetailRouter: ContactDetailRouting {
    static let deleteDialogID = "delete-contact"
    private weak var host: (any ScreenHost)?
    private let dependencies: ContactsModule.Dependencies

    init(host: any ScreenHost, dependencies: ContactsModule.Dependencies) {
        self.host = host
        self.dependencies = dependencies
    }

    func openEditForm(of contact: Contact, output: any ContactFormModuleOutput) {
        guard let host else { return }
        host.push(ContactsModule.makeForm(mode: .edit(contact), output: output, dependencies: dependencies, host: host))
    }

    func openDeleteConfirmation(name: String, output: any ConfirmDialogOutput) {
        guard let host else { return }
        host.present(ConfirmDialog(id: Self.deleteDialogID, message: ContactsTexts.deleteQuestion(name),
                                   confirmTitle: ContactsTexts.deleteButton, output: output, navigator: host))
    }

    func closeDetail() {
        host?.pop()
    }

    func openClipboard(with text: String) -> Bool {
        host?.copyToClipboard(text) ?? false
    }
}

/// The form asks before discarding typed changes, and closes itself.
@MainActor
final class ContactFormRouter: ContactFormRouting {
    static let discardDialogID = "discard-contact-changes"
    private weak var host: (any ScreenHost)?

    init(host: any ScreenHost) {
        self.host = host
    }

    func openDiscardConfirmation(output: any ConfirmDialogOutput) {
        guard let host else { return }
        host.present(ConfirmDialog(id: Self.discardDialogID, message: ContactsTexts.discardQuestion,
                                   confirmTitle: ContactsTexts.discardButton, cancelTitle: ContactsTexts.keepEditingButton,
                                   output: output, navigator: host))
    }

    func closeForm() {
        host?.pop()
    }
}
