/// The meaning of a test: the one definition of what each ``ValueTest`` says about a ``Value``.
///
/// The compiled ``Program`` evaluates `.generic` steps with it, calls its functions for the tests relative to
/// `now` and `count`, and mirrors it, case for case, in its fast steps over ``Scalar``s
/// (`ProgramDifferentialTests` holds the two together against a naive oracle); the lint reasoner's solvers check
/// their candidate values with it.
extension ValueTest {
  /// Whether the test holds for `value` at `now`. Every positive test is false on a missing value; `isSet` tests
  /// presence (docs/Product.md §4.1).
  package func holds(_ value: Value, now: Instant) -> Bool {
    switch (self, value) {
    case (.isSet, _): return !value.isMissing
    case (_, .missing): return false
    case (.string(let match, let literals, let folded), .string(let s)):
      for literal in literals where Self.matchString(s, match, literal) { return true }
      guard let folded else { return false }
      let lower = s.lowercased()
      for literal in folded where Self.matchString(lower, match, literal) { return true }
      return false
    case (.matches(let pattern), .string(let s)): return pattern.matches(s)
    case (.number(let comparison, let literal), .number(let n)): return comparison.holds(n, literal)
    case (.numberIn(let literals), .number(let n)): return literals.contains(n)
    case (.numberBetween(let low, let high), .number(let n)): return low <= n && n <= high
    case (.bool(let literal), .bool(let b)): return b == literal
    case (.version(let comparison, let literal), .version(let v)): return comparison.holds(v, literal)
    case (.versionIn(let literals), .version(let v)): return literals.contains(v)
    case (.date(let comparison, let literal), .date(let d)): return comparison.holds(d, literal)
    case (.dateBetween(let low, let high), .date(let d)): return low <= d && d <= high
    case (.dateWithinLast(let window), .date(let d)): return Self.dateWithinLast(d, window, now: now)
    case (.dateOlderThan(let window), .date(let d)): return Self.dateOlderThan(d, window, now: now)
    case (.yearsSince(let comparison, let literal), .date(let d)):
      return Self.yearsSince(d, comparison, literal, now: now)
    case (.choiceIn(let mask), .choice(let index)): return mask & (1 << UInt64(index)) != 0
    case (.choicesHasAll(let mask), .choices(let set)): return set & mask == mask
    case (.choicesHasEach(let groups), .choices(let set)):
      for group in groups where set & group == 0 { return false }
      return true
    case (.choicesHasAny(let mask), .choices(let set)): return set & mask != 0
    case (.choicesIsEmpty, .choices(let set)): return set == 0
    case (.choicesCount(let comparison, let literal), .choices(let set)):
      return Self.choicesCount(set, comparison, literal)
    case (.idList(_, let list), .string(let s)): return list.contains(s)
    default: return false
    }
  }

  /// `within last`: `d` is not after `now`, and at most `window` milliseconds before it.
  @inline(__always)
  static func dateWithinLast(_ d: Instant, _ window: Int64, now: Instant) -> Bool {
    d <= now && d >= now.adding(milliseconds: -window)
  }

  /// `older than`: `d` is more than `window` milliseconds before `now`.
  @inline(__always)
  static func dateOlderThan(_ d: Instant, _ window: Int64, now: Instant) -> Bool {
    d < now.adding(milliseconds: -window)
  }

  /// `years_since(d)` compared with `literal`: the whole years from `d` to `now`.
  @inline(__always)
  static func yearsSince(_ d: Instant, _ comparison: Comparison, _ literal: Double, now: Instant) -> Bool {
    comparison.holds(Double(d.wholeYears(until: now)), literal)
  }

  /// `count(set)` compared with `literal`: the number of options in the set.
  @inline(__always)
  static func choicesCount(_ set: UInt64, _ comparison: Comparison, _ literal: Double) -> Bool {
    comparison.holds(Double(set.nonzeroBitCount), literal)
  }

  @inline(__always)
  static func matchString(_ subject: String, _ match: StringMatch, _ literal: String) -> Bool {
    switch match {
    case .equal: subject == literal
    case .startsWith: subject.hasPrefix(literal)
    case .endsWith: subject.hasSuffix(literal)
    case .contains: literal.isEmpty || subject.contains(literal)
    }
  }
}
