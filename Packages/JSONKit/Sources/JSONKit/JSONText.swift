/// JSON text written by hand, so objects keep the server's key order; strings are escaped as Rails'
/// encoder does (`<`, `>` and `&` as `\u003c`, `\u003e`, `\u0026`).
public enum JSONText {
    /// An object of `pairs` in their order; each value is JSON text already (``string(_:)``, a number, `true`).
    public static func object(_ pairs: [(String, String)]) -> String {
        "{" + pairs.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    /// `text` as a JSON string, quotes included.
    public static func string(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 2)
        append(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text` as a JSON string, quotes included, to the UTF-8 in `out`.
    public static func append(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            // Most names and addresses need no escape at all: copied in one go.
            if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C && $0 != 0x3C && $0 != 0x3E && $0 != 0x26 }) {
                out.append(contentsOf: bytes)
                return
            }
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case 0x22: out.append(contentsOf: #"\""#.utf8)
                case 0x5C: out.append(contentsOf: #"\\"#.utf8)
                case 0x0A: out.append(contentsOf: #"\n"#.utf8)
                case 0x0D: out.append(contentsOf: #"\r"#.utf8)
                case 0x09: out.append(contentsOf: #"\t"#.utf8)
                case 0x3C: out.append(contentsOf: #"\u003c"#.utf8)
                case 0x3E: out.append(contentsOf: #"\u003e"#.utf8)
                case 0x26: out.append(contentsOf: #"\u0026"#.utf8)
                case ..<0x20:
                    out.append(contentsOf: #"\u00"#.utf8)
                    out.append(hexDigits[Int(byte >> 4)])
                    out.append(hexDigits[Int(byte & 0xF)])
                // U+2028 and U+2029 (E2 80 A8, E2 80 A9) end a line in JavaScript: escaped, as Rails does.
                case 0xE2 where index + 1 < bytes.count && bytes[index] == 0x80 && (bytes[index + 1] == 0xA8 || bytes[index + 1] == 0xA9):
                    out.append(contentsOf: bytes[index + 1] == 0xA8 ? #"\u2028"#.utf8 : #"\u2029"#.utf8)
                    index += 2
                default:
                    out.append(byte)
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Appends `number` in decimal to the UTF-8 in `out`.
    public static func append(_ number: Int, to out: inout [UInt8]) {
        if number < 0 { out.append(UInt8(ascii: "-")) }
        var rest = number.magnitude
        let start = out.count
        repeat {
            out.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        out[start...].reverse()
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
