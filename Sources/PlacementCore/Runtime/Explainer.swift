/// Explains why a row's segment did not match by reading the run that decided: the ``NodeResults`` an observed
/// ``ProgramEvaluator`` recorded. It never evaluates anything itself, so an explanation cannot contradict the
/// decision it explains. It walks each folded condition and its program nodes side by side (the program has one
/// node per condition node, in prefix order).
struct Explainer {
  let ruleSet: RuleSet
  let results: NodeResults
  let profile: BoundProfile
  /// The run's `now`, which picks a ramp's step.
  let now: Instant

  struct Failure {
    var condition: String
    var seen: String
  }

  /// Why segment `segment` did not hold in the run.
  func failure(ofSegment segment: Int) -> Failure {
    failure(of: ruleSet.conditions[segment], at: Int(ruleSet.program.roots[segment]))
  }

  /// For a condition the run found false at node `index`: the first condition that made it false, and the
  /// values seen there.
  func failure(of condition: Condition, at index: Int) -> Failure {
    switch condition {
    case .all(let parts):
      for (part, child) in zip(parts, children(of: index)) where results.result(child) == false {
        return failure(of: part, at: child)
      }
      return Failure(condition: describe(condition), seen: "")
    case .any(let parts):
      let failures = zip(parts, children(of: index)).map { failure(of: $0, at: $1) }
      return Failure(
        condition: failures.map(\.condition).joined(separator: " or "),
        seen: failures.map(\.seen).filter { !$0.isEmpty }.joined(separator: "; "))
    case .not(let inner):
      return Failure(condition: describe(condition), seen: values(in: inner).joined(separator: "; "))
    case .segment(let segment):
      let inner = failure(ofSegment: segment)
      return Failure(condition: "segment \(ruleSet.segments[segment].name): \(inner.condition)", seen: inner.seen)
    case .predicate:
      return Failure(condition: describe(condition), seen: values(in: condition).joined(separator: "; "))
    case .rollout(let salt, let threshold, let text, let steps):
      guard let id = profile.profileID else { return Failure(condition: text, seen: "no profile_id") }
      let bucket = Bucketing.rolloutBucket(salt: salt, profileID: id)
      guard !steps.isEmpty else {
        return Failure(condition: text, seen: "rollout bucket \(bucket) of 10000 (admitted: below \(threshold))")
      }
      return Failure(condition: text, seen: "rollout bucket \(bucket) of 10000 (\(Self.rampStep(steps, at: now)))")
    case .constant(let value):
      return Failure(condition: String(value), seen: "")
    }
  }

  /// The node indices of the children of the `and`/`or` node at `index`.
  func children(of index: Int) -> [Int] {
    let nodes = ruleSet.program.nodes
    var child = index + 1
    var found: [Int] = []
    for _ in 0..<nodes[index].childCount {
      found.append(child)
      child = Int(nodes[child].end)
    }
    return found
  }

  /// The condition as the rules spell it.
  func describe(_ condition: Condition) -> String {
    switch condition {
    case .all(let parts): parts.map(describe).joined(separator: " and ")
    case .any(let parts): "(" + parts.map(describe).joined(separator: " or ") + ")"
    case .not(.predicate(let predicate)) where predicate.isWrittenNegated: predicate.text
    case .not(let inner): "not (\(describe(inner)))"
    case .segment(let index): ruleSet.segments[index].name
    // A written negation whose `not` was folded away (`not (x != a)`): its text is the negated form.
    case .predicate(let predicate) where predicate.isWrittenNegated: "not (\(predicate.text))"
    case .predicate(let predicate): predicate.text
    case .rollout(_, _, let text, _): text
    case .constant(let value): String(value)
    }
  }

  /// `attribute = value` for every attribute the condition reads (segments excluded), as the run saw them.
  func values(in condition: Condition) -> [String] {
    switch condition {
    case .all(let parts), .any(let parts): return parts.flatMap(values)
    case .not(let inner): return values(in: inner)
    case .predicate(let predicate):
      let attribute = ruleSet.attributes[predicate.slot]
      return ["\(attribute.name) = \(profile.values[predicate.slot].display(attribute.type))"]
    case .segment, .rollout, .constant: return []
    }
  }
}
