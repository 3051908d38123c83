import ContactsCore
import FeatureKit
import Foundation
import HTTPClient
import ImageKit
import Navigation
import SystemActions

/// The GO-JEK contacts app: every contact in A–Z sections with search, a contact's page (call,
/// message, email, favourite, edit, delete) and the add / edit form, all saved to the backend at
/// once — a contacts server (`--base-url`) or the embedded SQLite backend (the ContactsBackend
/// package, which only the composition root links), through the same REST contract.
public enum ContactsModule {
    /// What the feature needs from the outside world; the composition root passes live ones, tests fakes.
    public struct Dependencies: Sendable {
        public var service: any ContactsService
        /// The home list's pages: the embedded store's SQL; nil for a server, whose whole list a
        /// ``FetchedContactDirectory`` keeps and pages.
        public var directory: (any ContactDirectory)?
        public var images: any ImageLoading
        /// Hands calls, messages and emails to the desktop (`XDGOpener` in the app).
        public var opener: any URLOpener
        /// A server's outbox (``OutboxContactsService``, also the `service`); nil for the embedded backend.
        public var sync: (any ContactsSyncing)?

        public init(service: any ContactsService, directory: (any ContactDirectory)? = nil, images: any ImageLoading, opener: any URLOpener,
                    sync: (any ContactsSyncing)? = nil) {
            self.service = service
            self.directory = directory
            self.images = images
            self.opener = opener
            self.sync = sync
        }
    }

    /// The original server; the embedded backend answers under it, `--base-url` replaces it.
    public static let originalBaseURL = ContactsRoutes.originalBaseURL

    /// The keys of every screen of the feature, as the `?` overlay of each screen shows them.
    /// The feature as the command line lists and builds it.
    public static let descriptor = FeatureDescriptor<Dependencies>(
        name: "contacts", summary: "GO-JEK contacts: A–Z sections with search, favourites, add, edit, delete",
        keys: keyHelp, options: [importOption, exportOption], make: { dependencies, host in make(dependencies: dependencies, host: host) })

    /// `--import FILE`: contacts into the embedded address book, then exit (the composition root runs it on
    /// the embedded backend).
    public static let importOption = FeatureOption(
        "--import", "FILE", value: .file,
        english: "contacts only: add the contacts of FILE (a JSON list in the server's shape, or vCard 3.0/4.0) to the embedded address book in one transaction, say what was skipped and why, and exit")
    /// `--export FILE`: the embedded address book into a file, then exit.
    public static let exportOption = FeatureOption(
        "--export", "FILE", value: .file,
        english: "contacts only: write the embedded address book to FILE (vCard 3.0 for .vcf, else JSON) and exit")

    public static let keyHelp: [KeyHelpSection] = [
        .filteredList("Contacts", keys: ContactsTexts.listKeys, failedKeys: ContactsTexts.failedKeys),
        KeyHelpSection("Contact", ContactsTexts.detailKeys, otherStates: [.error(ContactDetailView.failedKeys)]),
        KeyHelpSection("New / edit contact", ContactsTexts.formKeys),
    ]

    /// Builds the home list (the feature's entry).
    @MainActor
    public static func make(dependencies: Dependencies, host: any ScreenHost) -> any Screen {
        let directory = dependencies.directory ?? FetchedContactDirectory(service: dependencies.service)
        let interactor = ContactListInteractor(service: dependencies.service, directory: directory, images: dependencies.images,
                                               sync: dependencies.sync)
        let router = ContactListRouter(host: host, dependencies: dependencies)
        let presenter = ContactListPresenter(interactor: interactor, router: router, work: host.work)
        return ModuleScreen<ContactListView>(presenting: presenter, as: presenter)
    }

    @MainActor
    static func makeDetail(contact: ContactSummary, output: any ContactDetailModuleOutput, dependencies: Dependencies,
                           host: any ScreenHost) -> any Screen {
        let interactor = ContactDetailInteractor(service: dependencies.service, images: dependencies.images, opener: dependencies.opener)
        let router = ContactDetailRouter(host: host, dependencies: dependencies)
        let presenter = ContactDetailPresenter(contact: contact, interactor: interactor, router: router, work: host.work)
        presenter.output = output
        return ModuleScreen<ContactDetailView>(presenting: presenter, as: presenter)
    }

    /// The add / edit form; `refused`, a change the server refused, opens it as typed with the server's messages.
    @MainActor
    static func makeForm(mode: ContactFormMode, refused: RefusedContactWrite? = nil, output: any ContactFormModuleOutput,
                         dependencies: Dependencies, host: any ScreenHost) -> any Screen {
        let interactor = ContactFormInteractor(service: dependencies.service, images: dependencies.images, sync: dependencies.sync)
        let router = ContactFormRouter(host: host)
        let presenter = ContactFormPresenter(mode: mode, refused: refused, interactor: interactor, router: router, work: host.work)
        presenter.output = output
        return ModuleScreen<ContactFormView>(presenting: presenter, as: presenter)
    }
}
