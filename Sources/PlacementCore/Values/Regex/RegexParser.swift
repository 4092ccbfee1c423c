/// Parses the RE2-like pattern syntax documented on ``Pattern`` into a ``RegexNode`` tree.
///
/// Recursive descent over the pattern's Unicode scalars: alternation → concatenation → repetition → atom.
/// Recursion depth is bounded by `maxDepth` nested groups, so no pattern can exhaust the stack. The first problem
/// found is thrown as a ``PatternError`` carrying the UTF-8 byte offset of the offending character.
struct RegexParser {
  /// The largest count accepted in `{n}`, `{n,}` and `{n,m}`.
  static let maxRepeatCount = 1000
  /// The deepest nesting of groups accepted.
  static let maxDepth = 100

  let scalars: [Unicode.Scalar]
  /// `offsets[i]` is the UTF-8 byte offset of `scalars[i]`; `offsets[scalars.count]` is the source's UTF-8 length.
  let offsets: [Int]
  var position = 0

  private init(_ source: String) {
    var scalars: [Unicode.Scalar] = []
    var offsets: [Int] = []
    var offset = 0
    for scalar in source.unicodeScalars {
      scalars.append(scalar)
      offsets.append(offset)
      offset += UTF8.width(scalar)
    }
    offsets.append(offset)
    self.scalars = scalars
    self.offsets = offsets
  }

  /// Parses a whole pattern.
  /// - Throws: ``PatternError`` for the first syntax error or unsupported construct.
  static func parse(_ source: String) throws(PatternError) -> RegexNode {
    var parser = RegexParser(source)
    let node = try parser.parseAlternation(depth: 0)
    if parser.position < parser.scalars.count {  // only a `)` stops a top-level alternation early
      throw parser.error(PatternError.unexpectedParenthesis, at: parser.position)
    }
    return node
  }

  // MARK: - Helpers

  func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
    position + ahead < scalars.count ? scalars[position + ahead] : nil
  }

  func error(_ message: String, at index: Int) -> PatternError {
    PatternError(message: message, offset: offsets[index])
  }

  // MARK: - Structure

  private mutating func parseAlternation(depth: Int) throws(PatternError) -> RegexNode {
    let start = offsets[position]
    var branches = [try parseConcatenation(depth: depth)]
    while peek() == "|" {
      position += 1
      branches.append(try parseConcatenation(depth: depth))
    }
    return branches.count == 1 ? branches[0] : RegexNode(kind: .alternation(branches), offset: start)
  }

  private mutating func parseConcatenation(depth: Int) throws(PatternError) -> RegexNode {
    let start = offsets[position]
    var items: [RegexNode] = []
    while let scalar = peek(), scalar != "|", scalar != ")" {
      let atom = try parseAtom(depth: depth)
      items.append(try parseRepetitions(of: atom))
    }
    switch items.count {
    case 0: return RegexNode(kind: .empty, offset: start)
    case 1: return items[0]
    default: return RegexNode(kind: .concatenation(items), offset: start)
    }
  }

  private mutating func parseAtom(depth: Int) throws(PatternError) -> RegexNode {
    let start = position
    let offset = offsets[start]
    let scalar = scalars[start]
    switch scalar {
    case "(": return try parseGroup(depth: depth)
    case "[": return RegexNode(kind: .charClass(try parseClass()), offset: offset)
    case "\\": return try parseEscape()
    case "*", "+", "?": throw error(PatternError.nothingToRepeat, at: start)
    case "{" where braceRepetitionLength() != nil: throw error(PatternError.nothingToRepeat, at: start)
    case ".":
      position += 1
      return RegexNode(kind: .anyExceptNewline, offset: offset)
    case "^":
      position += 1
      return RegexNode(kind: .assertion(.beginText), offset: offset)
    case "$":
      position += 1
      return RegexNode(kind: .assertion(.endText), offset: offset)
    default:
      position += 1
      return RegexNode(kind: .literal(scalar), offset: offset)
    }
  }

  private mutating func parseGroup(depth: Int) throws(PatternError) -> RegexNode {
    let open = position
    position += 1
    if peek() == "?" {
      position += 1
      switch peek() {
      case ":": position += 1
      case "=", "!": throw error(PatternError.lookaround, at: open)
      case "<" where peek(1) == "=" || peek(1) == "!": throw error(PatternError.lookaround, at: open)
      case "<":
        position += 1
        try parseGroupName()
      case "P" where peek(1) == "<":
        position += 2
        try parseGroupName()
      case "P" where peek(1) == "=": throw error(PatternError.backreference, at: open)
      case ">": throw error(PatternError.atomicGroup, at: open)
      case "i", "m", "s", "U", "-": throw error(PatternError.inlineFlags, at: open)
      default: throw error(PatternError.unsupportedGroup, at: open)
      }
    }
    guard depth < Self.maxDepth else { throw error(PatternError.tooDeep, at: open) }
    let body = try parseAlternation(depth: depth + 1)
    guard peek() == ")" else { throw error(PatternError.missingParenthesis, at: open) }
    position += 1
    return body
  }

  /// Consumes `name>` of a named group; names are accepted and ignored (there are no captures).
  private mutating func parseGroupName() throws(PatternError) {
    let start = position
    while let scalar = peek(), RegexCharClass.isWord(scalar) { position += 1 }
    guard position > start, peek() == ">" else { throw error(PatternError.invalidGroupName, at: start) }
    position += 1
  }

  // MARK: - Repetition

  private mutating func parseRepetitions(of atom: RegexNode) throws(PatternError) -> RegexNode {
    let quantifier = offsets[position]
    guard let (min, max) = try parseQuantifier() else { return atom }
    let node = RegexNode(kind: .repetition(atom, min: min, max: max), offset: quantifier)
    if peek() == "?" {
      position += 1  // lazy: irrelevant to whether a match exists
    } else if peek() == "+" {
      throw error(PatternError.possessive, at: position)
    }
    if let next = peek(), next == "*" || next == "+" || next == "?" || (next == "{" && braceRepetitionLength() != nil) {
      throw error(PatternError.nestedRepetition, at: position)
    }
    return node
  }

  /// Consumes a quantifier at the current position, if there is one.
  private mutating func parseQuantifier() throws(PatternError) -> (Int, Int?)? {
    switch peek() {
    case "*":
      position += 1
      return (0, nil)
    case "+":
      position += 1
      return (1, nil)
    case "?":
      position += 1
      return (0, 1)
    case "{":
      guard let length = braceRepetitionLength() else { return nil }  // not a repetition: a literal `{`
      let open = position
      let min = number(from: open + 1)
      let comma = open + 1 + digitCount(from: open + 1)
      var max: Int? = min
      if scalars[comma] == "," { max = digitCount(from: comma + 1) == 0 ? nil : number(from: comma + 1) }
      position += length
      if min > Self.maxRepeatCount || (max ?? 0) > Self.maxRepeatCount {
        throw error(PatternError.countTooLarge(Self.maxRepeatCount), at: open)
      }
      if let max, max < min { throw error(PatternError.minimumExceedsMaximum(min, max), at: open) }
      return (min, max)
    default: return nil
    }
  }

  /// The length in scalars of `{n}`, `{n,}` or `{n,m}` at the current position, or `nil` if there is none there.
  private func braceRepetitionLength() -> Int? {
    guard peek() == "{" else { return nil }
    var index = position + 1
    let minDigits = digitCount(from: index)
    guard minDigits > 0 else { return nil }
    index += minDigits
    if index < scalars.count, scalars[index] == "," { index += 1 + digitCount(from: index + 1) }
    guard index < scalars.count, scalars[index] == "}" else { return nil }
    return index + 1 - position
  }

  private func digitCount(from start: Int) -> Int {
    var index = start
    while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
    return index - start
  }

  /// The decimal number at `start`, saturating just above `maxRepeatCount` so that long digit runs cannot overflow.
  private func number(from start: Int) -> Int {
    var value = 0
    for index in start..<(start + digitCount(from: start)) {
      value = Swift.min(value * 10 + Int(scalars[index].value - 48), Self.maxRepeatCount + 1)
    }
    return value
  }
}
