import PlacementCore

/// Options of ``RulesDiff/compare(old:new:options:)``.
package struct DiffOptions: Sendable {
  /// The instant relative date conditions are evaluated at (witnesses and `--profiles`).
  package var now: Instant
  /// Wall-clock time the symbolic comparison may take; placements not reached are reported as
  /// ``PlacementDiff/Status/skipped`` (default 8 s, so a diff answers within the 10 s CI budget).
  package var timeBudget: Duration
  /// Ids tried as values of attributes tested `in list`: the ids that entered or left a changed list
  /// (``IdListChurn/candidates(_:)``), so a placement that uses the list is shown changed with a witness.
  package var listIds: [String] = []

  package init(now: Instant = Reasoner.defaultNow, timeBudget: Duration = .seconds(8)) {
    self.now = now
    self.timeBudget = timeBudget
  }
}

/// Why two rule sets cannot be compared.
package struct DiffError: Error, Sendable, CustomStringConvertible {
  /// `old` or `new`.
  package let side: String
  package var description: String { "the \(side) rules do not compile" }
}

/// `placement diff`: what a rules change will do, before it ships.
///
/// For each placement on both sides, every pair (old decision → new decision) some profile can reach is found
/// by the lint ``Reasoner`` over both rule sets' segments at once (attributes united by name, identically
/// written segments shared), with a witness profile that both rule sets resolve to exactly these decisions, the
/// rows that decided, and the causes (row added, removed, moved, segment narrowed/widened/changed, content or
/// test changed), at `now` and at every stretch of time where other windows are live (see
/// `PlacementComparison`). A placement is ``PlacementDiff/Status/equivalent`` only when every pair of rows
/// and variations is refuted, unless a QA override that applies at it changed
/// (``PlacementDiff/Status/overridesChanged``); what is neither refuted nor reached by a witness is listed as
/// undecided, and a placement with an undecided pair and no change is ``PlacementDiff/Status/unknown``. A/B
/// tests on both sides are compared by their draws: the exact share of the 100 buckets that change variation
/// (by id and by content) under a kept `version_id`, a new version re-drawing everyone, profiles leaving a test
/// (docs/Product.md §4.9).
package enum RulesDiff {
  /// Compares two compiled rule sets.
  /// - Throws: ``DiffError`` when either side has compile errors.
  package static func compare(old: Compilation, new: Compilation, options: DiffOptions = DiffOptions())
    throws(DiffError)
    -> DiffReport
  {
    guard let oldRules = old.ruleSet else { throw DiffError(side: "old") }
    guard let newRules = new.ruleSet else { throw DiffError(side: "new") }
    let merged = MergedModel(old: old.model, new: new.model)
    let reasoners = PhaseReasoners(
      model: merged.model, now: options.now,
      conditions: Array(merged.oldOverrides.values) + Array(merged.newOverrides.values), listIds: options.listIds)
    let profileSlot = merged.model.attributes.first { $0.name == "profile_id" }?.slot ?? 0
    let deadline = ContinuousClock.now + options.timeBudget
    let oldByName = Dictionary(oldRules.placements.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let newNames = Set(newRules.placements.map(\.name))
    let overrideChanges = OverrideChanges.changes(old: old.model, new: new.model)
    let overriddenTests = Set(overrideChanges.map(\.0.target))
    var placements: [PlacementDiff] = []
    var sameDecidingRows: Set<String> = []
    for placement in newRules.placements {
      guard let was = oldByName[placement.name] else { continue }
      let overrides = OverrideChanges.applying(overrideChanges, old: was, new: placement)
      if ContinuousClock.now > deadline {
        placements.append(
          PlacementDiff(
            name: placement.name, status: .skipped, transitions: [],
            undecided: ["time budget (\(options.timeBudget)) exhausted before this placement"], overrides: overrides))
        continue
      }
      let comparison = PlacementComparison(
        merged: merged, reasoners: reasoners, oldRules: oldRules, newRules: newRules, old: was, new: placement,
        now: options.now, profileSlot: profileSlot, deadline: deadline, overridesChanged: overriddenTests)
      if comparison.sameDecidingRows { sameDecidingRows.insert(placement.name) }
      var diff = comparison.run().with(overrides: overrides)
      diff.runningTests = PlacementFacts.tests(was).intersection(PlacementFacts.tests(placement)).sorted()
      diff.newContentIDs = PlacementFacts.contentIDs(placement).sorted()
      placements.append(diff)
    }
    placements = followingPrerequisites(
      placements, old: oldRules, new: newRules, sameDecidingRows: sameDecidingRows, now: options.now)
    let transitions = placements.flatMap(\.transitions)
    let draws = TestSafety.findings(old: oldRules.placements, new: newRules.placements, transitions: transitions)
    for index in placements.indices {
      placements[index].reassignments = Self.reassignments(placements[index], draws)
    }
    let oldSites = TestSafety.sites(oldRules.placements)
    var report = DiffReport(
      placements: placements,
      addedPlacements: newRules.placements.map(\.name).filter { oldByName[$0] == nil },
      removedPlacements: oldRules.placements.map(\.name).filter { !newNames.contains($0) },
      tests: draws
        + TestSafety.departures(
          transitions, crossPlacement: Set(oldSites.filter { $0.sites[0].test.isCrossPlacement }.map(\.key)))
        + OverrideChanges.findings(overrideChanges),
      conflictingAttributes: merged.conflictingAttributes)
    report.configChanges = ConfigChanges.changes(old: oldRules, new: newRules)
    return report
  }

  /// The findings of tests whose draw changed under the same version (a re-assignment, a rename, a sticky
  /// re-weighting) that move profiles at this placement: a transition of the placement stays in the test with
  /// another variation. Each keeps the test's exact fractions.
  static func reassignments(_ placement: PlacementDiff, _ findings: [TestFinding]) -> [TestFinding] {
    findings.filter { finding in
      guard (finding.reassignedFraction ?? 0) > 0 else { return false }
      return placement.transitions.contains { transition in
        guard let name = transition.old.testName, transition.new.testName == name, transition.old != transition.new
        else { return false }
        return finding.test == name || finding.test == "\(placement.name)/\(name)"
      }
    }
  }
}
