/// Deciding prerequisites (``PrerequisiteDefinition``) before a placement's rows are tried.
///
/// Each prerequisite a resolution needs is decided once, for the same profile at the same `now`, in dependency
/// order, and its option index (or missing) is written into its slot; the dependant's conditions then read it
/// like any `choice` attribute. Deciding a prerequisite records no exposure: it shows the profile nothing.
extension RuleSet {
  /// `profile` with every prerequisite of the rule set decided (nothing to do when the rules have none): for a
  /// caller that resolves several placements for one profile, so that each dependency is decided once.
  package func decidingPrerequisites(_ profile: BoundProfile, now: Instant) -> BoundProfile {
    guard !prerequisitePlan.isEmpty, !profile.prerequisitesDecided else { return profile }
    var decided = decidingPrerequisites(profile, prerequisitePlan.prerequisites.indices, now: now)
    decided.prerequisitesDecided = true
    return decided
  }

  /// `profile` forced as `options` say and with every prerequisite decided at its `now`: for a caller that
  /// resolves several placements of one profile with ``resolve(_:for:options:)``; `profile` itself when the rules
  /// have no prerequisite.
  package func decidingPrerequisites(_ profile: BoundProfile, options: ResolveOptions) -> BoundProfile {
    guard !prerequisitePlan.isEmpty else { return profile }
    return decidingPrerequisites(forcing(profile, allowOverrides: options.allowOverrides), now: options.now)
  }

  /// `profile` with the prerequisites placement `index` reads decided, unless every one already is.
  package func decidingPrerequisites(_ profile: BoundProfile, for index: Int, now: Instant) -> BoundProfile {
    guard !prerequisitePlan.isEmpty, !profile.prerequisitesDecided, !prerequisitePlan.needs[index].isEmpty else {
      return profile
    }
    return decidingPrerequisites(profile, prerequisitePlan.needs[index], now: now)
  }

  /// Decides `needed` (indices in dependency order) one after the other into a copy of `profile`.
  private func decidingPrerequisites(
    _ profile: BoundProfile, _ needed: some Sequence<Int>, now: Instant
  ) -> BoundProfile {
    var profile = profile
    var memo = SegmentMemo(for: self)
    for index in needed {
      let prerequisite = prerequisitePlan.prerequisites[index]
      let option = decide(prerequisite, for: profile, now: now, memo: &memo)
      profile.values[prerequisite.slot] = option.map(Value.choice) ?? .missing
      if profile.scalars.indices.contains(prerequisite.slot) {
        profile.scalars[prerequisite.slot] = option.map(Scalar.choice) ?? .missing
      }
    }
    return profile
  }

  /// The option index of `prerequisite` for `profile` (whose earlier prerequisites are decided), or nil.
  private func decide(
    _ prerequisite: PrerequisiteDefinition, for profile: BoundProfile, now: Instant, memo: inout SegmentMemo
  ) -> Int? {
    for placement in prerequisite.placements {
      var trail = ExposureTrail()
      let resolution = resolution(placement, for: profile, now: now, memo: &memo, observer: &trail)
      let definition = placements[placement]
      switch prerequisite.kind {
      case .content:
        return Self.contentID(of: resolution, in: definition).flatMap(prerequisite.options.index(of:))
      case .row:
        guard resolution.rowDecided else { return nil }
        return prerequisite.options.index(of: definition.rows[Int(resolution.row)].name)
      case .variation:
        // A profile a cross-placement test kept out (in another test, not a new user) has no variation there.
        for drawn in trail.draws where !drawn.draw.isKeptOut {
          guard case .test(let test) = definition.rows[Int(drawn.row)].content, test.name == prerequisite.target
          else { continue }
          return prerequisite.options.index(of: test.variations[Int(drawn.draw.variation)].id)
        }
      }
    }
    return nil
  }

  /// The id of the content `resolution` shows (a flow's or a paywall's), or nil for a holdout.
  package static func contentID(of resolution: Resolution, in placement: PlacementDefinition) -> String? {
    var content: Content
    if resolution.overrideDecided {
      content = placement.overrides[Int(resolution.override)].content
    } else if resolution.rowDecided {
      content = placement.rows[Int(resolution.row)].content
    } else {
      return nil
    }
    if case .test(let test) = content, resolution.isTest {
      content = test.variations[Int(resolution.variation)].content
    }
    return content.shownID
  }
}
