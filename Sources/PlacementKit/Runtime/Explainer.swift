/// Finds, for a condition that is false, the first condition that made it false and the value seen there.
struct Explainer {
  let ruleSet: RuleSet
  let evaluator: Evaluator

  struct Failure {
    var condition: String
    var seen: String
  }

  func failure(of condition: Condition) -> Failure {
    switch condition {
    case .all(let parts):
      return parts.first { !evaluator.holds($0) }.map(failure) ?? Failure(condition: describe(condition), seen: "")
    case .any(let parts):
      let failures = parts.map(failure)
      return Failure(
        condition: failures.map(\.condition).joined(separator: " or "),
        seen: failures.map(\.seen).filter { !$0.isEmpty }.joined(separator: "; "))
    case .not(let inner):
      return Failure(condition: describe(condition), seen: values(in: inner).joined(separator: "; "))
    case .segment(let index):
      let inner = failure(of: ruleSet.conditions[index])
      return Failure(condition: "segment \(ruleSet.segments[index].name): \(inner.condition)", seen: inner.seen)
    case .predicate:
      return Failure(condition: describe(condition), seen: values(in: condition).joined(separator: "; "))
    case .rollout(let salt, let threshold, let text):
      guard let id = evaluator.profile.profileID else { return Failure(condition: text, seen: "no profile_id") }
      let bucket = Bucketing.rolloutBucket(salt: salt, profileID: id)
      return Failure(condition: text, seen: "rollout bucket \(bucket) of 10000 (admitted: below \(threshold))")
    case .constant(let value):
      return Failure(condition: String(value), seen: "")
    }
  }

  /// The condition as the rules spell it.
  func describe(_ condition: Condition) -> String {
    switch condition {
    case .all(let parts): parts.map(describe).joined(separator: " and ")
    case .any(let parts): "(" + parts.map(describe).joined(separator: " or ") + ")"
    case .not(.predicate(let predicate)) where predicate.isWrittenNegated: predicate.text
    case .not(let inner): "not (\(describe(inner)))"
    case .segment(let index): ruleSet.segments[index].name
    case .predicate(let predicate): predicate.text
    case .rollout(_, _, let text): text
    case .constant(let value): String(value)
    }
  }

  /// `attribute = value` for every attribute the condition reads (segments excluded).
  func values(in condition: Condition) -> [String] {
    switch condition {
    case .all(let parts), .any(let parts): return parts.flatMap(values)
    case .not(let inner): return values(in: inner)
    case .predicate(let predicate):
      let attribute = ruleSet.attributes[predicate.slot]
      return ["\(attribute.name) = \(evaluator.profile.values[predicate.slot].display(attribute.type))"]
    case .segment, .rollout, .constant: return []
    }
  }
}
