import Foundation
import PackagePlugin

/// Writes the commit the build is made from into the composition root (`buildCommit`), at build time:
/// `apps-cli --version` says what it was built from without reading `.git` when it runs. Before each
/// build; the file is written only when the commit changed, so an unchanged tree rebuilds nothing.
@main
struct BuildInfoPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("BuildCommit")
        let script = #"""
            commit=$(git -C "$1" rev-parse --short=12 HEAD 2>/dev/null) || commit=unknown
            text="/// The commit this build was made from (BuildInfoPlugin writes it at build time).
            let buildCommit = \"$commit\""
            file="$2/BuildCommit.swift"
            mkdir -p "$2"
            [ "$(cat "$file" 2>/dev/null)" = "$text" ] || printf '%s\n' "$text" > "$file"
            """#
        return [.prebuildCommand(displayName: "The commit apps-cli is built from", executable: URL(fileURLWithPath: "/bin/sh"),
                                 arguments: ["-c", script, "build-info", context.package.directoryURL.path, output.path],
                                 outputFilesDirectory: output)]
    }
}
