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

    /// The commit: from `build-info` beside the executable (Scripts/build-release and Scripts/install
    /// write it), else from the source tree's git folder (a development build), else unknown.
    static func commit(executable: URL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath(),
                       sourceFile: String = #filePath) -> String {
        let beside = executable.deletingLastPathComponent().appendingPathComponent("build-info")
        if let info = try? String(contentsOf: beside, encoding: .utf8),
           let line = info.split(separator: "\n").first(where: { $0.hasPrefix("commit ") }) {
            return String(line.dropFirst("commit ".count)).trimmingCharacters(in: .whitespaces)
        }
        // Apps/AppsCLI/Sources/AppsCLIKit/BuildInfo.swift: the repository is four folders up.
        var root = URL(fileURLWithPath: sourceFile)
        for _ in 0..<5 { root.deleteLastPathComponent() }
        return gitCommit(repository: root) ?? "unknown"
    }

    /// HEAD of the git repository at `repository`, short; nil when there is none.
    static func gitCommit(repository: URL) -> String? {
        let git = repository.appendingPathComponent(".git")
        guard let head = try? String(contentsOf: git.appendingPathComponent("HEAD"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines) else { return nil }
        var hash = head
        if head.hasPrefix("ref: ") {
            let ref = String(head.dropFirst(5))
            if let loose = try? String(contentsOf: git.appendingPathComponent(ref), encoding: .utf8) {
                hash = loose.trimmingCharacters(in: .whitespacesAndNewlines)
            } else if let packed = try? String(contentsOf: git.appendingPathComponent("packed-refs"), encoding: .utf8),
                      let line = packed.split(separator: "\n").first(where: { $0.hasSuffix(" " + ref) }) {
                hash = String(line.prefix { $0 != " " })
            } else {
                return nil
            }
        }
        guard hash.count >= 7, hash.allSatisfy(\.isHexDigit) else { return nil }
        return String(hash.prefix(12))
    }

    static var line: String { "apps-cli \(AppsCLI.version) (commit \(commit()), Swift \(swiftVersion))" }
}
