/// A member name that an object of a JSON document writes a second time: the reader keeps the last member, so
/// the earlier value is silently dropped.
package struct JSONRepeatedKey: Sendable, Equatable {
  /// The name, decoded (names compare as Swift `String`s, as the reader's dictionary compares them).
  package let key: String
  /// The byte range of the earlier name, quotes included, from the start of the document.
  package let first: Range<Int>
  /// The byte range of the repeated name, quotes included.
  package let second: Range<Int>
}

/// An integer written in a JSON document that a `Double` cannot hold: the reader keeps the nearest `Double`, so
/// whoever reads the value back gets another number.
package struct JSONInexactInteger: Sendable, Equatable {
  /// The byte range of the number as written, from the start of the document.
  package let range: Range<Int>
  /// The integer the reader keeps instead, in decimal digits (with `-` when negative).
  package let kept: String
}

/// What a JSON document writes that the reader accepts but reads differently from the text: repeated member
/// names and integers beyond a `Double`'s exact range, each in document order.
package struct JSONFindings: Sendable, Equatable {
  /// Every member name that repeats an earlier one of the same object (a name written three times gives two,
  /// each against the first).
  package var repeatedKeys: [JSONRepeatedKey] = []
  /// Every integer literal (no fraction, no exponent) whose value a `Double` does not hold exactly (beyond 2^53
  /// some integers are skipped: `9007199254740993` reads as `9007199254740992`).
  package var inexactIntegers: [JSONInexactInteger] = []
}

extension JSONReader {
  /// Repeated member names and inexact integers of a document, found in one scan.
  ///
  /// `bytes` is a document ``parse(_:limits:)`` accepts with `limits`; a fault stops the scan and what was found
  /// before it is returned.
  package static func findings(_ bytes: some Collection<UInt8>, limits: JSONLimits) -> JSONFindings {
    bytes.withContiguousStorageIfAvailable { findings(buffer: $0, limits: limits) }
      ?? Array(bytes).withUnsafeBufferPointer { findings(buffer: $0, limits: limits) }
  }

  static func findings(buffer: UnsafeBufferPointer<UInt8>, limits: JSONLimits) -> JSONFindings {
    var parser = JSONParser(input: buffer, limits: limits)
    var found = JSONFindings()
    parser.scanFindings(into: &found)
    return found
  }
}

extension JSONParser {
  /// Walks a well-formed document token by token, keeping the names of every open object: a string followed by
  /// `:` is a member name. Strings and numbers are read with the reader's own rules; any other byte (a bracket,
  /// a separator, whitespace, a letter of a literal) is one step.
  mutating func scanFindings(into found: inout JSONFindings) {
    // One entry per open container: the names of an object by their first range, nil for an array.
    var open: [[String: Range<Int>]?] = []
    do throws(JSONError) {
      while let byte = current {
        switch byte {
        case UInt8(ascii: "{"):
          open.append([:])
          index += 1
        case UInt8(ascii: "["):
          open.append(nil)
          index += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          if !open.isEmpty { open.removeLast() }
          index += 1
        case UInt8(ascii: "\""):
          let start = index
          let text = try parseString()
          let range = start..<index
          skipWhitespace()
          guard current == UInt8(ascii: ":"), let last = open.indices.last, let names = open[last] else { continue }
          if let first = names[text] {
            found.repeatedKeys.append(JSONRepeatedKey(key: text, first: first, second: range))
          } else {
            open[last]?[text] = range
          }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
          let start = index
          let value = try parseNumber()
          if let inexact = inexactInteger(value, at: start..<index) { found.inexactIntegers.append(inexact) }
        default:
          index += 1
        }
      }
    } catch {
      return
    }
  }

  /// The number at `range` read as `value` when it is an integer literal whose digits `value` does not equal.
  private func inexactInteger(_ value: Double, at range: Range<Int>) -> JSONInexactInteger? {
    guard value.magnitude >= 0x1p53 else { return nil }
    let text = input[range]
    let isInteger = !text.contains {
      $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E")
    }
    guard isInteger else { return nil }
    let digits = value.magnitude.exactIntegerDigits
    guard !text.drop(while: { $0 == UInt8(ascii: "-") }).elementsEqual(digits.utf8) else { return nil }
    return JSONInexactInteger(range: range, kept: (value < 0 ? "-" : "") + digits)
  }
}
