// libFuzzer target `binder`: the JSON-bytes binder (`RuleSet.bind(jsonBytes:)`) against its reference, and the
// explanation against the decision, on the rule set of Rules/
// (`fuzzRuleSet`, shared with the `resolve` target).
//
// Built by scripts/fuzz.sh with the engine's sources (PlacementCore, PlacementKit/API) in one module (no `import`).
// Invariants checked on every input:
// - the binder's fast byte path, when it takes the input, binds exactly what the reference path
//   `bind(try Profile(jsonBytes:))` binds (profile id, values, scalars, warnings); `bind(jsonBytes:)` throws
//   exactly when the reference throws, with the same error, and otherwise binds the same;
// - at every placement the decisions of both bindings are equal, with and without explain;
// - with explain, the decision is the one without explain (row, content, variation, bucket, warnings), and the
//   explanation tries rows in increasing priority, every row before the deciding one not-matched or fell-through,
//   and ends with the deciding row, which says decided.

import Foundation

/// Inputs seen, bound by the reference path, and taken by the fast path (printed at exit when
/// `PLACEMENT_FUZZ_STATS` is set: `scripts/fuzz.sh binder stats` replays the corpus this way), to show that the
/// comparison is not vacuous.
nonisolated(unsafe) var binderStats = (inputs: 0, bound: 0, fast: 0)

let binderStatsAtExit: Void = reportAtExitForStats {
  let s = binderStats
  fputs("binder corpus: \(s.inputs) inputs, \(s.bound) bind, \(s.fast) bound by the fast path\n", stderr)
}

func fuzzBinder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  _ = binderStatsAtExit
  binderStats.inputs += 1
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let ruleSet = fuzzRuleSet
  let reference: Result<BoundProfile, ProfileError> = Result { () throws(ProfileError) in
    ruleSet.bind(try Profile(jsonBytes: bytes))
  }
  let bound: Result<BoundProfile, ProfileError> = Result { () throws(ProfileError) in
    try ruleSet.bind(jsonBytes: bytes)
  }
  let fast = ruleSet.binder.bind(UnsafeBufferPointer(rebasing: bytes[Profile.byteOrderMarkLength(bytes)...]), limits: .default)
  switch (reference, bound) {
  case (.failure(let expected), .failure(let actual)):
    precondition(fast == nil, "the fast path bound a profile the reference rejects: \(expected)")
    precondition(expected == actual, "bind(jsonBytes:) threw \(actual), the reference \(expected)")
    return 0
  case (.failure(let expected), .success):
    preconditionFailure("bind(jsonBytes:) bound a profile the reference rejects: \(expected)")
  case (.success, .failure(let actual)):
    preconditionFailure("bind(jsonBytes:) threw \(actual) for a profile the reference binds")
  case (.success(let expected), .success(let actual)):
    binderStats.bound += 1
    if let fast {
      binderStats.fast += 1
      checkSameBinding(fast, expected)
    }
    checkSameBinding(actual, expected)
    checkDecisions(actual, expected, ruleSet)
  }
  return 0
}

/// The binding of the fast path (or of `bind(jsonBytes:)`) is the reference binding.
private func checkSameBinding(_ actual: BoundProfile, _ expected: BoundProfile) {
  precondition(actual.profileID == expected.profileID, "profile_id \(String(describing: actual.profileID)), reference \(String(describing: expected.profileID))")
  precondition(actual.values.count == expected.values.count, "one value per attribute slot")
  for slot in expected.values.indices where actual.values[slot] != expected.values[slot] {
    preconditionFailure("slot \(slot) (\(fuzzRuleSet.attributes[slot].name)) bound \(actual.values[slot]), reference \(expected.values[slot])")
  }
  precondition(actual.scalars == expected.scalars, "scalars differ from the reference")
  precondition(actual.warnings == expected.warnings, "warnings \(actual.warnings), reference \(expected.warnings)")
  precondition(actual.ruleSetVersion == expected.ruleSetVersion, "bound by another rule set")
}

/// Decisions agree between the two bindings, and each explanation with its decision.
private func checkDecisions(_ actual: BoundProfile, _ expected: BoundProfile, _ ruleSet: RuleSet) {
  let now = Instant(millisecondsSince1970: 1_764_460_800_000)
  let plain = ResolveOptions(now: now, explain: false), explained = ResolveOptions(now: now, explain: true)
  for placement in ruleSet.placements.indices {
    let decision = ruleSet.resolve(placement, for: actual, options: plain)
    let explainedDecision = ruleSet.resolve(placement, for: actual, options: explained)
    precondition(decision == ruleSet.resolve(placement, for: expected, options: plain), "decision differs from the reference binding's")
    precondition(explainedDecision == ruleSet.resolve(placement, for: expected, options: explained), "explained decision differs from the reference binding's")
    precondition(decision.explanation == nil, "an explanation without explain")
    precondition(
      decision.placement == explainedDecision.placement && decision.profileID == explainedDecision.profileID
        && decision.audience == explainedDecision.audience && decision.content == explainedDecision.content
        && decision.abTest == explainedDecision.abTest && decision.warnings == explainedDecision.warnings,
      "explain changed the decision: \(decision) versus \(explainedDecision)")
    checkExplanation(explainedDecision)
  }
}

/// The explanation ends with the deciding row, which says decided; every row before it did not decide.
private func checkExplanation(_ decision: Decision) {
  guard let trace = decision.explanation, let last = trace.last else {
    preconditionFailure("explain gave no rows for \(decision.placement)")
  }
  precondition(last.index == decision.audience.index && last.name == decision.audience.name, "the last row tried is not the deciding row")
  guard case .decided = last.outcome else { preconditionFailure("the deciding row's trace says \(last.outcome)") }
  for (row, next) in zip(trace, trace.dropFirst()) {
    precondition(row.index < next.index, "rows tried out of priority order: \(row.index) then \(next.index)")
    if case .decided = row.outcome { preconditionFailure("row \(row.index) says decided before the deciding row \(last.index)") }
  }
}

#if !PLACEMENT_FUZZ_ALL
@_cdecl("LLVMFuzzerTestOneInput")
public func binderEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt { fuzzBinder(data, size) }
#endif
