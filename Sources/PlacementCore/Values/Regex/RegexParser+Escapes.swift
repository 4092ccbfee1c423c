// Escapes and bracketed character classes.
extension RegexParser {
  /// What an escape sequence denotes.
  private enum Escape {
    case scalar(Unicode.Scalar)
    case ranges([RegexCharClass.Range])
    case assertion(RegexAssertion)
  }

  /// Parses an escape outside a class (the current scalar is the backslash).
  mutating func parseEscape() throws(PatternError) -> RegexNode {
    let offset = offsets[position]
    switch try parseEscapeSequence(inClass: false) {
    case .scalar(let scalar): return RegexNode(kind: .literal(scalar), offset: offset)
    case .ranges(let ranges): return RegexNode(kind: .charClass(RegexCharClass(ranges)), offset: offset)
    case .assertion(let assertion): return RegexNode(kind: .assertion(assertion), offset: offset)
    }
  }

  /// Parses `[...]` or `[^...]` (the current scalar is the opening bracket).
  mutating func parseClass() throws(PatternError) -> RegexCharClass {
    let open = position
    position += 1
    var negated = false
    if peek() == "^" {
      negated = true
      position += 1
    }
    var ranges: [RegexCharClass.Range] = []
    var isFirst = true
    while true {
      guard let scalar = peek() else { throw error(PatternError.unterminatedClass, at: open) }
      if scalar == "]" && !isFirst {
        position += 1
        return RegexCharClass(ranges, negated: negated)
      }
      isFirst = false
      if scalar == "[", peek(1) == ":", let posix = try parsePOSIXClass() {
        ranges += posix
        continue
      }
      let itemStart = position
      switch try parseClassItem() {
      case .ranges(let items):
        ranges += items
      case .scalar(let low):
        guard peek() == "-", let after = peek(1), after != "]" else {
          ranges.append(RegexCharClass.Range(low: low.value, high: low.value))
          continue
        }
        position += 1
        let high = try parseClassItem()
        guard case .scalar(let highScalar) = high, low <= highScalar else {
          let text = String(String.UnicodeScalarView(scalars[itemStart..<position]))
          throw error(PatternError.invalidRange(text), at: itemStart)
        }
        ranges.append(RegexCharClass.Range(low: low.value, high: highScalar.value))
      case .assertion:
        preconditionFailure("assertions are rejected inside classes")
      }
    }
  }

  private mutating func parseClassItem() throws(PatternError) -> Escape {
    guard let scalar = peek() else { throw error(PatternError.unterminatedClass, at: position) }
    if scalar == "\\" { return try parseEscapeSequence(inClass: true) }
    position += 1
    return .scalar(scalar)
  }

  /// Parses `[:name:]` or `[:^name:]`; returns `nil` (consuming nothing) when no `:]` closes it, so the `[` is a
  /// literal as in RE2.
  private mutating func parsePOSIXClass() throws(PatternError) -> [RegexCharClass.Range]? {
    let open = position
    var index = position + 2
    while index + 1 < scalars.count, !(scalars[index] == ":" && scalars[index + 1] == "]") { index += 1 }
    guard index + 1 < scalars.count else { return nil }
    var name = String(String.UnicodeScalarView(scalars[(open + 2)..<index]))
    let negated = name.hasPrefix("^")
    if negated { name.removeFirst() }
    guard let ranges = RegexCharClass.posixRanges(name) else {
      throw error(PatternError.unknownPOSIXClass(name), at: open)
    }
    position = index + 2
    return negated ? RegexCharClass.complement(RegexCharClass(ranges).ranges) : ranges
  }

  /// Parses one escape sequence (the current scalar is the backslash).
  private mutating func parseEscapeSequence(inClass: Bool) throws(PatternError) -> Escape {
    let start = position
    guard let scalar = peek(1) else { throw error(PatternError.trailingBackslash, at: start) }
    position += 2
    switch scalar {
    case "1"..."9" where !inClass: throw error(PatternError.backreference, at: start)
    case "b" where !inClass: return .assertion(.wordBoundary)
    case "B" where !inClass: return .assertion(.notWordBoundary)
    case "A" where !inClass: return .assertion(.beginText)
    case "z" where !inClass: return .assertion(.endText)
    case "d": return .ranges(RegexCharClass.digitRanges)
    case "D": return .ranges(RegexCharClass.complement(RegexCharClass.digitRanges))
    case "w": return .ranges(RegexCharClass.wordRanges)
    case "W": return .ranges(RegexCharClass.complement(RegexCharClass.wordRanges))
    case "s": return .ranges(RegexCharClass.spaceRanges)
    case "S": return .ranges(RegexCharClass.complement(RegexCharClass.spaceRanges))
    case "n": return .scalar("\n")
    case "t": return .scalar("\t")
    case "r": return .scalar("\r")
    case "f": return .scalar("\u{0C}")
    case "v": return .scalar("\u{0B}")
    case "a": return .scalar("\u{07}")
    case "x": return .scalar(try parseHexEscape(start: start))
    case "!"..."/", ":"..."@", "["..."`", "{"..."~": return .scalar(scalar)
    default: throw error(PatternError.unsupportedEscape(scalar), at: start)
    }
  }

  /// Parses the digits of `\xHH` or `\x{H...}` (the current scalar follows the `x`).
  private mutating func parseHexEscape(start: Int) throws(PatternError) -> Unicode.Scalar {
    var value: UInt32 = 0
    var digits = 0
    let braced = peek() == "{"
    if braced { position += 1 }
    while let scalar = peek(), let digit = hexDigit(scalar) {
      if !braced && digits == 2 { break }
      value = Swift.min(value &* 16 &+ digit, 0x11_0000)
      digits += 1
      position += 1
    }
    if braced {
      guard peek() == "}" else { throw error(PatternError.invalidHex, at: start) }
      position += 1
    }
    guard digits > 0, braced || digits == 2, let scalar = Unicode.Scalar(value) else {
      throw error(PatternError.invalidHex, at: start)
    }
    return scalar
  }

  private func hexDigit(_ scalar: Unicode.Scalar) -> UInt32? {
    switch scalar {
    case "0"..."9": return scalar.value - 0x30
    case "a"..."f": return scalar.value - 0x61 + 10
    case "A"..."F": return scalar.value - 0x41 + 10
    default: return nil
    }
  }
}
