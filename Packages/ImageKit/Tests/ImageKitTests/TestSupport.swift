import Foundation
import ImageKit
import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The committed fixture files (made by Fixtures/make-fixtures).
enum Fixture {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }
}

/// Asserts that two colors differ by at most `tolerance` per channel (JPEG is lossy).
func assertColor(_ actual: RGBPixel, _ expected: RGBPixel, tolerance: Int, _ message: String = "",
                 file: StaticString = #filePath, line: UInt = #line) {
    let redDifference = abs(Int(actual.red) - Int(expected.red))
    let greenDifference = abs(Int(actual.green) - Int(expected.green))
    let blueDifference = abs(Int(actual.blue) - Int(expected.blue))
    XCTAssertLessThanOrEqual(max(redDifference, greenDifference, blueDifference), tolerance, "\(actual) is not \(expected) ±\(tolerance) \(message)",
                             file: file, line: line)
}

/// The error decoding `data` throws, or nil (and a test failure) when it does not throw.
func decodingError(_ data: Data, limits: ImageDecoder.Limits = .standard,
                   file: StaticString = #filePath, line: UInt = #line) -> ImageError? {
    do {
        let image = try ImageDecoder.decode(data, limits: limits)
        XCTFail("decoded a \(image.width)x\(image.height) image where an error was expected", file: file, line: line)
        return nil
    } catch {
        return error
    }
}

/// Runs `body` with stdout and stderr redirected to a temporary file and returns what was written there.
func capturedStandardOutputAndError(_ body: () -> Void) throws -> String {
    let capture = FileManager.default.temporaryDirectory.appendingPathComponent("imagekit-capture-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: capture.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: capture) }
    let handle = try FileHandle(forWritingTo: capture)
    fflush(nil) // every C stream
    let savedOut = dup(1), savedErr = dup(2)
    dup2(handle.fileDescriptor, 1)
    dup2(handle.fileDescriptor, 2)
    body()
    fflush(nil) // every C stream
    dup2(savedOut, 1)
    dup2(savedErr, 2)
    close(savedOut)
    close(savedErr)
    try handle.close()
    return String(decoding: try Data(contentsOf: capture), as: UTF8.self)
}
