import ContactsCore
import Navigation

@MainActor
protocol ContactListRouting {
    func openDetail(of contact: ContactSummary, output: any ContactDetailModuleOutput)
    func openAddForm(output: any ContactFormModuleOutput)
    /// The form of a change the server refused, as it was typed, with the server's messages.
    func openRefusedForm(_ refused: RefusedContactWrite, mode: ContactFormMode, output: any ContactFormModuleOutput)
}

@MainActor
protocol ContactDetailRouting {
    func openEditForm(of contact: Contact, output: any ContactFormModuleOutput)
    func openDeleteConfirmation(name: String, output: any ConfirmDialogOutput)
    func closeDetail()
    /// Puts `text` on the terminal's clipboard; false where there is none.
    func openClipboard(with text: String) -> Bool
}

@MainActor
protocol ContactFormRouting {
    func openDiscardConfirmation(output: any ConfirmDialogOutput)
    func closeForm()
}

/// The home list opens a contact's page and the add form (pushed, phone-style).
struct ContactListRouter: ContactListRouting, ModuleRouter {
    let routes: ModuleRoutes<ContactsModule.Dependencies>

    func openDetail(of contact: ContactSummary, output: any ContactDetailModuleOutput) {
        routes.push { ContactsModule.makeDetail(contact: contact, output: output, dependencies: $0, host: $1) }
    }

    func openAddForm(output: any ContactFormModuleOutput) {
        routes.push { ContactsModule.makeForm(mode: .add, output: output, dependencies: $0, host: $1) }
    }

    func openRefusedForm(_ refused: RefusedContactWrite, mode: ContactFormMode, output: any ContactFormModuleOutput) {
        routes.push { ContactsModule.makeForm(mode: mode, refused: refused, output: output, dependencies: $0, host: $1) }
    }
}

/// A contact's page opens the edit form and the delete question, and closes itself after a delete.
struct ContactDetailRouter: ContactDetailRouting, ModuleRouter {
    static let deleteDialogID = "delete-contact"
    let routes: ModuleRoutes<ContactsModule.Dependencies>

    func openEditForm(of contact: Contact, output: any ContactFormModuleOutput) {
        routes.push { ContactsModule.makeForm(mode: .edit(contact), output: output, dependencies: $0, host: $1) }
    }

    func openDeleteConfirmation(name: String, output: any ConfirmDialogOutput) {
        routes.present { host in
            ConfirmDialog(id: Self.deleteDialogID, message: ContactsTexts.deleteQuestion(name), confirmTitle: ContactsTexts.deleteButton,
                          output: output, navigator: host)
        }
    }

    func closeDetail() { routes.pop() }

    func openClipboard(with text: String) -> Bool { routes.copyToClipboard(text) }
}

/// The form asks before discarding typed changes, and closes itself.
struct ContactFormRouter: ContactFormRouting, ModuleRouter {
    static let discardDialogID = "discard-contact-changes"
    let routes: ModuleRoutes<Void>

    func openDiscardConfirmation(output: any ConfirmDialogOutput) {
        routes.present { host in
            ConfirmDialog(id: Self.discardDialogID, message: ContactsTexts.discardQuestion, confirmTitle: ContactsTexts.discardButton,
                          cancelTitle: ContactsTexts.keepEditingButton, output: output, navigator: host)
        }
    }

    func closeForm() { routes.pop() }
}
