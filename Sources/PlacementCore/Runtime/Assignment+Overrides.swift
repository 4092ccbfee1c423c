/// QA overrides and sticky assignments, as ``RuleSet/assign(_:profile:run:)`` and the resolution loop apply them
/// (docs/ABTests.md, "QA overrides" and "Sticky assignments").
extension RuleSet {
  /// The variation forced for `profile` in `test`: the profile's honoured run-time `force` for the test's name
  /// (``forcing(_:allowOverrides:)``), else the first rules-declared override of the test whose condition holds
  /// in `run`; nil when none applies. An index into ``ABTest/variations``.
  @inline(__always)
  func overridingVariation<Observer: EvaluationObserver>(
    _ test: ABTest, profile: borrowing BoundProfile, run: inout ProgramEvaluator<Observer>
  ) -> Int? {
    if let id = profile.forcedVariation(test.name), let index = test.variations.firstIndex(where: { $0.id == id }) {
      return index
    }
    guard !test.overrides.isEmpty else { return nil }
    // In the deciding run: the condition sees the run's `now`, shares its memo, and an explanation observes it.
    for override in test.overrides where run.segment(override.condition, profile) { return override.variation }
    return nil
  }

  /// The variation a profile carries for a sticky test's version, while the test still has it; nil otherwise
  /// (the profile then draws, and the new assignment is reported: ``newAssignments(_:)``).
  @inline(__always)
  func keptVariation(_ test: ABTest, profile: BoundProfile) -> Int? {
    guard !profile.assignments.isEmpty, let id = profile.assignments[test.versionID] else { return nil }
    return test.variations.firstIndex { $0.id == id }
  }

  /// The first of a placement's content overrides whose condition holds in this run (an index into
  /// ``PlacementDefinition/overrides``), evaluated before any row.
  func overridingContent<Observer: EvaluationObserver>(
    _ overrides: [PlacementOverride], run: inout ProgramEvaluator<Observer>, _ profile: BoundProfile
  ) -> Int? {
    for (index, override) in overrides.enumerated() where run.segment(override.condition, profile) { return index }
    return nil
  }

  /// `profile` with its run-time `force` honoured (with `allowOverrides`) or dropped. A dropped `force`, and a
  /// forced test or variation this rule set does not have, is a warning in every decision for the profile.
  /// Idempotent: a profile already passed through it is returned as it is (the batch path forces once per line).
  package func forcing(_ profile: BoundProfile, allowOverrides: Bool) -> BoundProfile {
    guard profile.hasUnjudgedForce else { return profile }
    var profile = profile
    force(&profile, allowOverrides: allowOverrides)
    return profile
  }

  /// ``forcing(_:allowOverrides:)`` in place: the batch path's, which copies nothing for a profile without `force`.
  package func force(_ profile: inout BoundProfile, allowOverrides: Bool) {
    guard profile.hasUnjudgedForce else { return }
    guard allowOverrides else {
      profile.judgeForce(honouring: [:])
      profile.warnings.append(
        "'force' ignored: run-time overrides need ResolveOptions.allowOverrides (placement resolve --allow-overrides)")
      return
    }
    var tests: [String: ABTest] = [:]
    for placement in placements {
      for row in placement.rows { if case .test(let test) = row.content { tests[test.name] = test } }
    }
    var problems: [String] = []
    var honoured: [String: String] = [:]
    for (name, id) in profile.force.sorted(by: { $0.key < $1.key }) {
      let shown = "'force': test '\(UntrustedText.escaped(name, limit: 60))'"
      guard let test = tests[name] else {
        problems.append("\(shown) is not in the rules; ignored")
        continue
      }
      guard test.variations.contains(where: { $0.id == id }) else {
        problems.append("\(shown) has no variation '\(UntrustedText.escaped(id, limit: 60))'; ignored")
        continue
      }
      honoured[name] = id
    }
    profile.judgeForce(honouring: honoured)
    // Capped like the binder's warnings: every decision repeats them.
    profile.warnings += BoundProfile.capped(problems)
  }

  /// ``newAssignments(_:)`` of the exposures a run of placement `placement` recorded in `trail`.
  package func newAssignments(_ trail: ExposureTrail, placement: Int) -> [String: String] {
    stickyVersions.isEmpty ? [:] : newAssignments(Self.exposures(trail, placement: placements[placement]))
  }

  /// The assignments to persist after a resolution: for each `sticky` test among `exposures` whose variation was
  /// drawn from a bucket (not kept, not forced, not unbucketed), `version_id` → variation id.
  public func newAssignments(_ exposures: some Sequence<Exposure>) -> [String: String] {
    var result: [String: String] = [:]
    guard !stickyVersions.isEmpty else { return result }
    for exposure in exposures where exposure.bucket != nil && stickyVersions.contains(exposure.versionID) {
      switch exposure.outcome {
      case .decided, .fellThrough, .holdout: result[exposure.versionID] = exposure.variation
      case .override, .sticky, .notNewUser, .inOtherTest: break
      }
    }
    return result
  }
}
