import Foundation

/// Python's standard library as the oracle of a test: where a standard defines the answer (HTML's
/// character references, JSON, Unicode widths), a test asks `python3` for it instead of trusting a
/// table of our own.
///
/// python3 must be there (it is on every machine the suite runs on): a test that skipped without it
/// would pass unseen, so a missing interpreter is an error that says how to get one.
public enum PythonOracle {
    /// Why the oracle gave no answer.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// What `python3 -c script arguments…` writes to its standard output; throws when it cannot
    /// start or exits with an error (its standard error in the message).
    public static func run(_ script: String, arguments: [String] = []) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw Failure(description: "could not start /usr/bin/env python3 (the oracle of this test): \(error)")
        }
        // Standard error is read on its own thread: a script that fills one pipe while the other is
        // read would otherwise never finish.
        let errorText = ErrorText()
        let readErrors = Thread { errorText.set(errors.fileHandleForReading.readDataToEndOfFile()) }
        readErrors.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let message = errorText.waitForText()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "python3, the oracle of this test, is needed (apt-get install python3); "
                          + "it exited \(process.terminationStatus): \(message)")
        }
        return data
    }

    /// The oracle's JSON answer, decoded.
    public static func answer<Answer: Decodable>(_ type: Answer.Type, of script: String, arguments: [String] = []) throws -> Answer {
        try JSONDecoder().decode(type, from: run(script, arguments: arguments))
    }

    private final class ErrorText: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var text = ""

        func set(_ data: Data) {
            text = String(decoding: data, as: UTF8.self)
            done.signal()
        }

        /// Waits for the reading thread; the semaphore orders its write before this read.
        func waitForText() -> String {
            done.wait()
            return text
        }
    }
}
