import Foundation
import TestSupport
import XCTest
@testable import TextCells

/// The generated tables against their source, scalar by scalar: Unicode's own data (through
/// Scripts/dev/make-width-tables --dump, run under the pinned database of each version), and glibc's
/// `wcwidth` as Python's ctypes reaches it. A table edited by hand, or a look-up that reads it wrong,
/// fails here (and as every scalar's byte is compared, the committed file is the generator's output).
final class WidthTablesTests: XCTestCase {
    /// Packages/TextCells/Tests/TextCellsTests → the repository.
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../..").standardized

    /// The attribute byte of every scalar, as the generator computes it from version's database.
    private func sourceAttributes(_ version: WidthModel.UnicodeVersion) throws -> Data {
        let python = Self.repository.appendingPathComponent(".build-python/ucd-\(version.rawValue)/bin/python3")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw PythonOracle.Failure(description: "Unicode \(version.rawValue)'s database is not installed: run Scripts/check-deps --install "
                                       + "(or Scripts/dev/unicode-python \(version.rawValue)), which puts it in .build-python/")
        }
        let process = Process()
        process.executableURL = python
        process.arguments = [Self.repository.appendingPathComponent("Scripts/dev/make-width-tables").path, "--dump"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return data
    }

    private func checkEveryScalar(_ version: WidthModel.UnicodeVersion) throws {
        let source = try sourceAttributes(version)
        XCTAssertEqual(source.count, 0x110000)
        let scalars = WidthModel(.scalars, unicode: version), clusters = WidthModel(.clusters, unicode: version)
        var differences: [String] = []
        source.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            for value in 0..<UInt32(0x110000) {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let expected = bytes[Int(value)]
                if scalars.attributes(scalar) != expected { differences.append(String(value, radix: 16)) }
                // A scalar alone is as wide as its attributes say (a regional indicator alone is 2 in clusters).
                let clusterWidth = WidthModel.isRegionalIndicator(scalar) ? 2 : Int(expected >> 2 & 3)
                if scalars.width(of: Character(scalar)) != Int(expected & 3) || clusters.width(of: Character(scalar)) != clusterWidth,
                   !(value == 0x0D) { // "\r" alone is ASCII; the check is of the tables
                    differences.append("width of " + String(value, radix: 16))
                }
            }
        }
        XCTAssertEqual(differences.count, 0, "Unicode \(version.rawValue): \(differences.count) scalars differ: \(differences.prefix(20))")
    }

    func testEveryScalarOfUnicode15() throws { try checkEveryScalar(.v15_0) }

    func testEveryScalarOfUnicode17() throws { try checkEveryScalar(.v17_0) }

    /// The *libc* model is glibc's wcwidth: asked here through Python's ctypes, a second way to the same
    /// function, for every scalar (controls 0 and unprintable 1 are the model's own rule).
    func testTheLibcModelIsGlibcsWcwidth() throws {
        XCTAssertTrue(WidthModel.libcIsAvailable)
        let script = """
        import ctypes, locale, sys
        locale.setlocale(locale.LC_CTYPE, "C.UTF-8")
        wcwidth = ctypes.CDLL(None).wcwidth
        wcwidth.argtypes = [ctypes.c_wchar]
        out = bytearray(0x110000)
        for value in range(0x110000):
            if 0xD800 <= value <= 0xDFFF:
                continue
            out[value] = wcwidth(chr(value)) & 0xFF
        sys.stdout.buffer.write(bytes(out))
        """
        let widths = try PythonOracle.run(script)
        XCTAssertEqual(widths.count, 0x110000)
        var differences: [String] = []
        widths.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            for value in 0..<UInt32(0x110000) {
                guard let scalar = Unicode.Scalar(value), value != 0x0D else { continue }
                let glibc = Int(Int8(bitPattern: bytes[Int(value)]))
                let control = value < 0x20 || (0x7F...0x9F).contains(value)
                let expected = control ? 0 : (glibc < 0 ? 1 : glibc)
                if WidthModel.libc.width(of: Character(scalar)) != expected { differences.append(String(value, radix: 16)) }
            }
        }
        XCTAssertEqual(differences, [], "\(differences.count) scalars differ from glibc")
    }
}
