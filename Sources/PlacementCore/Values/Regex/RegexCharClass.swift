/// A set of Unicode scalars: sorted, non-overlapping, non-adjacent closed ranges plus a negation flag.
///
/// Negation is kept as a flag rather than folded into the ranges so that case-insensitive matching negates *after*
/// folding (`[^a]` ignoring case rejects both `a` and `A`, as in RE2).
struct RegexCharClass: Sendable, Equatable {
  /// One closed range of scalar values.
  struct Range: Sendable, Equatable {
    var low: UInt32
    var high: UInt32
  }

  /// The scalars in the set before negation, sorted and merged.
  private(set) var ranges: [Range]
  /// Whether the class matches the scalars *not* in `ranges`.
  var isNegated: Bool
  /// Membership of the ASCII scalars 0–63 and 64–127 in `ranges`, one bit each: the fast path.
  private var asciiLow: UInt64 = 0
  private var asciiHigh: UInt64 = 0

  /// Creates a class from possibly unsorted, overlapping ranges.
  init(_ ranges: [Range], negated: Bool = false) {
    self.ranges = Self.normalized(ranges)
    self.isNegated = negated
    for range in self.ranges where range.low < 128 {
      for value in range.low...min(range.high, 127) {
        if value < 64 { asciiLow |= 1 << UInt64(value) } else { asciiHigh |= 1 << UInt64(value - 64) }
      }
    }
  }

  /// Whether `scalar` is in `ranges` (ignoring negation).
  @inline(__always)
  func contains(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 64 { return asciiLow & (1 << UInt64(value)) != 0 }
    if value < 128 { return asciiHigh & (1 << UInt64(value - 64)) != 0 }
    var lower = 0
    var upper = ranges.count
    while lower < upper {
      let middle = (lower + upper) / 2
      if ranges[middle].high < value {
        lower = middle + 1
      } else if ranges[middle].low > value {
        upper = middle
      } else {
        return true
      }
    }
    return false
  }

  /// Whether the class matches `scalar`; with `variants` (its simple lower- and upper-case mappings) a scalar
  /// also matches when one of its variants is in the set.
  @inline(__always)
  func matches(_ scalar: Unicode.Scalar, variants: RegexCaseVariants?) -> Bool {
    var found = contains(scalar)
    if !found, let variants { found = contains(variants.lower) || contains(variants.upper) }
    return found != isNegated
  }

  private static func normalized(_ input: [Range]) -> [Range] {
    let sorted = input.sorted { $0.low < $1.low }
    var result: [Range] = []
    result.reserveCapacity(sorted.count)
    for range in sorted {
      if let last = result.last, range.low <= last.high &+ 1 {
        result[result.count - 1].high = max(last.high, range.high)
      } else {
        result.append(range)
      }
    }
    return result
  }

  /// The scalars in 0…U+10FFFF that are not in `ranges` (which must be normalized).
  static func complement(_ ranges: [Range]) -> [Range] {
    var result: [Range] = []
    var next: UInt32 = 0
    for range in ranges {
      if range.low > next { result.append(Range(low: next, high: range.low - 1)) }
      next = range.high + 1
    }
    if next <= 0x10FFFF { result.append(Range(low: next, high: 0x10FFFF)) }
    return result
  }
}

// Predefined classes: Perl escapes and POSIX names, all ASCII-only as in RE2.
extension RegexCharClass {
  private static func ascii(_ pairs: [(Character, Character)]) -> [Range] {
    pairs.map { Range(low: $0.0.unicodeScalars.first!.value, high: $0.1.unicodeScalars.first!.value) }
  }

  /// `\d`: `[0-9]`.
  static let digitRanges = ascii([("0", "9")])
  /// `\w`: `[0-9A-Za-z_]`.
  static let wordRanges = ascii([("0", "9"), ("A", "Z"), ("_", "_"), ("a", "z")])
  /// `\s`: `[\t\n\f\r ]`.
  static let spaceRanges = ascii([("\t", "\n"), ("\u{0C}", "\r"), (" ", " ")])

  /// The ranges of a POSIX class name such as `alpha` (as in `[[:alpha:]]`), or `nil` if the name is unknown.
  static func posixRanges(_ name: String) -> [Range]? {
    switch name {
    case "alnum": return ascii([("0", "9"), ("A", "Z"), ("a", "z")])
    case "alpha": return ascii([("A", "Z"), ("a", "z")])
    case "ascii": return [Range(low: 0, high: 0x7F)]
    case "blank": return ascii([("\t", "\t"), (" ", " ")])
    case "cntrl": return [Range(low: 0, high: 0x1F), Range(low: 0x7F, high: 0x7F)]
    case "digit": return digitRanges
    case "graph": return ascii([("!", "~")])
    case "lower": return ascii([("a", "z")])
    case "print": return ascii([(" ", "~")])
    case "punct": return ascii([("!", "/"), (":", "@"), ("[", "`"), ("{", "~")])
    case "space": return ascii([("\t", "\r"), (" ", " ")])
    case "upper": return ascii([("A", "Z")])
    case "word": return wordRanges
    case "xdigit": return ascii([("0", "9"), ("A", "F"), ("a", "f")])
    default: return nil
    }
  }

  /// Whether `scalar` is an ASCII word character (`\w`); `nil` (a text edge) is not.
  @inline(__always)
  static func isWord(_ scalar: Unicode.Scalar?) -> Bool {
    guard let value = scalar?.value else { return false }
    return (value >= 0x30 && value <= 0x39) || (value >= 0x41 && value <= 0x5A) || value == 0x5F
      || (value >= 0x61 && value <= 0x7A)
  }
}

/// The simple (single-scalar) lower- and upper-case mappings of one scalar; a scalar without a single-scalar
/// mapping maps to itself.
struct RegexCaseVariants: Sendable, Equatable {
  var lower: Unicode.Scalar
  var upper: Unicode.Scalar

  /// The variants of `scalar`: ASCII by arithmetic, others by the Unicode full mappings when they are one scalar
  /// long (so `É` ↔ `é`, but `ß` keeps itself because its upper case is `SS`).
  init(_ scalar: Unicode.Scalar) {
    let value = scalar.value
    if value < 128 {
      let isUpper = value >= 0x41 && value <= 0x5A
      let isLower = value >= 0x61 && value <= 0x7A
      lower = isUpper ? Unicode.Scalar(UInt8(value + 32)) : scalar
      upper = isLower ? Unicode.Scalar(UInt8(value - 32)) : scalar
      return
    }
    let properties = scalar.properties
    lower = Self.single(properties.lowercaseMapping) ?? scalar
    upper = Self.single(properties.uppercaseMapping) ?? scalar
  }

  private static func single(_ mapping: String) -> Unicode.Scalar? {
    var iterator = mapping.unicodeScalars.makeIterator()
    guard let first = iterator.next(), iterator.next() == nil else { return nil }
    return first
  }
}
