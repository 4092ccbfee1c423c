/// `resolve --key FIELD`: finds the top-level member `FIELD` of a profile line and hands back its value's JSON
/// text, as written in the line, to be copied into every record of that line.
///
/// The members before it and the value itself must be well-formed JSON; what follows is not read, so a line that
/// fails to bind still has its key when the member came before the fault. The first member of that name counts.
/// A member name written with escapes (`"\u006b"`) is compared as written, never decoded. A value that is not
/// valid JSON, holds a control character or invalid UTF-8, or nests deeper than ``maxDepth`` is no key (`null`).
struct BatchKey: Sendable {
  /// The member's name, UTF-8.
  let name: [UInt8]

  /// Arrays and objects nest at most this deep inside a key's value.
  static let maxDepth = 64

  init(_ name: String) { self.name = Array(name.utf8) }

  /// The range of the member's value in `line`, or nil when `line` has no such member before its first fault.
  func value(in line: UnsafeBufferPointer<UInt8>) -> Range<Int>? { member(in: line)?.value }

  /// The member in `line`: its value's range, and the bytes to remove to take the member out of the object (the
  /// member and one comma beside it), or nil when `line` has no such member before its first fault.
  func member(in line: UnsafeBufferPointer<UInt8>) -> (value: Range<Int>, removal: Range<Int>)? {
    var scanner = Scanner(bytes: line)
    scanner.skipByteOrderMark()
    guard scanner.take(UInt8(ascii: "{")) else { return nil }
    if scanner.take(UInt8(ascii: "}")) { return nil }
    var first = true
    while true {
      guard scanner.peek == UInt8(ascii: "\"") else { return nil }
      let memberStart = scanner.position
      let nameStart = scanner.position + 1
      guard scanner.skipString() else { return nil }
      let matches = name.elementsEqual(line[nameStart..<scanner.position - 1])
      scanner.skipSpace()
      guard scanner.take(UInt8(ascii: ":")) else { return nil }
      scanner.skipSpace()
      let start = scanner.position
      guard scanner.skipValue(depth: 0) else { return nil }
      if matches {
        var end = scanner.position
        while end > start, line[end - 1] == 0x20 || line[end - 1] == 0x09 || line[end - 1] == 0x0A
          || line[end - 1] == 0x0D
        {
          end -= 1
        }
        let value = start..<end
        guard line[value].allSatisfy({ $0 < 0x80 }) || Self.isUTF8(line[value]) else { return nil }
        // `"k":v,` with the comma after it; the last member takes the comma before it instead.
        if scanner.take(UInt8(ascii: ",")) { return (value, memberStart..<scanner.position) }
        let commaBefore = first ? nil : line[..<memberStart].lastIndex(of: UInt8(ascii: ","))
        return (value, (commaBefore ?? memberStart)..<end)
      }
      guard scanner.take(UInt8(ascii: ",")) else { return nil }
      first = false
    }
  }

  private static func isUTF8(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue: continue
      case .emptyInput: return true
      case .error: return false
      }
    }
  }

  /// A validating reader of JSON text: each `skip` consumes one well-formed element and the space after it,
  /// except ``skipString()``, which stops at the closing quote.
  private struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func skipByteOrderMark() {
      if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
      skipSpace()
    }

    mutating func skipSpace() {
      while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
    }

    /// Consumes `byte` and the space after it.
    mutating func take(_ byte: UInt8) -> Bool {
      guard peek == byte else { return false }
      position += 1
      skipSpace()
      return true
    }

    mutating func skipValue(depth: Int) -> Bool {
      guard let byte = peek else { return false }
      switch byte {
      case UInt8(ascii: "\""):
        guard skipString() else { return false }
        skipSpace()
        return true
      case UInt8(ascii: "{"):
        return skipContainer(close: UInt8(ascii: "}"), depth: depth, members: true)
      case UInt8(ascii: "["):
        return skipContainer(close: UInt8(ascii: "]"), depth: depth, members: false)
      case UInt8(ascii: "t"): return skipLiteral("true")
      case UInt8(ascii: "f"): return skipLiteral("false")
      case UInt8(ascii: "n"): return skipLiteral("null")
      default: return skipNumber()
      }
    }

    private mutating func skipContainer(close: UInt8, depth: Int, members: Bool) -> Bool {
      guard depth < BatchKey.maxDepth else { return false }
      position += 1
      skipSpace()
      if take(close) { return true }
      while true {
        if members {
          guard peek == UInt8(ascii: "\""), skipString() else { return false }
          skipSpace()
          guard take(UInt8(ascii: ":")) else { return false }
        }
        guard skipValue(depth: depth + 1) else { return false }
        if take(close) { return true }
        guard take(UInt8(ascii: ",")) else { return false }
      }
    }

    /// A string (at its opening quote), up to its closing quote: escapes are checked, control characters refused.
    mutating func skipString() -> Bool {
      position += 1
      while let byte = peek {
        position += 1
        switch byte {
        case UInt8(ascii: "\""):
          return true
        case UInt8(ascii: "\\"):
          guard let escaped = peek else { return false }
          position += 1
          switch escaped {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            continue
          case UInt8(ascii: "u"):
            for _ in 0..<4 {
              guard let hex = peek, hex.isHexDigit else { return false }
              position += 1
            }
          default: return false
          }
        case ..<0x20: return false
        default: continue
        }
      }
      return false
    }

    private mutating func skipLiteral(_ literal: StaticString) -> Bool {
      let count = literal.utf8CodeUnitCount
      guard bytes.count - position >= count else { return false }
      for offset in 0..<count where bytes[position + offset] != literal.utf8Start[offset] { return false }
      position += count
      skipSpace()
      return true
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func skipNumber() -> Bool {
      _ = takeRaw(UInt8(ascii: "-"))
      if takeRaw(UInt8(ascii: "0")) {
      } else {
        guard let first = peek, (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(first) else { return false }
        skipDigits()
      }
      if takeRaw(UInt8(ascii: ".")) {
        guard peek?.isDigit == true else { return false }
        skipDigits()
      }
      if takeRaw(UInt8(ascii: "e")) || takeRaw(UInt8(ascii: "E")) {
        if !takeRaw(UInt8(ascii: "+")) { _ = takeRaw(UInt8(ascii: "-")) }
        guard peek?.isDigit == true else { return false }
        skipDigits()
      }
      skipSpace()
      return true
    }

    private mutating func takeRaw(_ byte: UInt8) -> Bool {
      guard peek == byte else { return false }
      position += 1
      return true
    }

    private mutating func skipDigits() {
      while peek?.isDigit == true { position += 1 }
    }
  }
}

extension UInt8 {
  fileprivate var isDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }
  fileprivate var isHexDigit: Bool {
    isDigit || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
  }
}
