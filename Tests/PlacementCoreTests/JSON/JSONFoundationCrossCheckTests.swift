import Foundation
import Testing

@testable import PlacementCore

/// Decodes any JSON through Foundation's `JSONDecoder` into a `JSONValue`. `Bool` is tried before `Double`
/// because `JSONDecoder` never decodes a number as a `Bool` nor a `Bool` as a number, which sidesteps the
/// `NSNumber` ambiguity of `JSONSerialization` on Linux.
private struct FoundationMirror: Decodable {
  let value: JSONValue

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      value = .null
    } else if let bool = try? container.decode(Bool.self) {
      value = .bool(bool)
    } else if let number = try? container.decode(Double.self) {
      value = .number(number)
    } else if let string = try? container.decode(String.self) {
      value = .string(string)
    } else if let elements = try? container.decode([FoundationMirror].self) {
      value = .array(elements.map(\.value))
    } else {
      value = .object(try container.decode([String: FoundationMirror].self).mapValues(\.value))
    }
  }

  static func parse(_ text: String) throws -> JSONValue {
    try JSONDecoder().decode(FoundationMirror.self, from: Data(text.utf8)).value
  }
}

@Suite struct JSONFoundationCrossCheckTests {
  @Test func corpusIsLargeEnough() {
    #expect(JSONCorpus.documents.count >= 30)
  }

  @Test(arguments: JSONCorpus.documents)
  func readerAgreesWithFoundation(document: String) throws {
    let ours = try JSONReader.parse(document)
    let theirs = try FoundationMirror.parse(document)
    #expect(ours == theirs)
  }

  @Test(arguments: JSONCorpus.documents)
  func writerRoundTrips(document: String) throws {
    let value = try JSONReader.parse(document)
    for sortedKeys in [false, true] {
      let text = serialized(value, sortedKeys: sortedKeys)
      #expect(try JSONReader.parse(text) == value)
      #expect(try FoundationMirror.parse(text) == value)
    }
    let sorted = serialized(value, sortedKeys: true)
    #expect(serialized(try JSONReader.parse(sorted), sortedKeys: true) == sorted)
  }

  @Test func foundationAlsoRejectsWhatWeReject() {
    // Foundation's decoder accepts trailing commas ("[1,]"); we do not (RFC 8259), see JSONReaderErrorTests.
    for bad in ["01", "NaN", "[1 2]", "\"\u{1}\"", "{\"a\" 1}", "tru"] {
      #expect(throws: (any Error).self) { try FoundationMirror.parse(bad) }
      #expect(throws: JSONError.self) { try JSONReader.parse(bad) }
    }
  }
}
