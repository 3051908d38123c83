import ContactsCore
import Foundation
import HTTPClient

/// The embedded backend as the composition root and the demo start it: in a data directory, seeded
/// from the bundled demo on first use, answering under the original server's address.
public enum EmbeddedContacts {
    /// The bundled demo: `seed.json` (the project's own contacts), `photos/` and `images/missing.png`
    /// (made by `Scripts/dev/make-contacts-demo`).
    public static var demoDataDirectory: URL? {
        Bundle.module.url(forResource: "Demo", withExtension: nil)
    }

    /// The embedded backend in `dataDirectory`, seeded from the bundled demo on first use, as a
    /// transport answering under ``ContactsRoutes/originalBaseURL``.
    /// - Throws: ``StorageError`` when the file cannot be opened or migrated.
    public static func transport(dataDirectory: URL) throws -> RouteTable {
        try open(dataDirectory: dataDirectory).transport
    }

    /// The embedded backend in `dataDirectory` (seeded from the bundled demo on first use): its routes,
    /// answering under ``ContactsRoutes/originalBaseURL``, and the home list's pages read from its store.
    /// - Throws: ``StorageError`` when the file cannot be opened or migrated.
    public static func open(dataDirectory: URL) throws -> (transport: RouteTable, directory: StoredContactDirectory) {
        let demo = demoDataDirectory
        let missing = demo.flatMap { try? Data(contentsOf: $0.appendingPathComponent("images/missing.png")) }
        // The seed is read only when the file is new, not at every launch.
        let backend = try LocalContactsBackend(directory: dataDirectory, seed: try demo.map { try ContactsSeed.load(from: $0) },
                                               missingPicture: missing)
        return (backend.routeTable(baseURL: ContactsRoutes.originalBaseURL), backend.directory(baseURL: ContactsRoutes.originalBaseURL))
    }
}
