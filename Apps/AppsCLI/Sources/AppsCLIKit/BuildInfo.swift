import Foundation

/// What `--version` says: the version, the commit it was built from and the Swift version.
enum BuildInfo {
    /// The Swift compiler that built it.
    static var swiftVersion: String {
        #if compiler(>=6.4)
        "6.4 or later"
        #elseif compiler(>=6.3)
        "6.3"
        #elseif compiler(>=6.2)
        "6.2"
        #else
        "6.1 or earlier"
        #endif
    }

    /// The commit it was built from, written at build time (BuildInfoPlugin); `unknown` for a build
    /// outside a git checkout.
    static var commit: String { buildCommit }

    static var line: String { "apps-cli \(AppsCLI.version) (commit \(commit), Swift \(swiftVersion))" }
}
