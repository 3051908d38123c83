import AppsCommandLine
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `apps-cli contacts --import FILE` / `--export FILE` (options the contacts feature declares): the
/// embedded address book to and from a file, without the screen. A progress line on a terminal
/// (stderr), the summary on stdout.
public enum ContactsTransferCommand {
    /// How many skipped entries the summary names one by one.
    static let namedSkips = 20

    /// Runs the import of `importing` and then the export to `exporting` when one was asked for (else
    /// nil: the screen starts). They work on the embedded address book, so not with `--base-url`.
    @MainActor
    public static func run(importing: URL?, exporting: URL?, launch: LaunchEnvironment) -> Int32? {
        guard importing != nil || exporting != nil else { return nil }
        // Asked on the command line, not set by the config file (whose base URL is for the screens).
        guard !launch.options.given.contains("--base-url") else {
            Console.printError("apps-cli: --import and --export work on the embedded address book; leave out --base-url.")
            return 64
        }
        return perform(importing: importing, exporting: exporting, launch: launch)
    }

    @MainActor
    private static func perform(importing: URL?, exporting: URL?, launch: LaunchEnvironment) -> Int32 {
        let backend: LocalContactsBackend
        let directory: URL
        do {
            directory = try launch.dataDirectory
            let photos = directory.appendingPathComponent(LocalContactsBackend.photosFolder).path
            // No demo contacts in an address book that starts with an import.
            backend = try LocalStores.open(feature: "contacts", what: "the contacts in \(directory.path)", belongings: [photos]) {
                try LocalContactsBackend(directory: directory)
            }
        } catch let error as LaunchError {
            Console.printError("apps-cli: \(ArgumentText.plain(error.message))")
            return error.status
        } catch {
            Console.printError("apps-cli: the contacts in the data directory could not be opened: \(error)")
            return 74
        }
        if let file = importing {
            let status = performImport(file, into: backend, directory: directory)
            guard status == 0 else { return status }
        }
        if let file = exporting {
            do throws(ContactsTransferError) {
                let count = try backend.performExport(to: file, stores: storeFiles(in: directory))
                return Console.printOutput("Exported \(contacts(count)) to \(ArgumentText.quoted(file.path)).")
            } catch {
                Console.printError("apps-cli: \(ArgumentText.plain(error.message))")
                return status(of: error)
            }
        }
        return 0
    }

    private static func performImport(_ file: URL, into backend: LocalContactsBackend, directory: URL) -> Int32 {
        let showsProgress = isatty(STDERR_FILENO) == 1
        var lastShown = ContinuousClock.now
        do throws(ContactsTransferError) {
            let report = try backend.performImport(from: file) { done, total in
                guard showsProgress, done == total || ContinuousClock.now - lastShown > .milliseconds(100) else { return }
                lastShown = .now
                Console.printError("\r\u{1B}[2KImporting contacts… \(done) of \(total)", newline: false)
            }
            if showsProgress { Console.printError("\r\u{1B}[2K", newline: false) }
            var lines = ["Imported \(contacts(report.imported)) from \(ArgumentText.quoted(file.path)) into \(ArgumentText.quoted(directory.path))."]
            if !report.skipped.isEmpty {
                lines.append("Skipped \(report.skipped.count):")
                lines += report.skipped.prefix(namedSkips).map { "  entry \($0.entry): \(ArgumentText.plain($0.reason))" }
                if report.skipped.count > namedSkips { lines.append("  … and \(report.skipped.count - namedSkips) more") }
            }
            // What imported cards held that a contact cannot (a second number, a photo that is a link).
            if !report.notes.isEmpty {
                lines.append("Not kept (\(report.notes.count)):")
                lines += report.notes.prefix(namedSkips).map { "  entry \($0.entry): \(ArgumentText.plain($0.text))" }
                if report.notes.count > namedSkips { lines.append("  … and \(report.notes.count - namedSkips) more") }
            }
            return Console.printOutput(lines.joined(separator: "\n"))
        } catch {
            if showsProgress { Console.printError("\r\u{1B}[2K", newline: false) }
            Console.printError("apps-cli: \(ArgumentText.plain(error.message))")
            return status(of: error)
        }
    }

    /// The files of the data directory (its stores: the address book, kept answers, the outbox,
    /// favourites…), which an export must never write over.
    static func storeFiles(in directory: URL) -> [URL] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).map { directory.appendingPathComponent($0) }
    }

    /// "1 contact", "2 contacts".
    static func contacts(_ count: Int) -> String {
        count == 1 ? "1 contact" : "\(count) contacts"
    }

    /// sysexits: 66 no input, 65 bad data, 73 cannot create, 74 I/O (the store).
    private static func status(of error: ContactsTransferError) -> Int32 {
        switch error.kind {
        case .unreadable: 66
        case .malformed: 65
        case .unwritable: 73
        case .store: 74
        }
    }
}
