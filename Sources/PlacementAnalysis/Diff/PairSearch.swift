import PlacementCore

/// The row pairs of one placement at one stretch of time (see ``PlacementComparison``).
struct PairSearch {
  typealias Requirement = Reasoner.Requirement

  let comparison: PlacementComparison
  let oldSide: PlacementComparison.Side
  let newSide: PlacementComparison.Side
  let phase: PlacementComparison.Phase
  let matching: RowMatching
  let reasoner: Reasoner

  /// Compares every pair of deciding rows below `prefix`, recording transitions and undecided pairs; false when
  /// the time budget ran out (the caller stops).
  func run(prefix: Int, into findings: inout PlacementComparison.Findings) -> Bool {
    var relations = SegmentRelations(reasoner: reasoner)
    let oldRows = oldSide.decidingRows.filter { $0 >= prefix }
    let newRows = newSide.decidingRows.filter { $0 >= prefix }
    let oldRegions = Dictionary(uniqueKeysWithValues: oldRows.map { ($0, oldSide.regions($0)) })
    let newRegions = Dictionary(uniqueKeysWithValues: newRows.map { ($0, newSide.regions($0)) })
    for i in oldRows {
      for j in newRows {
        let combos = PlacementComparison.combos(
          oldSide.rows[i].content, newSide.rows[j].content, overridesKept: overridesKept(i, j))
        guard !combos.isEmpty else { continue }
        if ContinuousClock.now > comparison.deadline {
          findings.undecided.append("time budget exhausted: the remaining row pairs were not compared")
          return false
        }
        // The loosest pair of regions first; the stricter ones lie inside it.
        let candidates = oldRegions[i]!.flatMap { before in newRegions[j]!.map { before + $0 } }
        // A segment required to hold and not to hold (the same segment above one row and on the other) needs
        // no search.
        if PlacementComparison.contradicts(candidates[0]) { continue }
        var limit: ReasoningLimit? = nil
        switch reasoner.check(candidates[0]) {
        case .unsatisfiable: continue
        case .unknown(let reason): limit = reason
        case .satisfiable: break
        }
        let open = combos.filter { combo in
          !settle(combo, i, j, candidates: candidates, findings: &findings, relations: &relations)
        }
        guard let first = open.first else { continue }
        let at = phase.instant == comparison.now ? "" : "at \(phase.instant.iso8601): "
        let pair = "old \(comparison.describe(oldSide.rows, i)) → new \(comparison.describe(newSide.rows, j))"
        let more = open.count == 1 ? "" : " (and \(open.count - 1) more pair\(open.count == 2 ? "" : "s") of outcomes)"
        let reason =
          limit.map(PlacementComparison.reason)
          ?? "profiles reach both rows, but none was found that gets \(first.old) → \(first.new)\(more)"
        findings.undecided.append("\(at)\(pair): \(reason)")
      }
    }
    return true
  }

  /// True when old row `i` and new row `j` hold one test whose QA overrides did not change.
  func overridesKept(_ i: Int, _ j: Int) -> Bool {
    guard let t = PlacementComparison.test(oldSide.rows[i].content),
      let u = PlacementComparison.test(newSide.rows[j].content)
    else { return false }
    return t.name == u.name && t.isCrossPlacement == u.isCrossPlacement
      && !comparison.overridesChanged.contains(t.name)
  }

  /// Searches a profile decided by old row `i` and new row `j` with the combo's variations; true when one is
  /// resolved to exactly the combo's outcomes (every differing decision met on the way is recorded).
  func settle(
    _ combo: PlacementComparison.Combo, _ i: Int, _ j: Int, candidates: [[Requirement]],
    findings: inout PlacementComparison.Findings, relations: inout SegmentRelations
  ) -> Bool {
    let plans = plans(combo, i, j).filter { passable($0, i, j) }
    // Every way to the combo's variations is refuted: no profile gets them.
    if plans.isEmpty { return true }
    for plan in plans {
      for (k, region) in candidates.enumerated() {
        let requirements = region + plan.extra
        if PlacementComparison.contradicts(requirements) { continue }
        let answer = reasoner.check(requirements)
        guard let witness = answer.witness else {
          // No profile in the loosest region means none in the stricter ones.
          if k == 0, answer.isUnsatisfiable { break }
          continue
        }
        guard let profile = realize(witness, plan, requirements, i, j) else { continue }
        var resolved = profile.profile(comparison.merged.model.attributes)
        resolved.assignments = plan.assignments
        guard
          let before = try? comparison.oldRules.resolve(
            comparison.old.name, for: resolved, options: ResolveOptions(now: phase.instant)),
          let after = try? comparison.newRules.resolve(
            comparison.new.name, for: resolved, options: ResolveOptions(now: phase.instant))
        else { continue }
        // A placement override decides before every row (index -1): excluded from the regions, so only a
        // witness the reasoner could not place gets here.
        guard before.audience.index >= 0, after.audience.index >= 0 else { continue }
        let was = Outcome(before)
        let becomes = Outcome(after)
        if was != becomes {
          findings.record(transition(profile, plan.assignments, before, after, relations: &relations))
        }
        if was == combo.old && becomes == combo.new { return true }
      }
    }
    return false
  }

  /// The transition between two differing decisions for the witness, with its causes.
  func transition(
    _ witness: Witness, _ assignments: [String: String], _ before: Decision, _ after: Decision,
    relations: inout SegmentRelations
  ) -> Transition {
    let i = before.audience.index
    let j = after.audience.index
    let old = comparison.old.rows
    let new = comparison.new.rows
    let causes = matching.causes(
      old: i, new: j,
      bothTests: PlacementComparison.isTest(old[i].content) && PlacementComparison.isTest(new[j].content),
      matches: { reasoner.witness(witness, matches: $0) }, relation: { relations.relation(old: $0, new: $1) },
      oldRef: { comparison.ref(old, $0) }, newRef: { comparison.ref(new, $0) })
    var json = witness.json(comparison.merged.model.attributes)
    if !assignments.isEmpty, case .object(var members)? = try? JSONReader.parse(json) {
      members["assignments"] = .object(assignments.mapValues(JSONValue.string))
      json = serialized(.object(members), sortedKeys: true)
    }
    return Transition(
      placement: comparison.new.name, old: Outcome(before), new: Outcome(after), witness: json,
      now: phase.instant == comparison.now ? witness.now : phase.instant,
      oldRow: comparison.ref(old, i), newRow: comparison.ref(new, j), causes: causes)
  }
}
