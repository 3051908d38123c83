import Foundation
import XCTest

/// Runs the built `apps-cli` as a child process (it sits beside the test bundle in the build folder).
struct AppsCLIProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// HEAD of the git checkout at `repository`, as `--version` says it (twelve digits); nil outside one.
    static func headCommit(of repository: URL) -> String? {
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", repository.path, "rev-parse", "--short=12", "HEAD"]
        let output = Pipe()
        git.standardOutput = output
        git.standardError = FileHandle.nullDevice
        guard (try? git.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        git.waitUntilExit()
        guard git.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The checkout the tests run in (Tests/EndToEndTests → its root): for the scripts they run.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("apps-cli")
    }

    /// Runs `apps-cli arguments` with stdout/stderr captured (so stdout is not a terminal) and a time limit.
    static func run(_ arguments: [String], environment extra: [String: String] = [:], timeout: TimeInterval = 60) throws -> Result {
        let result = try TestProgram.collect(process(arguments, environment: extra), timeout: timeout, name: "apps-cli \(arguments)")
        return Result(status: result.status, stdout: result.out, stderr: result.err)
    }

    /// Starts `apps-cli arguments` in the background, its output discarded (a process to kill).
    static func start(_ arguments: [String]) throws -> Process {
        let process = process(arguments)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// `apps-cli arguments`, not started, with the test data and cache directories.
    private static func process(_ arguments: [String], environment extra: [String: String] = [:]) -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = NSTemporaryDirectory() + "apps-cli-e2e-data"
        environment["XDG_CACHE_HOME"] = NSTemporaryDirectory() + "apps-cli-e2e-cache"
        extra.forEach { environment[$0.key] = $0.value }
        process.environment = environment
        return process
    }
}

/// Any program run by a test: its output read whole (concurrently, so a full pipe cannot block
/// it), in `directory`, with `environment` added to the test's own.
enum TestProgram {
    struct Result {
        var out: String
        var err: String
        var status: Int32
    }

    static func run(_ executable: String, _ arguments: [String], environment extra: [String: String] = [:],
                    in directory: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var environment = ProcessInfo.processInfo.environment
        extra.forEach { environment[$0.key] = $0.value }
        process.environment = environment
        return try collect(process, timeout: nil, name: executable)
    }

    /// Runs `process` with its output captured: both pipes read concurrently, so a full pipe cannot
    /// block it; after `timeout` it is ended and the test fails.
    static func collect(_ process: Process, timeout: TimeInterval?, name: String) throws -> Result {
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        DispatchQueue.global().async(group: group) { outData = out.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { errData = err.fileHandleForReading.readDataToEndOfFile() }
        if let timeout {
            if group.wait(timeout: .now() + timeout) == .timedOut {
                process.terminate()
                XCTFail("\(name) did not finish within \(timeout) s")
            }
        } else {
            group.wait()
        }
        process.waitUntilExit()
        return Result(out: String(decoding: outData, as: UTF8.self), err: String(decoding: errData, as: UTF8.self), status: process.terminationStatus)
    }

    /// A fresh folder under the temporary directory, for one test.
    static func makeFolder(_ prefix: String) throws -> URL {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
