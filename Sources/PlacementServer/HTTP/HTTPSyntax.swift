/// The byte classes of HTTP/1.1's grammar (RFC 9110 §5.6.2, RFC 9112).
enum HTTPSyntax {
  static let cr: UInt8 = 0x0D
  static let lf: UInt8 = 0x0A
  static let space: UInt8 = 0x20
  static let tab: UInt8 = 0x09
  static let colon: UInt8 = 0x3A

  /// `tchar`: the characters of a method or a field name.
  static func isToken(_ byte: UInt8) -> Bool { tokenTable[Int(byte)] }

  private static let tokenTable: [Bool] = (0..<256).map { value in
    let byte = UInt8(value)
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "A")...UInt8(ascii: "Z"):
      return true
    default:
      return "!#$%&'*+-.^_`|~".utf8.contains(byte)
    }
  }

  /// A byte a field value may hold: visible ASCII, space, tab, or any byte from 0x80 (`obs-text`).
  static func isFieldValueByte(_ byte: UInt8) -> Bool {
    byte == tab || (byte >= space && byte != 0x7F)
  }

  /// A byte a request target may hold: visible ASCII.
  static func isTargetByte(_ byte: UInt8) -> Bool { byte > space && byte < 0x7F }

  /// Whether `bytes` spell `word` without regard to ASCII case.
  static func equalsIgnoringCase(_ bytes: some Collection<UInt8>, _ word: String) -> Bool {
    bytes.count == word.utf8.count && zip(bytes, word.utf8).allSatisfy { lower($0) == lower($1) }
  }

  static func lower(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
  }

  /// The comma-separated elements of a field value, without surrounding spaces and tabs, empty ones dropped.
  static func listElements(_ value: String) -> [Substring] {
    value.split(separator: ",").map { $0.trimmingSpacesAndTabs() }.filter { !$0.isEmpty }
  }
}

extension Substring {
  func trimmingSpacesAndTabs() -> Substring {
    var result = self
    while let first = result.first, first == " " || first == "\t" { result = result.dropFirst() }
    while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
    return result
  }
}
