/// Rewrites conditions to their three-valued meaning (``Dialect/adapty``) in the two-valued conditions the
/// engine evaluates.
///
/// Under Kleene's logic a condition is true, false or unknown, and a segment matches only when it is true. A
/// condition's *true* set is ``positive(_:)``, its *false* set ``negative(_:)``; both are ordinary conditions:
/// - a test of an attribute is true as it is (every positive test is false on a missing value), and false
///   when it does not hold *and the attribute is set*; `is set` is never unknown;
/// - a rollout is a test of the bucketing id: false when it does not admit a profile that has one;
/// - `not c` is true when `c` is false and false when `c` is true; `and`/`or` swap under negation (De Morgan);
/// - a segment reference is true when the segment matches (its rewritten condition) and false when the negative
///   form of the segment's condition holds, which is inlined.
///
/// So negations are pushed to the leaves (negation normal form, through segment references) and every negated
/// leaf on attribute `x` gains `x is set`. Conditions without `not` are unchanged.
struct ThreeValued {
  /// The segments' conditions as checked (before any rewrite), by index.
  let segments: [Condition]
  /// The negative form of each segment's condition, computed once.
  var negatedSegments: [Int: Condition] = [:]

  init(segments: [Condition]) { self.segments = segments }

  /// The condition that holds exactly when `condition` is true under three-valued logic.
  mutating func positive(_ condition: Condition) -> Condition {
    switch condition {
    case .all(let parts): return .all(parts.map { positive($0) })
    case .any(let parts): return .any(parts.map { positive($0) })
    case .not(let inner): return negative(inner)
    case .segment, .predicate, .rollout, .constant: return condition
    }
  }

  /// The condition that holds exactly when `condition` is false (known, not unknown) under three-valued logic.
  mutating func negative(_ condition: Condition) -> Condition {
    switch condition {
    case .all(let parts): return .any(parts.map { negative($0) })
    case .any(let parts): return .all(parts.map { negative($0) })
    case .not(let inner): return positive(inner)
    case .segment(let index):
      if let known = negatedSegments[index] { return known }
      let negated = negative(segments[index])
      negatedSegments[index] = negated
      return negated
    case .predicate(let predicate):
      if case .isSet = predicate.test { return .not(condition) }
      let isSet = Predicate(
        slot: predicate.slot, attribute: predicate.attribute, test: .isSet, text: "\(predicate.attribute) is set",
        span: predicate.span)
      return .all([.not(condition), .predicate(isSet)])
    case .rollout(let salt, _, _, _):
      // Every bucket is below 10,000: this rollout admits exactly the profiles with a bucketing id.
      return .all([.not(condition), .rollout(salt: salt, threshold: 10_000, text: "profile_id is set")])
    case .constant(let value): return .constant(!value)
    }
  }
}
