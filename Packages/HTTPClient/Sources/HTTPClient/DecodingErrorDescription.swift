import Foundation

/// Turns a `DecodingError` into one readable line: "products[3].price: expected a number, found a string".
enum DecodingErrorDescription {
    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)): expected \(noun(for: type))\(found(in: context.debugDescription))"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)): expected \(noun(for: type)), found null or nothing"
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])): missing"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return "the answer is not valid JSON"
            }
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return String(describing: error)
        }
    }

    /// `products[3].price`; the top level is called "the answer".
    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == "\(index)" {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text.isEmpty ? "the answer" : text
    }

    static func noun(for type: Any.Type) -> String {
        switch type {
        case is String.Type, is Substring.Type, is Character.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Int.Type, is Int8.Type, is Int16.Type, is Int32.Type, is Int64.Type,
             is UInt.Type, is UInt8.Type, is UInt16.Type, is UInt32.Type, is UInt64.Type:
            return "a whole number"
        case is Double.Type, is Float.Type, is Decimal.Type: return "a number"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array<") || name.hasPrefix("[") && !name.contains(":") { return "a list" }
            if name.hasPrefix("Dictionary<") || name.hasPrefix("[") { return "an object" }
            return "a value of type \(name)"
        }
    }

    /// Foundation's message says what it found ("… but found a string instead."); keep that part.
    private static func found(in debugDescription: String) -> String {
        guard let range = debugDescription.range(of: "but found ") else { return "" }
        var rest = debugDescription[range.upperBound...]
        if let end = rest.range(of: " instead") { rest = rest[..<end.lowerBound] }
        rest = rest.trimmingCharacters(in: CharacterSet(charactersIn: ". "))[...]
        guard !rest.isEmpty, rest.count < 40 else { return "" }
        // Say it in the same words as the expectation ("a list", not "an array").
        let words = ["a dictionary": "an object", "an array": "a list", "bool": "true or false", "a bool": "true or false",
                     "number": "a number", "string": "a string", "null": "null"]
        return ", found \(words[String(rest)] ?? String(rest))"
    }
}
