import Foundation

/// Turns a `DecodingError` into one readable line: "products[3].price: expected a number, found a string".
public enum DecodingErrorDescription {
    /// `error` as one line, the path first.
    public static func describe(_ error: DecodingError) -> String {
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

/// Readable words for a value that could not be decoded, for the notices that name a skipped or
/// degraded field ("price is a number out of range"), whatever the decoder threw.
///
/// Foundation's JSON decoder reports some problems only when a field is read, with internal error
/// names such as `cannotConvertInputStringDataToUTF8(location:)`; those never reach the screen.
public enum DecodingProblem {
    /// What was wrong with a value, as a case a feature can word in its own language.
    public enum Kind: Sendable, Equatable {
        /// The field is absent or null.
        case missing
        /// The field holds another kind of value (a string where a number belongs).
        case wrongType
        /// A number too large, too small or implausible for the field.
        case outOfRange
        /// A fraction where a whole number belongs (an id of 3.5).
        case notWholeNumber
        /// Text that is not valid UTF-8.
        case invalidText
        /// Anything else.
        case unreadable

        /// The English predicate: "is missing", "has the wrong type", "is a number out of range",
        /// "is not valid UTF-8 text", "is not readable".
        public var predicate: String {
            switch self {
            case .missing: "is missing"
            case .wrongType: "has the wrong type"
            case .outOfRange: "is a number out of range"
            case .notWholeNumber: "is not a whole number"
            case .invalidText: "is not valid UTF-8 text"
            case .unreadable: "is not readable"
            }
        }
    }

    /// The kind of problem behind `error`, whatever the decoder threw.
    public static func kind(of error: any Error) -> Kind {
        if let error = error as? DecodingError {
            switch error {
            case .keyNotFound, .valueNotFound: return .missing
            case .typeMismatch: return .wrongType
            case .dataCorrupted(let context):
                if let underlying = context.underlyingError { return kind(of: underlying) }
                return [Kind.outOfRange, .notWholeNumber, .invalidText, .missing, .wrongType].first { $0.predicate == context.debugDescription }
                    ?? .unreadable
            @unknown default: return .unreadable
            }
        }
        let name = String(describing: error)
        if name.contains("UTF8") || name.contains("UTF-8") || name.contains("Unicode") { return .invalidText }
        if name.contains("NotRepresentable") || name.contains("numberIs") { return .outOfRange }
        return .unreadable
    }

    /// "is not valid UTF-8 text", "is a number out of range", "is missing", "has the wrong type" or "is not readable".
    /// A feature's own predicate (`error("is not a name", at:)`) is kept as written.
    public static func predicate(for error: any Error) -> String {
        if case .dataCorrupted(let context) = error as? DecodingError, context.underlyingError == nil,
           context.debugDescription.hasPrefix("is ") {
            return context.debugDescription
        }
        return kind(of: error).predicate
    }

    /// A `DecodingError` at `codingPath` whose context says what was wrong (`kind`'s predicate).
    public static func error(_ kind: Kind, at codingPath: [any CodingKey]) -> DecodingError {
        error(kind.predicate, at: codingPath)
    }

    /// A `DecodingError` for `key` whose context says what was wrong, in words.
    public static func error(_ predicate: String, at codingPath: [any CodingKey]) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath, debugDescription: predicate))
    }
}

extension KeyedDecodingContainer {
    /// `decode(_:forKey:)` whose failures are always a `DecodingError` at `key` with a readable
    /// ``DecodingProblem`` predicate, never an internal error of the JSON parser.
    public func decodeReadable<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        do {
            return try decode(type, forKey: key)
        } catch let error as DecodingError {
            throw error
        } catch {
            throw DecodingProblem.error(DecodingProblem.predicate(for: error), at: codingPath + [key])
        }
    }
}

/// Decodes an element or records, in words, why it could not be decoded: a list payload with one
/// malformed entry still shows the others (`[Lossy<Item>]`), and can say which entries it skipped.
public struct Lossy<Value: Decodable & Sendable>: Decodable, Sendable {
    /// The element, when it could be decoded.
    public var value: Value?
    /// Why it could not ("price is a number out of range", "product_id is missing"), otherwise.
    public var reason: String?

    public init(from decoder: any Decoder) throws {
        do {
            value = try Value(from: decoder)
        } catch let error as DecodingError {
            reason = Self.reason(for: error)
        } catch {
            reason = "the entry \(DecodingProblem.predicate(for: error))"
        }
    }

    /// "price is a number out of range", "product_id is missing".
    private static func reason(for error: DecodingError) -> String {
        let path: [any CodingKey]
        switch error {
        case .keyNotFound(let key, let context): path = context.codingPath + [key]
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context): path = context.codingPath
        @unknown default: path = []
        }
        let field = path.last(where: { $0.intValue == nil })?.stringValue ?? "the entry"
        return "\(field) \(DecodingProblem.predicate(for: error))"
    }
}

// Decoding a `Lossy` reads only its own element, as its value's does: a long lossy list is decoded on every core too.
extension Lossy: ConcurrentlyDecodable where Value: ConcurrentlyDecodable {}
