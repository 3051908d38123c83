import Foundation
import XCTest

/// The README's pictures are what the app draws now: `Scripts/readme-pictures --check` makes them
/// again with this test run's build and compares them byte for byte with docs/pictures.
final class ReadmePicturesTests: XCTestCase {
    private var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    func testTheReadmePicturesMatchWhatTheAppDraws() throws {
        let build = AppsCLIProcess.executable.deletingLastPathComponent().path
        let checked = try TestProgram.run(repository.appendingPathComponent("Scripts/readme-pictures").path, ["--check", "--from", build],
                                          environment: [:], in: repository)
        XCTAssertEqual(checked.status, 0, checked.err + checked.out)
        let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
        for feature in ["check24", "product-grid", "resource-directory", "numbers", "contacts"] {
            XCTAssertTrue(readme.contains("(docs/pictures/\(feature).svg)"), "the README shows \(feature)")
            let picture = try String(contentsOf: repository.appendingPathComponent("docs/pictures/\(feature).svg"), encoding: .utf8)
            XCTAssertTrue(picture.contains("<image "), "\(feature)'s picture holds its pictures")
        }
    }
}
