import Foundation
import Storage
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Everything a feature needs to be built, resolved from the options and the environment.
public struct LaunchEnvironment: Sendable {
    public var options: LaunchOptions
    public var environment: [String: String]
    /// What the run says before it ends (``EndOfRun``).
    public var endOfRun = EndOfRun()

    public init(options: LaunchOptions, environment: [String: String]) {
        self.options = options
        self.environment = environment
    }

    /// `--data-dir`, else `$XDG_DATA_HOME/apps-cli`, else `~/.local/share/apps-cli`.
    public var dataDirectory: URL {
        get throws(LaunchError) {
            if let directory = options.dataDirectory { return directory }
            let directory = try xdgDirectory("XDG_DATA_HOME", else: ".local/share")
            // apps-cli's own folder is the owner's only, also when an earlier version made it 0755.
            PrivateFiles.restrictFolder(atPath: directory.path)
            return directory
        }
    }

    /// `--data-dir/cache`, else `$XDG_CACHE_HOME/apps-cli`, else `~/.cache/apps-cli`.
    public var cacheDirectory: URL {
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
    public var homeDirectory: String? {
        if let home = environment["HOME"], home.hasPrefix("/") { return home }
        return passwdHome()
    }

    /// The home directory of the passwd entry of the user running the process, if there is one.
    public var passwdHome: @Sendable () -> String? = LaunchEnvironment.userPasswdHome

    public static func userPasswdHome() -> String? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16_384)
        guard getpwuid_r(getuid(), &entry, &buffer, buffer.count, &result) == 0, result != nil, let directory = entry.pw_dir else { return nil }
        let home = String(cString: directory)
        return home.hasPrefix("/") ? home : nil
    }
}

/// What a run says on stderr as it ends, after the screen is gone: each part added while the feature
/// was built (a store's writes that waited for a lock) tells what it could not finish, or nothing.
public final class EndOfRun: Sendable {
    private let parts = Mutex<[@Sendable () -> String?]>([])

    public init() {}

    public func add(_ part: @escaping @Sendable () -> String?) { parts.withLock { $0.append(part) } }

    /// Runs every part and prints what they say.
    public func report() {
        for part in parts.withLock({ $0 }) {
            if let message = part() { Console.printError(message) }
        }
    }
}

/// A failure to start a feature (after the command line was fine): exit 69 or 74.
public struct LaunchError: Error {
    public var message: String
    public var status: Int32

    public init(message: String, status: Int32) {
        self.message = message
        self.status = status
    }
}

/// A feature's local stores (SQLite files in the data directory), opened as every launch opens them.
public enum LocalStores {
    /// Opens a feature's local store. A file SQLite calls damaged is moved aside (kept, never
    /// replaced in place) with what `belongings` names (files its rows refer to), said in one line on
    /// stderr, and a new store starts; any other failure, or a second damaged file, ends the launch
    /// with exit 74.
    public static func open<Store>(feature: String, what: String, belongings: [String] = [],
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
            Console.printError("apps-cli: \(feature): \(path) was damaged; it is kept as \(keptAt), and a new one was started.")
            do {
                return try open()
            } catch {
                throw LaunchError(message: "\(feature): \(what) could not be opened: \(error)", status: 74)
            }
        } catch {
            throw LaunchError(message: "\(feature): \(what) could not be opened: \(error)", status: 74)
        }
    }

    /// Opens a store that only keeps copies of the server's answers (``open(feature:what:belongings:_:)``
    /// for a damaged file). One that cannot be opened otherwise — locked by another process, a data
    /// directory that is read-only or full — costs only the copies: the launch goes on without it,
    /// said in one line on stderr, and the server's answers are shown as they come.
    public static func openCache<Store>(feature: String, what: String, belongings: [String] = [], _ open: () throws -> Store) -> Store? {
        do {
            return try Self.open(feature: feature, what: what, belongings: belongings, open)
        } catch {
            let reason = ArgumentText.plain((error as? LaunchError)?.message ?? "\(error)")
            Console.printError("apps-cli: \(reason); this run keeps no copies of the server's answers.")
            return nil
        }
    }
}
