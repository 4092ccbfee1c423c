/// A request target's query (`a=1&b=x%20y`): its parameters, percent-decoded, in order.
struct Query: Sendable, Equatable {
  let parameters: [(name: String, value: String)]

  static func == (lhs: Query, rhs: Query) -> Bool {
    lhs.parameters.map(\.name) == rhs.parameters.map(\.name)
      && lhs.parameters.map(\.value) == rhs.parameters.map(\.value)
  }

  /// Parses `query` (nil: no parameters); nil when a `%` escape is malformed or decodes to invalid UTF-8.
  init?(_ query: String?) {
    var parameters: [(String, String)] = []
    for pair in (query ?? "").split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard let name = Query.percentDecoded(parts[0], plusIsSpace: true),
        let value = Query.percentDecoded(parts.count > 1 ? parts[1] : "", plusIsSpace: true)
      else { return nil }
      parameters.append((name, value))
    }
    self.parameters = parameters
  }

  /// Every value of `name`.
  func values(_ name: String) -> [String] { parameters.filter { $0.name == name }.map(\.value) }

  /// `text` with `%XX` escapes decoded (and `+` as a space in a query); nil for a malformed escape or bytes
  /// that are not UTF-8.
  static func percentDecoded(_ text: Substring, plusIsSpace: Bool) -> String? {
    guard text.utf8.contains(UInt8(ascii: "%")) || (plusIsSpace && text.utf8.contains(UInt8(ascii: "+"))) else {
      return String(text)
    }
    var bytes: [UInt8] = []
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      switch byte {
      case UInt8(ascii: "%"):
        guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
          return nil
        }
        bytes.append(high << 4 | low)
      case UInt8(ascii: "+") where plusIsSpace: bytes.append(UInt8(ascii: " "))
      default: bytes.append(byte)
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
