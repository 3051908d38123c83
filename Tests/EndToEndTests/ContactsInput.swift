import Foundation

/// What the contacts tests type through `--keys`, shared by the suites that drive its form.
enum ContactsInput {
    /// A demo portrait of the project, as a file to pick in the form.
    static var photoPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Packages/ContactsBackend/Sources/ContactsBackend/Resources/Demo/photos/ayu-lestari.png").standardizedFileURL.path
    }

    /// `text` as `--keys` spells it, one key per character.
    static func typed(_ text: String) -> String {
        text.map { $0 == " " ? "space" : String($0) }.joined(separator: " ")
    }
}
