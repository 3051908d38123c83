import FeatureKit
import Contacts
import ContactsBackend
import Foundation
import HTTPClient
import ImageKit
import Navigation
import SystemActions
import TerminalKit
import TerminalUI

// Runs the feature alone on its embedded backend, seeded with the demo contacts:
//   swift run --package-path Packages/ContactsDemo ContactsDemo [--plain] [--data-dir DIR]
// The SQLite file lives in DIR (default: a folder in the temporary directory, kept between runs).
let arguments = CommandLine.arguments
let dataDirectory = arguments.firstIndex(of: "--data-dir").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
    .map { URL(fileURLWithPath: $0, isDirectory: true) }
    ?? FileManager.default.temporaryDirectory.appendingPathComponent("contacts-demo", isDirectory: true)
let embedded: (transport: RouteTable, directory: StoredContactDirectory)
do {
    embedded = try EmbeddedContacts.open(dataDirectory: dataDirectory)
} catch {
    FeatureDemo.fail("ContactsDemo: the contacts in \(dataDirectory.path) could not be opened: \(error)")
}
let client = HTTPClient(transport: embedded.transport)
let dependencies = ContactsModule.Dependencies(
    service: HTTPContactsService(client: client, baseURL: ContactsModule.originalBaseURL),
    directory: embedded.directory,
    images: ImageRepository(fetch: { try await client.picture(at: $0) }, diskCacheDirectory: nil),
    opener: XDGOpener(environment: ProcessInfo.processInfo.environment))
await FeatureDemo.run(ContactsModule.descriptor, dependencies: dependencies)
