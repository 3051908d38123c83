import Check24Overview
import Contacts
import ContactsBackend
import Foundation
import HTTPClient
import HTTPClientLive
import ImageKit
import Navigation
import Numbers
import ProductGrid
import ResourceDirectory
import Storage
import SystemActions
import WebBrowser

/// Everything a feature needs to be built, resolved from the options and the environment.
struct LaunchEnvironment: Sendable {
    var options: LaunchOptions
    var environment: [String: String]

    /// `--data-dir`, else `$XDG_DATA_HOME/apps-cli`, else `~/.local/share/apps-cli`.
    var dataDirectory: URL {
        get throws(LaunchError) {
            if let directory = options.dataDirectory { return directory }
            return try xdgDirectory("XDG_DATA_HOME", else: ".local/share")
        }
    }

    /// `--data-dir/cache`, else `$XDG_CACHE_HOME/apps-cli`, else `~/.cache/apps-cli`.
    var cacheDirectory: URL {
        get throws(LaunchError) {
            if let directory = options.dataDirectory { return directory.appendingPathComponent("cache") }
            return try xdgDirectory("XDG_CACHE_HOME", else: ".cache")
        }
    }

    /// `$variable/apps-cli` when it is an absolute path (the XDG spec says to ignore relative ones),
    /// else `home/fallback/apps-cli`. Without a home there is no safe default (the temporary directory
    /// is shared and emptied at reboot), so the user is asked for one.
    private func xdgDirectory(_ variable: String, else fallback: String) throws(LaunchError) -> URL {
        if let xdg = environment[variable], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("apps-cli")
        }
        guard let home = homeDirectory else {
            throw LaunchError(message: "no home directory to keep data in (HOME is not set and the user has no passwd entry); "
                              + "set HOME or pass --data-dir DIR.", status: 73)
        }
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(fallback).appendingPathComponent("apps-cli")
    }

    /// `$HOME` when it is an absolute path, else the home of the user's passwd entry.
    var homeDirectory: String? {
        if let home = environment["HOME"], home.hasPrefix("/") { return home }
        return passwdHome()
    }

    /// The home directory of the passwd entry of the user running the process, if there is one.
    var passwdHome: @Sendable () -> String? = LaunchEnvironment.userPasswdHome

    static func userPasswdHome() -> String? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16_384)
        guard getpwuid_r(getuid(), &entry, &buffer, buffer.count, &result) == 0, result != nil, let directory = entry.pw_dir else { return nil }
        let home = String(cString: directory)
        return home.hasPrefix("/") ? home : nil
    }
}

/// Where a feature's requests go: a live server (`--base-url`) or its bundled demo.
struct Endpoint {
    /// `--base-url`, or the original service's base URL that the demo is served under.
    var base: URL
    var transport: any Transport
    /// Where downloaded pictures are cached; nil for the demo, whose pictures are already local.
    var imageCache: URL?
    var isLive: Bool
}

extension LaunchEnvironment {
    /// The live server when `--base-url` was given, else the feature's bundled demo data.
    func endpoint(feature: String, originalBase: URL, demoDirectory: URL?,
                  demoTransport: (URL) -> any Transport) throws -> Endpoint {
        if let url = options.baseURL {
            return Endpoint(base: url, transport: URLSessionTransport(timeout: options.timeout),
                            imageCache: try cacheDirectory.appendingPathComponent("images"), isLive: true)
        }
        guard let directory = demoDirectory else {
            throw LaunchError(message: "\(feature): the bundled demo data is missing from this build; reinstall, or pass --base-url.", status: 74)
        }
        return Endpoint(base: originalBase, transport: demoTransport(directory), imageCache: nil, isLive: false)
    }
}

/// A failure to start a feature (after the command line was fine): exit 69 or 74.
struct LaunchError: Error {
    var message: String
    var status: Int32
}

/// One feature of the command line.
struct Feature: Sendable {
    var name: String
    var summary: String
    /// The feature's keys by screen, for `apps-cli <feature> --help`: the lists the screens' `?` overlays show.
    var keys: [KeyHelpSection]
    /// Builds the feature's first screen.
    var make: @MainActor @Sendable (LaunchEnvironment, any ScreenHost) throws -> any Screen
    var acceptsFailEvery = false
    /// The one-line summary in German, for a feature whose screens speak German (its `--help`).
    var germanSummary: String?
    /// The language of the host's own words (the `?` overlay, the key bar's `?`/`q`) on this feature's screens.
    var texts = NavigationTexts.english
}

/// The features `apps-cli` knows, in the order they are listed.
enum FeatureCatalog {
    static let all: [Feature] = [
        Feature(name: "check24", summary: "CHECK24 product overview with filters and favorites, details, legal page",
                keys: Check24OverviewModule.keyHelp,
                make: makeCheck24, acceptsFailEvery: true,
                germanSummary: "CHECK24-Produktübersicht mit Filtern und Favoriten, Details und rechtlichen Hinweisen",
                texts: Check24OverviewModule.navigationTexts),
        Feature(name: "product-grid", summary: "products in a grid of image tiles, with a detail per product",
                keys: ProductGridModule.keyHelp,
                make: makeProductGrid),
        Feature(name: "resource-directory",
                summary: "QuickSeries resource directory: categories, sortable and filterable resources, details with actions",
                keys: ResourceDirectoryModule.keyHelp,
                make: makeResourceDirectory),
        Feature(name: "numbers", summary: "Tapptic numbers: a list of numbers and each one's reading, side by side when wide",
                keys: NumbersModule.keyHelp,
                make: makeNumbers),
        Feature(name: "contacts", summary: "GO-JEK contacts: A–Z sections with search, favourites, add, edit, delete",
                keys: ContactsModule.keyHelp,
                make: makeContacts),
    ]

    static func feature(named name: String) -> Feature? {
        all.first { $0.name == name }
    }

    // MARK: Builders (the only place that picks live implementations)

    /// Opens a feature's local store. A file SQLite calls damaged is moved aside (kept, never
    /// replaced in place) with what `belongings` names (files its rows refer to), said in one line on
    /// stderr, and a new store starts; any other failure, or a second damaged file, ends the launch
    /// with exit 74.
    static func openStore<Store>(feature: String, what: String, belongings: [String] = [],
                                 _ open: () throws -> Store) throws -> Store {
        do {
            return try open()
        } catch StorageError.corrupt(let path) {
            let keptAt: String
            do {
                keptAt = try DamagedDatabase.moveAside(path, with: belongings)
            } catch {
                throw LaunchError(message: "\(feature): \(what) could not be opened: \(StorageError.corrupt(path: path)) "
                                    + "Moving it aside failed too (\(error)).", status: 74)
            }
            AppsCLI.printError("apps-cli: \(feature): \(path) was damaged; it is kept as \(keptAt), and a new one was started.")
            do {
                return try open()
            } catch {
                throw LaunchError(message: "\(feature): \(what) could not be opened: \(error)", status: 74)
            }
        } catch {
            throw LaunchError(message: "\(feature): \(what) could not be opened: \(error)", status: 74)
        }
    }

    @MainActor
    static func makeCheck24(_ launch: LaunchEnvironment, host: any ScreenHost) throws -> any Screen {
        let endpoint = try launch.endpoint(
            feature: "check24", originalBase: Check24OverviewModule.originalBaseURL,
            demoDirectory: Check24OverviewModule.demoDataDirectory, demoTransport: Check24OverviewModule.demoTransport)
        let base = endpoint.base
        let legalPage: URL
        do {
            legalPage = endpoint.isLive ? try Check24OverviewModule.legalPageURL(base: base) : Check24OverviewModule.originalLegalPageURL
        } catch {
            throw LaunchError(message: "check24: \(error.userMessage)", status: 69)
        }
        let client = HTTPClient(transport: Check24OverviewModule.faultInjecting(endpoint.transport, failEvery: launch.options.failEvery ?? 3))
        let dataDirectory = try launch.dataDirectory
        let favorites = try openStore(feature: "check24", what: "the favorites") {
            try SQLiteFavoritesService(directory: dataDirectory)
        }
        let service = HTTPCheck24Service(client: client, baseURL: base)
        let images = ImageRepository(fetch: { url in try await client.picture(at: url) }, diskCacheDirectory: endpoint.imageCache)
        return Check24OverviewModule.make(
            dependencies: .init(catalog: service, favorites: favorites, images: images, pages: HTTPWebPageLoader(client: client),
                                legalPageURL: legalPage, opener: XDGOpener(environment: launch.environment)),
            host: host)
    }

    @MainActor
    static func makeNumbers(_ launch: LaunchEnvironment, host: any ScreenHost) throws -> any Screen {
        let endpoint = try launch.endpoint(
            feature: "numbers", originalBase: NumbersModule.originalBaseURL,
            demoDirectory: NumbersModule.demoDataDirectory, demoTransport: NumbersModule.demoTransport)
        let client = HTTPClient(transport: endpoint.transport)
        let images = ImageRepository(fetch: { url in try await client.picture(at: url) }, diskCacheDirectory: endpoint.imageCache)
        return NumbersModule.make(
            dependencies: .init(service: HTTPNumbersService(client: client, baseURL: endpoint.base), images: images),
            host: host)
    }

    @MainActor
    static func makeResourceDirectory(_ launch: LaunchEnvironment, host: any ScreenHost) throws -> any Screen {
        let endpoint = try launch.endpoint(
            feature: "resource-directory", originalBase: ResourceDirectoryModule.originalBaseURL,
            demoDirectory: ResourceDirectoryModule.demoDataDirectory, demoTransport: ResourceDirectoryModule.demoTransport)
        let client = HTTPClient(transport: endpoint.transport)
        let images = ImageRepository(fetch: { url in try await client.picture(at: url) }, diskCacheDirectory: endpoint.imageCache)
        return ResourceDirectoryModule.make(
            dependencies: .init(service: HTTPResourceDirectoryService(client: client, baseURL: endpoint.base), images: images,
                                pages: HTTPWebPageLoader(client: client), opener: XDGOpener(environment: launch.environment)),
            host: host)
    }

    /// A contacts server at `--base-url`, else the embedded SQLite backend in the data directory
    /// (seeded with the demo contacts on first use), behind the same REST routes.
    @MainActor
    static func makeContacts(_ launch: LaunchEnvironment, host: any ScreenHost) throws -> any Screen {
        let endpoint: Endpoint
        if let url = launch.options.baseURL {
            endpoint = Endpoint(base: url, transport: URLSessionTransport(timeout: launch.options.timeout),
                                imageCache: try launch.cacheDirectory.appendingPathComponent("images"), isLive: true)
        } else {
            // The photos its rows name go aside with a damaged store: a new store's ids start again at 1.
            let dataDirectory = try launch.dataDirectory
            let photos = dataDirectory.appendingPathComponent(LocalContactsBackend.photosFolder).path
            let transport = try openStore(feature: "contacts", what: "the contacts in \(dataDirectory.path)", belongings: [photos]) {
                try EmbeddedContacts.transport(dataDirectory: dataDirectory)
            }
            endpoint = Endpoint(base: ContactsModule.originalBaseURL, transport: transport, imageCache: nil, isLive: false)
        }
        let client = HTTPClient(transport: endpoint.transport)
        let images = ImageRepository(fetch: { url in try await client.picture(at: url) }, diskCacheDirectory: endpoint.imageCache)
        return ContactsModule.make(
            dependencies: .init(service: HTTPContactsService(client: client, baseURL: endpoint.base), images: images,
                                opener: XDGOpener(environment: launch.environment)),
            host: host)
    }

    @MainActor
    static func makeProductGrid(_ launch: LaunchEnvironment, host: any ScreenHost) throws -> any Screen {
        let endpoint = try launch.endpoint(
            feature: "product-grid", originalBase: ProductGridModule.originalBaseURL,
            demoDirectory: ProductGridModule.demoDataDirectory,
            demoTransport: { BundledTransport(baseURL: ProductGridModule.originalBaseURL, directory: $0) })
        let client = HTTPClient(transport: endpoint.transport)
        let images = ImageRepository(fetch: { url in try await client.picture(at: url) }, diskCacheDirectory: endpoint.imageCache)
        return ProductGridModule.make(
            dependencies: .init(products: HTTPProductService(client: client, baseURL: endpoint.base), images: images),
            host: host)
    }
}
