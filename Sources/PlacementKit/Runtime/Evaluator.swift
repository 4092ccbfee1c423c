/// Evaluates compiled conditions against a bound profile. Pure and synchronous; reads only its arguments.
struct Evaluator {
  let segments: [Condition]
  let profile: BoundProfile
  let now: Instant

  func holds(_ condition: Condition) -> Bool {
    switch condition {
    case .all(let parts):
      for part in parts where !holds(part) { return false }
      return true
    case .any(let parts):
      for part in parts where holds(part) { return true }
      return false
    case .not(let inner): return !holds(inner)
    case .segment(let index): return holds(segments[index])
    case .predicate(let predicate): return Self.test(predicate.test, profile.values[predicate.slot], now: now)
    case .rollout(let salt, let threshold, _):
      guard let id = profile.bucketingID else { return false }
      return Bucketing.rolloutBucket(salt: salt, profileID: id) < threshold
    case .constant(let value): return value
    }
  }

  /// One test on one value. Every positive test is false on a missing value (PRODUCT.md §4.1).
  static func test(_ test: ValueTest, _ value: Value, now: Instant) -> Bool {
    switch (test, value) {
    case (.isSet, _): return !value.isMissing
    case (_, .missing): return false
    case (.string(let match, let literals, let folded), .string(let s)):
      for literal in literals where matchString(s, match, literal) { return true }
      guard let folded else { return false }
      let lower = s.lowercased()
      for literal in folded where matchString(lower, match, literal) { return true }
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
    case (.dateWithinLast(let window), .date(let d)):
      return d <= now && d >= now.adding(milliseconds: -window)
    case (.dateOlderThan(let window), .date(let d)): return d < now.adding(milliseconds: -window)
    case (.yearsSince(let comparison, let literal), .date(let d)):
      return comparison.holds(Double(d.wholeYears(until: now)), literal)
    case (.choiceIn(let mask), .choice(let index)): return mask & (1 << UInt64(index)) != 0
    case (.choicesHasAll(let mask), .choices(let set)): return set & mask == mask
    case (.choicesHasEach(let groups), .choices(let set)):
      for group in groups where set & group == 0 { return false }
      return true
    case (.choicesHasAny(let mask), .choices(let set)): return set & mask != 0
    case (.choicesIsEmpty, .choices(let set)): return set == 0
    case (.choicesCount(let comparison, let literal), .choices(let set)):
      return comparison.holds(Double(set.nonzeroBitCount), literal)
    default: return false
    }
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
