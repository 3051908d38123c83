import AppsCommandLine
import FeatureKit
import Check24Overview
import Contacts
import ContactsBackend
import ContactsCore
import Foundation
import HTTPClient
import HTTPClientLive
import HTTPClientTexts
import ImageKit
import Navigation
import Numbers
import ProductGrid
import ResourceDirectory
import Storage
import TerminalUI
import SystemActions
import WebBrowser

/// Where a feature's requests go, and the client and picture repository over them: built the same
/// way for every feature, from a live server (`--base-url`) or the feature's local data.
struct Connection {
    /// `--base-url`, or the original service's base URL that the local data answers under.
    var base: URL
    var client: HTTPClient
    var images: ImageRepository
    var isLive: Bool
}

extension LaunchEnvironment {
    /// The live server when `--base-url` was given (pictures cached on disk), else `local()` (a bundled
    /// demo or an embedded backend, whose pictures are already on disk). `wrap` decorates the transport
    /// (check24's fault injection). With `keepsAnswers` (a feature that says when it shows a kept
    /// answer), a live server's good answers are kept in the data directory, revalidated, and shown
    /// when it cannot answer (``RevalidatingTransport``).
    func connection(originalBase: URL, feature: String = "", keepsAnswers: Bool = false, local: () throws -> any Transport,
                    wrap: (any Transport) -> any Transport = { $0 }) throws -> Connection {
        let transport: any Transport, pictureTransport: any Transport, imageCache: URL?
        var dataTransport: (any Transport)?
        if options.baseURL != nil {
            // Two libcurl sessions, each its own thread and pool: what the user asked for never waits
            // for a connection, a lookup or the loop behind pictures (45 of them on a host that does not
            // answer hold every connection to it). Proxies come from the environment apps-cli was given.
            transport = CurlTransport(timeout: options.timeout, session: CurlSession(environment: environment))
            pictureTransport = CurlTransport(timeout: options.timeout, session: CurlSession(environment: environment))
            imageCache = try cacheDirectory.appendingPathComponent("images")
            if keepsAnswers {
                let directory = try dataDirectory
                let store = LocalStores.openCache(feature: feature, what: "the kept answers") { try ResponseStore.open(directory: directory) }
                dataTransport = store.map { RevalidatingTransport(wrap(transport), archive: ResponseArchive(store: $0)) }
                if let store {
                    // An answer another process's lock kept out of the store gets a last try, then is said.
                    endOfRun.add {
                        let left = store.keepWaiting(patience: ResponseStore.busyTimeout)
                        guard left > 0 else { return nil }
                        return "apps-cli: \(feature): \(left == 1 ? "an answer" : "\(left) answers") of the server shown but not kept: another program "
                            + "holds \(ArgumentText.plain(store.database.path)) locked; the next launch asks the server again."
                    }
                }
            }
        } else {
            transport = try local()
            pictureTransport = transport
            imageCache = nil
        }
        let client = dataTransport.map { HTTPClient(transport: $0) } ?? HTTPClient(transport: wrap(transport))
        let images: ImageRepository
        if options.images == PictureTier.none {
            // No pictures asked for: none is fetched, read from the cache or decoded.
            images = ImageRepository(fetch: { _ in throw ImageError.unavailable(detail: "pictures are off (--images none)") }, diskCacheDirectory: nil)
        } else {
            let pictures = HTTPClient(transport: wrap(pictureTransport))
            images = ImageRepository(fetch: { url in try await pictures.picture(at: url) }, diskCacheDirectory: imageCache)
        }
        return Connection(base: options.baseURL ?? originalBase, client: client, images: images, isLive: options.baseURL != nil)
    }

    /// A feature's bundled demo data as a transport; a build without it cannot start (exit 74).
    static func demo(_ feature: String, directory: URL?, transport: (URL) -> any Transport) throws -> any Transport {
        guard let directory else {
            throw LaunchError(message: "\(feature): the bundled demo data is missing from this build; reinstall, or pass --base-url.", status: 74)
        }
        return transport(directory)
    }
}

/// One feature of the command line: its module's descriptor, with the dependencies this
/// composition root wires for it.
struct Feature: Sendable {
    /// The feature as the command line knows it: its name, summaries, keys by screen (`--help` lists
    /// the screens' `?` overlays), the language of its screens and the options it declares.
    let commandLine: CommandLineFeature
    /// Builds the feature's first screen.
    let make: @MainActor @Sendable (LaunchEnvironment, any ScreenHost) throws -> any Screen
    /// Runs what one of its options asks instead of the screen (contacts' `--import`/`--export`): its
    /// exit status, or nil to start the feature.
    let command: (@MainActor @Sendable (LaunchEnvironment) -> Int32?)?

    var name: String { commandLine.name }
    var keys: [KeyHelpSection] { commandLine.keys }
    /// The language of the host's own words (the `?` overlay, the key bar's `?`/`q`) on this feature's screens.
    var texts: NavigationTexts { commandLine.texts }

    init<Dependencies>(_ descriptor: FeatureDescriptor<Dependencies>,
                       dependencies: @escaping @MainActor @Sendable (LaunchEnvironment) throws -> Dependencies,
                       command: (@MainActor @Sendable (LaunchEnvironment) -> Int32?)? = nil) {
        commandLine = CommandLineFeature(name: descriptor.name, summary: descriptor.summary, localizedSummary: descriptor.localizedSummary,
                                         keys: descriptor.keys, texts: descriptor.texts, options: descriptor.options)
        self.command = command
        let make = descriptor.make
        self.make = { launch, host in make(try dependencies(launch), host) }
    }
}

/// The features `apps-cli` knows, in the order they are listed.
enum FeatureCatalog {
    static let all: [Feature] = [
        Feature(Check24OverviewModule.descriptor, dependencies: check24),
        Feature(ProductGridModule.descriptor, dependencies: productGrid),
        Feature(ResourceDirectoryModule.descriptor, dependencies: resourceDirectory),
        Feature(NumbersModule.descriptor, dependencies: numbers),
        Feature(ContactsModule.descriptor, dependencies: contacts, command: { launch in
            ContactsTransferCommand.run(importing: launch.options.file(ContactsModule.importOption),
                                        exporting: launch.options.file(ContactsModule.exportOption), launch: launch)
        }),
        // Scripts/new-feature adds a feature above this line.
    ]

    /// The features as the command line knows them (completions, the manual page, the config file's sections).
    static var commandLine: [CommandLineFeature] {
        all.map(\.commandLine)
    }

    static func feature(named name: String) -> Feature? {
        all.first { $0.name == name }
    }

    // MARK: Builders (the only place that picks live implementations)

    @MainActor
    static func check24(_ launch: LaunchEnvironment) throws -> Check24OverviewModule.Dependencies {
        let connection = try launch.connection(
            originalBase: Check24OverviewModule.originalBaseURL,
            local: { try LaunchEnvironment.demo("check24", directory: Check24OverviewModule.demoDataDirectory,
                                                transport: Check24OverviewModule.demoTransport) },
            wrap: { Check24OverviewModule.faultInjecting($0, failEvery: launch.options.count(Check24OverviewModule.failEveryOption) ?? Check24OverviewModule.defaultFailEvery) })
        let legalPage: URL
        do {
            legalPage = connection.isLive ? try Check24OverviewModule.legalPageURL(base: connection.base) : Check24OverviewModule.originalLegalPageURL
        } catch {
            throw LaunchError(message: "check24: \(error.userMessage)", status: 69)
        }
        let dataDirectory = try launch.dataDirectory
        let favorites = try LocalStores.open(feature: "check24", what: "the favorites") {
            try SQLiteFavoritesService(directory: dataDirectory)
        }
        // A live server's catalog is kept for the next launch (a 304 then pages it from the store).
        let catalogs = connection.isLive ? LocalStores.openCache(feature: "check24", what: "the kept catalogs",
                                                                 belongings: [dataDirectory.appendingPathComponent(Check24CatalogStore.payloadsFolder).path]) {
            try Check24CatalogStore(directory: dataDirectory)
        } : nil
        let client = connection.client
        return .init(catalog: HTTPCheck24Service(client: client, baseURL: connection.base, store: catalogs), favorites: favorites, images: connection.images,
                     pages: HTTPWebPageLoader(client: client), legalPageURL: legalPage, opener: XDGOpener(environment: launch.environment))
    }

    @MainActor
    static func numbers(_ launch: LaunchEnvironment) throws -> NumbersModule.Dependencies {
        let connection = try launch.connection(originalBase: NumbersModule.originalBaseURL, feature: "numbers", keepsAnswers: true, local: {
            try LaunchEnvironment.demo("numbers", directory: NumbersModule.demoDataDirectory, transport: NumbersModule.demoTransport)
        })
        return .init(service: HTTPNumbersService(client: connection.client, baseURL: connection.base), images: connection.images)
    }

    @MainActor
    static func resourceDirectory(_ launch: LaunchEnvironment) throws -> ResourceDirectoryModule.Dependencies {
        let connection = try launch.connection(originalBase: ResourceDirectoryModule.originalBaseURL, feature: "resource-directory", keepsAnswers: true, local: {
            try LaunchEnvironment.demo("resource-directory", directory: ResourceDirectoryModule.demoDataDirectory,
                                       transport: ResourceDirectoryModule.demoTransport)
        })
        return .init(service: HTTPResourceDirectoryService(client: connection.client, baseURL: connection.base), images: connection.images,
                     pages: HTTPWebPageLoader(client: connection.client), opener: XDGOpener(environment: launch.environment))
    }

    /// A contacts server at `--base-url`, else the embedded SQLite backend in the data directory
    /// (seeded with the demo contacts on first use), behind the same REST routes.
    @MainActor
    static func contacts(_ launch: LaunchEnvironment) throws -> ContactsModule.Dependencies {
        // The embedded store pages the home list itself; a server's list is fetched whole and paged in memory.
        var directory: (any ContactDirectory)?
        // The server's Retry-After asks, for the outbox to wait them out.
        let pacing = ServerPacing()
        let connection = try launch.connection(originalBase: ContactsModule.originalBaseURL, feature: "contacts", keepsAnswers: true, local: {
            // The photos its rows name go aside with a damaged store: a new store's ids start again at 1.
            let dataDirectory = try launch.dataDirectory
            let photos = dataDirectory.appendingPathComponent(LocalContactsBackend.photosFolder).path
            let embedded = try LocalStores.open(feature: "contacts", what: "the contacts in \(dataDirectory.path)", belongings: [photos]) {
                try EmbeddedContacts.open(dataDirectory: dataDirectory)
            }
            directory = embedded.directory
            return embedded.transport
        }, wrap: { PacedTransport($0, pacing: pacing) })
        let server = HTTPContactsService(client: connection.client, baseURL: connection.base)
        let opener = XDGOpener(environment: launch.environment)
        guard connection.isLive else { return .init(service: server, directory: directory, images: connection.images, opener: opener) }
        // A server's changes made while it cannot be reached wait in the outbox, for this run or a later one.
        let dataDirectory = try launch.dataDirectory
        let outbox = try LocalStores.open(feature: "contacts", what: "the changes waiting to sync") { try Outbox.open(directory: dataDirectory) }
        // A change that may have gone out is given twice the requests' timeout to land before it is looked up.
        let outboxed = OutboxContactsService(server: server, outbox: outbox, baseURL: connection.base, settle: 2 * launch.options.timeout,
                                             pacing: pacing)
        return .init(service: outboxed, images: connection.images, opener: opener, sync: outboxed)
    }

    @MainActor
    static func productGrid(_ launch: LaunchEnvironment) throws -> ProductGridModule.Dependencies {
        let connection = try launch.connection(originalBase: ProductGridModule.originalBaseURL, feature: "product-grid", keepsAnswers: true, local: {
            try LaunchEnvironment.demo("product-grid", directory: ProductGridModule.demoDataDirectory,
                                       transport: { BundledTransport(baseURL: ProductGridModule.originalBaseURL, directory: $0) })
        })
        return .init(products: HTTPProductService(client: connection.client, baseURL: connection.base), images: connection.images)
    }
}
