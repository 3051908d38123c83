import Foundation
import HTTPClient
import HTTPClientTexts
import JSONKit
import XCTest

/// A request's failure as a value: the same English sentence as `HTTPError.userMessage`, a German
/// one for features that speak German, and no transport type for the presenters.
final class RequestFailureTests: XCTestCase {
    private let errors: [HTTPError] = [
        .offline("127.0.0.1:9"), .offline(""), .timeout(seconds: 2.5), .timeout(seconds: 15), .timeout(seconds: .infinity),
        .status(code: 503, body: "down"), .status(code: 599, body: nil), .decoding("products[3].price: expected a number"),
        .invalidURL("ftp://x"), .tooLarge(limit: 10 * 1024 * 1024), .tooLarge(limit: 300), .unexpectedContentType("image/png"),
        .unexpectedContentType("\u{1B}[2J"), .connectionLost("h:1"), .connectionLost(""), .cancelled, .other("socket closed"),
    ]

    func testTheEnglishSentenceIsTheTransportsUserMessage() {
        for error in errors {
            XCTAssertEqual(RequestFailure(error).message(.english), error.userMessage)
        }
        XCTAssertEqual(HTTPError.status(code: 503, body: nil).userMessage, "The server answered 503 Service Unavailable.")
    }

    func testEveryFailureHasAGermanSentenceWithoutEnglishDetails() {
        XCTAssertEqual(RequestFailure(HTTPError.offline("127.0.0.1:9")).message(.german), "Keine Verbindung zu 127.0.0.1:9 – läuft der Server?")
        XCTAssertEqual(RequestFailure(HTTPError.timeout(seconds: 2.5)).message(.german), "Der Server hat nicht innerhalb von 2,5 s geantwortet.")
        XCTAssertEqual(RequestFailure(HTTPError.status(code: 503, body: "down")).message(.german), "Der Server antwortete mit Status 503.")
        XCTAssertEqual(RequestFailure(HTTPError.tooLarge(limit: 300)).message(.german),
                       "Die Antwort des Servers ist größer als 300 Bytes und wurde nicht geladen.")
        XCTAssertEqual(RequestFailure(HTTPError.unexpectedContentType("\u{1B}")).message(.german),
                       "Der Server antwortete mit unbekanntem Inhalt, der hier nicht angezeigt werden kann.")
        let english = try! NSRegularExpression(pattern: #"\b(the|could|not|answered|server's|connection|request|failed|expected|price)\b"#)
        for error in errors {
            let german = RequestFailure(error).message(.german)
            XCTAssertNotEqual(german, error.userMessage)
            XCTAssertEqual(english.numberOfMatches(in: german, range: NSRange(german.startIndex..., in: german)), 0, german)
            XCTAssertFalse(german.unicodeScalars.contains { $0.value < 0x20 }, "no control character: \(german)")
        }
    }

    func testAnythingButATransportErrorIsUnknownAndNamesNoInternals() {
        struct InternalThing: Error {}
        XCTAssertEqual(RequestFailure(InternalThing()), .unknown)
        XCTAssertEqual(RequestFailure(InternalThing()).message(.english), "Something went wrong.")
        XCTAssertEqual(RequestFailure(InternalThing()).message(.german), "Unbekannter Fehler.")
    }

    func testADecodingProblemHasAKindAFeatureCanWord() {
        struct Box: Decodable { var value: Int }
        let missing = Result { try JSONDecoder().decode(Box.self, from: Data(#"{}"#.utf8)) }
        let wrong = Result { try JSONDecoder().decode(Box.self, from: Data(#"{"value":"x"}"#.utf8)) }
        XCTAssertEqual(missing.failure.map(DecodingProblem.kind(of:)), .missing)
        XCTAssertEqual(wrong.failure.map(DecodingProblem.kind(of:)), .wrongType)
        let range = DecodingProblem.error(.outOfRange, at: [])
        XCTAssertEqual(DecodingProblem.kind(of: range), .outOfRange)
        XCTAssertEqual(DecodingProblem.predicate(for: range), "is a number out of range")
        XCTAssertEqual(DecodingProblem.predicate(for: DecodingProblem.error("is not a name", at: [])), "is not a name",
                       "a feature's own predicate is kept")
    }
}
