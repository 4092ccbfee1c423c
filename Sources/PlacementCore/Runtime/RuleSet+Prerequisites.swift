/// Deciding prerequisites (``PrerequisiteDefinition``) before a placement's rows are tried.
///
/// Each prerequisite a resolution needs is decided once, for the same profile at the same `now`, in dependency
/// order, and its option index (or missing) is written into its slot; the dependant's conditions then read it
/// like any `choice` attribute. Deciding a prerequisite records no exposure: it shows the profile nothing.
extension RuleSet {
  /// `profile` with every prerequisite of the rule set decided (nothing to do when the rules have none): for a
  /// caller that resolves several placements for one profile, so that each dependency is decided once. With
  /// `keepingRecord` false the profile does not keep what deciding resolved (``BoundProfile/prerequisiteRecord``,
  /// which only an explained decision reads): callers that never explain save its storage.
  package func decidingPrerequisites(_ profile: BoundProfile, now: Instant, keepingRecord: Bool = true)
    -> BoundProfile
  {
    guard !prerequisitePlan.isEmpty, !profile.prerequisitesDecided else { return profile }
    var decided = decidingPrerequisites(
      profile, prerequisitePlan.prerequisites.indices, now: now, keepingRecord: keepingRecord)
    decided.prerequisitesDecided = true
    return decided
  }

  /// `profile` forced as `options` say and with every prerequisite decided at its `now`: for a caller that
  /// resolves several placements of one profile with ``resolve(_:for:options:)``; `profile` itself when the rules
  /// have no prerequisite. The record of what deciding resolved is kept only when `options` explain.
  package func decidingPrerequisites(_ profile: BoundProfile, options: ResolveOptions) -> BoundProfile {
    guard !prerequisitePlan.isEmpty else { return profile }
    return decidingPrerequisites(
      forcing(profile, allowOverrides: options.allowOverrides), now: options.now, keepingRecord: options.explain)
  }

  /// `profile` with the prerequisites placement `index` reads decided, unless every one already is; with the
  /// record of what deciding resolved when `keepingRecord`.
  package func decidingPrerequisites(_ profile: BoundProfile, for index: Int, now: Instant, keepingRecord: Bool)
    -> BoundProfile
  {
    guard !prerequisitePlan.isEmpty, !profile.prerequisitesDecided, !prerequisitePlan.needs[index].isEmpty else {
      return profile
    }
    return decidingPrerequisites(profile, prerequisitePlan.needs[index], now: now, keepingRecord: keepingRecord)
  }

  /// Decides `needed` (indices in dependency order) one after the other into a copy of `profile`, and records
  /// what it resolved there (``BoundProfile/prerequisiteRecord``): each placement is resolved once, however many
  /// prerequisites read it (`content(a)` and `row(a)` read one resolution of `a`). A placement is first resolved
  /// after every prerequisite its rows read is decided, and no later decision changes what it reads, so a
  /// resolution kept for a later prerequisite is the one a new run would give.
  private func decidingPrerequisites(
    _ profile: BoundProfile, _ needed: some Sequence<Int>, now: Instant, keepingRecord: Bool
  ) -> BoundProfile {
    var profile = profile
    var memo = SegmentMemo(for: self)
    var record = PrerequisiteRecord(prerequisiteCount: keepingRecord ? prerequisitePlan.prerequisites.count : 0)
    for index in needed {
      let prerequisite = prerequisitePlan.prerequisites[index]
      let (option, source) = decide(prerequisite, for: profile, now: now, memo: &memo, record: &record)
      if keepingRecord { record.sources[index] = source }
      profile.values[prerequisite.slot] = option.map(Value.choice) ?? .missing
      if profile.scalars.indices.contains(prerequisite.slot) {
        profile.scalars[prerequisite.slot] = option.map(Scalar.choice) ?? .missing
      }
    }
    if keepingRecord { profile.prerequisiteRecord = record }
    return profile
  }

  /// The option index of `prerequisite` for `profile` (whose earlier prerequisites are decided), or nil; and the
  /// placement whose resolution gave the value, nil when none did (no placement drew a `variation` test). Each
  /// placement is resolved at most once into `record`.
  private func decide(
    _ prerequisite: PrerequisiteDefinition, for profile: BoundProfile, now: Instant, memo: inout SegmentMemo,
    record: inout PrerequisiteRecord
  ) -> (option: Int?, source: Int?) {
    for placement in prerequisite.placements {
      var trail = ExposureTrail()
      let resolution: Resolution
      if let kept = record.resolution(of: placement) {
        (resolution, trail) = kept
      } else {
        resolution = self.resolution(placement, for: profile, now: now, memo: &memo, observer: &trail)
        record.append(placement, resolution, trail)
      }
      let definition = placements[placement]
      switch prerequisite.kind {
      case .content:
        return (Self.contentID(of: resolution, in: definition).flatMap(prerequisite.options.index(of:)), placement)
      case .row:
        guard resolution.rowDecided else { return (nil, placement) }
        return (prerequisite.options.index(of: definition.rows[Int(resolution.row)].name), placement)
      case .variation:
        // A profile a cross-placement test kept out (in another test, not a new user) has no variation there.
        for drawn in trail.draws where !drawn.draw.isKeptOut {
          guard case .test(let test) = definition.rows[Int(drawn.row)].content, test.name == prerequisite.target
          else { continue }
          return (prerequisite.options.index(of: test.variations[Int(drawn.draw.variation)].id), placement)
        }
      }
    }
    return (nil, nil)
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

/// What deciding a profile's prerequisites resolved (``RuleSet/decidingPrerequisites(_:now:)``), kept so that
/// an explained decision lists those decisions (``Decision/prerequisites``) without resolving anything again.
struct PrerequisiteRecord: Sendable {
  /// Each resolution deciding ran, in order, with its exposure trail: a placement appears once, as deciding resolves
  /// each at most once.
  private(set) var resolved: [(placement: Int, resolution: Resolution, trail: ExposureTrail)] = []
  /// Per prerequisite (indices in ``PrerequisitePlan/prerequisites``): the placement whose resolution gave its
  /// value; nil when it was not decided, or when no placement gave it (no resolution drew a `variation` test).
  var sources: [Int?]

  init(prerequisiteCount: Int) {
    sources = Array(repeating: nil, count: prerequisiteCount)
  }

  /// Records the resolution of `placement`, which deciding made once.
  mutating func append(_ placement: Int, _ resolution: Resolution, _ trail: ExposureTrail) {
    resolved.append((placement, resolution, trail))
  }

  /// The recorded resolution of `placement`, or nil when deciding did not resolve it.
  func resolution(of placement: Int) -> (Resolution, ExposureTrail)? {
    resolved.first { $0.placement == placement }.map { ($0.resolution, $0.trail) }
  }
}
