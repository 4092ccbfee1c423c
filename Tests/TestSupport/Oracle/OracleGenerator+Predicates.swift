/// Predicates of every operator, each with its meaning per docs/Semantics.md (positive operators are false on a
/// missing value; negated ones are their exact complements).
extension OracleGenerator {
  public mutating func predicate() -> OraclePredicate {
    switch random.below(7) {
    case 0: stringPredicate()
    case 1: numberPredicate()
    case 2: boolPredicate()
    case 3: versionPredicate()
    case 4: choicePredicate()
    case 5: choicesPredicate()
    default: datePredicate()
    }
  }

  public static func quoted(_ s: String) -> String { "\"\(s)\"" }

  /// `positive` on a present value, false on missing; negated: its complement.
  public static func make(
    _ text: String, _ attribute: String, negated: Bool = false, _ positive: @escaping (OracleValue) -> Bool
  )
    -> OraclePredicate
  {
    OraclePredicate(text: text, attribute: attribute) { value in
      let holds = value.map(positive) ?? false
      return negated ? !holds : holds
    }
  }

  public mutating func stringPredicate() -> OraclePredicate {
    let literal = random.pick(Self.stringLiterals)
    let other = random.pick(Self.stringLiterals)
    let folded = random.chance(25)
    let suffix = folded ? " ignoring case" : ""
    func equal(_ s: String, _ l: String) -> Bool { s == l || (folded && s.lowercased() == l.lowercased()) }
    func string(_ v: OracleValue) -> String? { if case .string(let s) = v { s } else { nil } }
    switch random.below(8) {
    case 0, 1:
      let negated = random.chance(40)
      return Self.make("nick \(negated ? "!=" : "==") \(Self.quoted(literal))\(suffix)", "nick", negated: negated) {
        string($0).map { equal($0, literal) } ?? false
      }
    case 2:
      let negated = random.chance(40)
      let list = "[\(Self.quoted(literal)), \(Self.quoted(other))]"
      return Self.make("nick \(negated ? "not in" : "in") \(list)\(suffix)", "nick", negated: negated) {
        string($0).map { equal($0, literal) || equal($0, other) } ?? false
      }
    case 3:
      return Self.make("nick starts_with \(Self.quoted(literal))\(suffix)", "nick") {
        string($0).map { $0.hasPrefix(literal) || (folded && $0.lowercased().hasPrefix(literal.lowercased())) } ?? false
      }
    case 4:
      return Self.make("nick ends_with \(Self.quoted(literal))", "nick") { string($0)?.hasSuffix(literal) ?? false }
    case 5:
      let negated = random.chance(50)
      return Self.make(
        "nick \(negated ? "not contains" : "contains") \(Self.quoted(literal))", "nick", negated: negated
      ) {
        string($0).map { literal.isEmpty || $0.contains(literal) } ?? false
      }
    default:
      let pattern = random.pick([
        ("^a", OraclePattern.prefix("a")), ("b$", .suffix("b")), ("ab", .contains("ab")),
        ("^$", .empty), ("日", .contains("日")),
      ])
      return Self.make("nick matches /\(pattern.0)/", "nick") { string($0).map(pattern.1.matches) ?? false }
    }
  }

  public mutating func numberPredicate() -> OraclePredicate {
    let literal = random.pick(Self.numbers.filter { $0 < 1e9 })
    let other = random.pick(Self.numbers.filter { $0 < 1e9 })
    func number(_ v: OracleValue) -> Double? { if case .number(let n) = v { n } else { nil } }
    let text = Self.numberText
    switch random.below(4) {
    case 0, 1:
      let (op, compare) = random.pick(Self.comparisons)
      let negated = op == "!="
      return Self.make("score \(op) \(text(literal))", "score", negated: negated) {
        number($0).map { compare($0, literal) } ?? false
      }
    case 2:
      let negated = random.chance(40)
      return Self.make(
        "score \(negated ? "not in" : "in") [\(text(literal)), \(text(other))]", "score", negated: negated
      ) {
        number($0).map { $0 == literal || $0 == other } ?? false
      }
    default:
      let (low, high) = (min(literal, other), max(literal, other))
      return Self.make("score between \(text(low)) and \(text(high))", "score") {
        number($0).map { low <= $0 && $0 <= high } ?? false
      }
    }
  }

  public static func numberText(_ n: Double) -> String { n == n.rounded() ? String(Int(n)) : String(n) }

  /// Operators and their meaning; `!=` is the complement of `==` (the caller negates).
  public static let comparisons: [(String, @Sendable (Double, Double) -> Bool)] = [
    ("==", { $0 == $1 }), ("!=", { $0 == $1 }), ("<", { $0 < $1 }), ("<=", { $0 <= $1 }), (">", { $0 > $1 }),
    (">=", { $0 >= $1 }),
  ]

  public mutating func boolPredicate() -> OraclePredicate {
    let literal = random.chance(50)
    let negated = random.chance(30)
    return Self.make("flag \(negated ? "!=" : "==") \(literal)", "flag", negated: negated) { $0 == .bool(literal) }
  }

  public mutating func versionPredicate() -> OraclePredicate {
    let literal = random.pick(Self.versionLiterals)
    let parsed = OracleSemVer.parse(literal)!
    let (op, compare) = random.pick(Self.comparisons)
    return Self.make("ver \(op) \(literal)", "ver", negated: op == "!=") { value in
      guard case .version(let core, let pre) = value else { return false }
      let order = OracleSemVer.compare((core, pre), parsed)
      return compare(Double(order), 0)
    }
  }

  public mutating func choicePredicate() -> OraclePredicate {
    let literal = random.pick(Self.options)
    let other = random.pick(Self.options)
    switch random.below(2) {
    case 0:
      let negated = random.chance(40)
      return Self.make("tier \(negated ? "!=" : "==") \(literal)", "tier", negated: negated) { $0 == .choice(literal) }
    default:
      let negated = random.chance(40)
      return Self.make("tier \(negated ? "not in" : "in") [\(literal), \(other)]", "tier", negated: negated) {
        $0 == .choice(literal) || $0 == .choice(other)
      }
    }
  }

  public mutating func choicesPredicate() -> OraclePredicate {
    let literal = random.pick(Self.options)
    let other = random.pick(Self.options)
    func set(_ v: OracleValue) -> [String]? { if case .choices(let s) = v { s } else { nil } }
    switch random.below(5) {
    case 0: return Self.make("tags has \(literal)", "tags") { set($0)?.contains(literal) ?? false }
    case 1:
      return Self.make("tags has any [\(literal), \(other)]", "tags") {
        set($0).map { $0.contains(literal) || $0.contains(other) } ?? false
      }
    case 2:
      return Self.make("tags has all [\(literal), \(other)]", "tags") {
        set($0).map { $0.contains(literal) && $0.contains(other) } ?? false
      }
    case 3:
      let negated = random.chance(50)
      return Self.make("tags is \(negated ? "not empty" : "empty")", "tags", negated: negated) {
        set($0)?.isEmpty ?? false
      }
    default:
      let (op, compare) = random.pick(Self.comparisons)
      let count = Double(random.below(4))
      return Self.make("count(tags) \(op) \(Int(count))", "tags", negated: op == "!=") {
        set($0).map { compare(Double(Set($0).count), count) } ?? false
      }
    }
  }

  public mutating func datePredicate() -> OraclePredicate {
    let literal = Self.now - random.pick(Self.dayOffsets) * Self.day
    let other = Self.now - random.pick(Self.dayOffsets) * Self.day
    func date(_ v: OracleValue) -> Int64? { if case .date(let d) = v { d } else { nil } }
    switch random.below(5) {
    case 0: return Self.make("seen before \(literal)", "seen") { date($0).map { $0 < literal } ?? false }
    case 1: return Self.make("seen after \(literal)", "seen") { date($0).map { $0 > literal } ?? false }
    case 2:
      let (low, high) = (min(literal, other), max(literal, other))
      return Self.make("seen between \(low) and \(high)", "seen") { date($0).map { low <= $0 && $0 <= high } ?? false }
    case 3:
      let days = Int64(random.pick([1, 7, 30]))
      if random.chance(50) {
        return Self.make("seen within last \(days) days", "seen") {
          date($0).map { $0 <= Self.now && $0 >= Self.now - days * Self.day } ?? false
        }
      }
      return Self.make("seen more than \(days) days ago", "seen") {
        date($0).map { $0 < Self.now - days * Self.day } ?? false
      }
    default:
      let (op, compare) = random.pick(Self.comparisons)
      let years = Double(random.pick([0, 1, 10, 24]))
      return Self.make("years_since(seen) \(op) \(Int(years))", "seen", negated: op == "!=") {
        // Offsets are far from anniversaries, so whole years are days / 365.2425 truncated / 365.2425.
        date($0).map { compare(((Double(Self.now - $0) / Double(Self.day)) / 365.2425).rounded(.towardZero), years) }
          ?? false
      }
    }
  }
}
