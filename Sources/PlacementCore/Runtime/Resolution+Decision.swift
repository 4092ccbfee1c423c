/// Building ``Decision`` values from index ``Resolution``s: only for callers that ask for one.
extension RuleSet {
  /// The decision a resolution stands for, with its exposures (from `trail`, the tests the same run drew in),
  /// the profile's warnings and, with explain, the explanation (and the warnings only an explanation shows) and
  /// the rules' declared dialect.
  package func decision(
    _ resolution: Resolution, trail: ExposureTrail, for profile: BoundProfile, explanation: [RowTrace]?
  ) -> Decision {
    var decision = undialectedDecision(resolution, trail: trail, for: profile, explanation: explanation)
    if explanation != nil, declaresDialect { decision.dialect = dialect }
    return decision
  }

  func undialectedDecision(
    _ resolution: Resolution, trail: ExposureTrail, for profile: BoundProfile, explanation: [RowTrace]?
  ) -> Decision {
    let placement = placements[Int(resolution.placement)]
    var warnings = profile.warnings
    if profile.bucketingID == nil { warnings += unbucketedTestWarnings(trail, placement: placement, profile) }
    if profile.bucketingID == nil { warnings += unbucketedLayerWarnings(trail, placement: placement, profile) }
    // Explained only: a plain decision would repeat it for every profile that never sends the member.
    if explanation != nil { warnings += unknownFirstPaywallWarnings(trail, placement: placement, profile) }
    let exposures = exposures(trail, placement: placement)
    let reason = reason(resolution)
    if resolution.overrideDecided {
      return withConfig(
        overrideDecision(
          resolution, placement: placement, profile: profile, warnings: warnings, explained: explanation != nil),
        for: profile)
    }
    guard resolution.rowDecided else {
      warnings.append("no row of placement '\(placement.name)' decided; showing nothing")
      let audience = Audience(index: placement.rows.count - 1, name: "default", segment: nil)
      return Decision(
        placement: placement.name, profileID: profile.profileID, audience: audience, content: .holdout,
        abTest: nil, reason: reason, exposures: exposures, warnings: warnings, explanation: explanation)
    }
    let row = placement.rows[Int(resolution.row)]
    let (content, assignment) = Self.content(row.content, resolution.draw)
    let audience = Audience(
      index: Int(resolution.row), name: row.name, segment: row.segment.map { segments[$0].conditionText })
    let decision = Decision(
      placement: placement.name, profileID: profile.profileID, audience: audience, content: Self.shown(content),
      abTest: assignment, reason: reason, exposures: exposures, warnings: warnings, explanation: explanation)
    return withConfig(decision, for: profile)
  }

  /// The decision of a placement's content override: its content, audience `override` (index -1, the override's
  /// condition as its segment), reason `OVERRIDE`, no exposures; with explain, one trace saying so.
  func overrideDecision(
    _ resolution: Resolution, placement: PlacementDefinition, profile: BoundProfile, warnings: [String], explained: Bool
  ) -> Decision {
    let forced = placement.overrides[Int(resolution.override)]
    let condition = conditionText(ofOverride: forced.condition)
    let audience = Audience(index: -1, name: "override", segment: condition)
    let trace = RowTrace(
      index: -1, name: "override", outcome: .decided(reason: "forced by an override for \(condition)"))
    return Decision(
      placement: placement.name, profileID: profile.profileID, audience: audience, content: Self.shown(forced.content),
      abTest: nil, reason: .override, exposures: [], warnings: warnings, explanation: explained ? [trace] : nil)
  }

  /// The condition of the override whose program condition is `condition`, as written.
  func conditionText(ofOverride condition: Int) -> String { overrideConditionTexts[condition - segments.count] }

  /// The decision's reason (``DecisionReason``: the first case that applies, in its declaration order).
  package func reason(_ resolution: Resolution) -> DecisionReason {
    let placement = placements[Int(resolution.placement)]
    if resolution.overrideDecided { return .override }
    guard resolution.rowDecided else { return .defaultRow }
    let row = placement.rows[Int(resolution.row)]
    if let draw = resolution.draw, case .test(let test) = row.content {
      switch draw.source {
      case .override: return .override
      case .sticky: return .sticky
      case .notNewUser, .inOtherTest: break  // never decides
      case .drawn, .unbucketed:
        if case .holdout = test.variations[Int(draw.variation)].content { return .disabled }
        return .split
      }
    }
    if case .holdout = row.content { return .disabled }
    if resolution.scheduledOut { return .scheduledOut }
    if resolution.capped { return .capped }
    if resolution.prerequisiteFailed { return .prerequisiteFailed }
    if placement.rows.count == 1 { return .staticContent }
    return row.segment == nil ? .defaultRow : .targetingMatch
  }

  /// The exposures of a run's trail, in evaluation order.
  func exposures(_ trail: ExposureTrail, placement: PlacementDefinition) -> [Exposure] {
    Array(Self.exposures(trail, placement: placement))
  }

  /// The exposures of a run's trail, lazily (the batch encoder writes them without an array).
  package static func exposures(_ trail: ExposureTrail, placement: PlacementDefinition)
    -> some Collection<Exposure>
  {
    trail.draws.lazy.compactMap { tried -> Exposure? in
      guard case .test(let test) = placement.rows[Int(tried.row)].content else { return nil }
      return exposure(test, tried.draw, fellThrough: tried.fellThrough)
    }
  }

  /// One exposure: the test, the variation drawn (or forced, or kept) and how it ended.
  package static func exposure(_ test: ABTest, _ draw: Draw, fellThrough: Bool) -> Exposure {
    guard !draw.isKeptOut else {
      return Exposure(
        test: test.name, versionID: test.versionID, variation: "", bucket: nil,
        outcome: draw.source == .notNewUser ? .notNewUser : .inOtherTest)
    }
    let variation = test.variations[Int(draw.variation)]
    return Exposure(
      test: test.name, versionID: test.versionID, variation: variation.id,
      bucket: draw.hasBucket ? Int(draw.bucket) : nil,
      outcome: ExposureOutcome(draw.source, variation.content, fellThrough: fellThrough))
  }

  /// A row's content with the drawn variation applied, and the A/B assignment when the row is a test.
  static func content(_ content: Content, _ draw: Draw?) -> (Content, ABAssignment?) {
    guard case .test(let test) = content, let draw else { return (content, nil) }
    let chosen = test.variations[Int(draw.variation)]
    let assignment = ABAssignment(
      name: test.name, versionID: test.versionID, variation: chosen.id,
      bucket: draw.hasBucket ? Int(draw.bucket) : nil)
    return (chosen.content, assignment)
  }

  /// Content that decides, as shown (falling-through content never decides).
  static func shown(_ content: Content) -> ShownContent {
    switch content {
    case .flow(let id, let paywall): .flow(id: id, paywall: paywall)
    case .paywall(let id): .paywall(id: id)
    case .holdout, .fallthrough_, .test: .holdout
    }
  }

  /// For a profile without a usable `profile_id` (missing, empty or blank; ``BoundProfile/bucketingID``): one
  /// warning per test the run gave a variation without a bucket (the deciding row's, and those of matched test
  /// rows that fell through before it), read from the run's trail.
  func unbucketedTestWarnings(_ trail: ExposureTrail, placement: PlacementDefinition, _ profile: BoundProfile)
    -> [String]
  {
    trail.draws.compactMap { tried in
      guard tried.draw.source == .unbucketed, case .test(let test) = placement.rows[Int(tried.row)].content else {
        return nil
      }
      let problem = profile.profileID == nil ? "has no profile_id" : "has an empty or blank profile_id"
      return "profile \(problem): test '\(test.name)' cannot bucket it; first variation in draw order taken"
    }
  }

  /// The explanation of an observed resolution: one trace per row tried, in priority order.
  func explanation(of observer: ExplainObserver, placement index: Int, profile: BoundProfile, now: Instant)
    -> [RowTrace]
  {
    let rows = placements[index].rows
    // The values an explanation shows were all kept: only a batch's storage keeps fewer, and it never explains.
    precondition(profile.keepsEveryValue, "an explained profile keeps every value")
    var seen = profile
    if let log = profile.eventLog {
      // The event slots as the run derived them at `now`.
      for (slot, query) in program.eventQueries { seen.values[slot] = log.value(query, now: now) }
    }
    let explainer = Explainer(ruleSet: self, results: observer.nodes, profile: seen, now: now)
    return observer.rows.map { tried in
      let row = rows[tried.row]
      switch tried.outcome {
      case .notMatched:
        let failure = explainer.failure(ofSegment: tried.segment ?? 0)
        return RowTrace(
          index: tried.row, name: row.name, outcome: .notMatched(condition: failure.condition, seen: failure.seen))
      case .scheduledOut:
        return RowTrace(index: tried.row, name: row.name, outcome: .scheduledOut(reason: scheduleReason(row)))
      case .capped(let shown, let limit):
        let window = row.cap.map { " in the last \($0.windowText)" } ?? ""
        return RowTrace(
          index: tried.row, name: row.name, outcome: .capped(reason: "capped (\(shown) of \(limit)\(window))"))
      case .outsideLayer:
        return RowTrace(index: tried.row, name: row.name, outcome: .outsideLayer(reason: layerReason(row, profile)))
      case .notNewUser:
        let reason = crossPlacementReason(row, tried.outcome, profile, now: now)
        return RowTrace(index: tried.row, name: row.name, outcome: .notNewUser(reason: reason))
      case .inOtherTest:
        let reason = crossPlacementReason(row, tried.outcome, profile, now: now)
        return RowTrace(index: tried.row, name: row.name, outcome: .inOtherTest(reason: reason))
      case .fellThrough(let draw):
        let assignment = Self.content(row.content, draw).1
        let reason = assignment.map { "\(Self.describe($0, draw)) falls through" } ?? "the row's content is fallthrough"
        return RowTrace(index: tried.row, name: row.name, outcome: .fellThrough(reason: reason))
      case .decided(let draw):
        let (content, assignment) = Self.content(row.content, draw)
        var reason = assignment.map { Self.describe($0, draw) }
        if case .holdout = content { reason = (reason.map { $0 + ": " } ?? "") + "holdout, nothing shown" }
        return RowTrace(index: tried.row, name: row.name, outcome: .decided(reason: reason))
      }
    }
  }

  /// `variation 'b' of test 't' (bucket 42)`, for explanations; the parenthesis says how the variation was chosen.
  static func describe(_ assignment: ABAssignment, _ draw: Draw?) -> String {
    let how =
      switch draw?.source ?? .drawn {
      case .drawn: assignment.bucket.map { "bucket \($0)" } ?? "no bucket"
      case .unbucketed: "no profile_id, first in draw order"
      case .override: "forced by an override"
      case .sticky: "kept from the profile's assignment"
      case .notNewUser, .inOtherTest: "kept out"
      }
    return "variation '\(assignment.variation)' of test '\(assignment.name)' (\(how))"
  }

  /// Why a row whose segment matched was skipped by its schedule, for explanations.
  /// `scheduled from 2026-12-20T00:00:00+01:00 until 2027-01-05T00:00:00+01:00` (the row's schedule intersected
  /// with its test's, bounds as written).
  func scheduleReason(_ row: AudienceRow) -> String {
    row.effectiveSchedule.map { "scheduled \($0)" } ?? "the row is outside its schedule"
  }
}

extension ExposureOutcome {
  /// The outcome of a variation chosen by `source`, whose content is `content`, that fell through or decided.
  package init(_ source: AssignmentSource, _ content: Content, fellThrough: Bool) {
    switch source {
    case .override: self = .override
    case .sticky: self = .sticky
    case .notNewUser: self = .notNewUser
    case .inOtherTest: self = .inOtherTest
    case .drawn, .unbucketed:
      if fellThrough {
        self = .fellThrough
      } else if case .holdout = content {
        self = .holdout
      } else {
        self = .decided
      }
    }
  }
}
