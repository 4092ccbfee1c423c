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

extension JSONReader {
  /// Every member name that repeats an earlier one of the same object, in document order (a name written three
  /// times gives two, each against the first).
  ///
  /// `bytes` is a document ``parse(_:limits:)`` accepts with `limits`; a fault stops the scan and what was found
  /// before it is returned.
  package static func repeatedKeys(_ bytes: some Collection<UInt8>, limits: JSONLimits) -> [JSONRepeatedKey] {
    bytes.withContiguousStorageIfAvailable { repeatedKeys(buffer: $0, limits: limits) }
      ?? Array(bytes).withUnsafeBufferPointer { repeatedKeys(buffer: $0, limits: limits) }
  }

  static func repeatedKeys(buffer: UnsafeBufferPointer<UInt8>, limits: JSONLimits) -> [JSONRepeatedKey] {
    var parser = JSONParser(input: buffer, limits: limits)
    var found: [JSONRepeatedKey] = []
    parser.scanRepeatedKeys(into: &found)
    return found
  }
}

extension JSONParser {
  /// Walks a well-formed document token by token, keeping the names of every open object: a string followed by
  /// `:` is a member name. Strings and numbers are read with the reader's own rules; any other byte (a bracket,
  /// a separator, whitespace, a letter of a literal) is one step.
  mutating func scanRepeatedKeys(into found: inout [JSONRepeatedKey]) {
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
            found.append(JSONRepeatedKey(key: text, first: first, second: range))
          } else {
            open[last]?[text] = range
          }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
          _ = try parseNumber()
        default:
          index += 1
        }
      }
    } catch {
      return
    }
  }
}
