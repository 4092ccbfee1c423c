/// Building ``Decision`` values from index ``Resolution``s: only for callers that ask for one.
extension RuleSet {
  /// The decision a resolution (at `now`) stands for, with the profile's warnings and, with explain, the explanation.
  func decision(_ resolution: Resolution, for profile: BoundProfile, now: Instant, explanation: [RowTrace]?)
    -> Decision
  {
    let placement = placements[Int(resolution.placement)]
    var warnings = profile.warnings
    if profile.bucketingID == nil { warnings += unbucketedTestWarnings(resolution, profile, now: now) }
    guard resolution.row >= 0 else {
      warnings.append("no row of placement '\(placement.name)' decided; showing nothing")
      let audience = Audience(index: placement.rows.count - 1, name: "default", segment: nil)
      return Decision(
        placement: placement.name, profileID: profile.profileID, audience: audience, content: .holdout,
        abTest: nil, warnings: warnings, explanation: explanation)
    }
    let row = placement.rows[Int(resolution.row)]
    let (content, assignment) = Self.content(row.content, resolution.variation, resolution.bucket)
    let audience = Audience(
      index: Int(resolution.row), name: row.name, segment: row.segment.map { segments[$0].conditionText })
    return Decision(
      placement: placement.name, profileID: profile.profileID, audience: audience, content: Self.shown(content),
      abTest: assignment, warnings: warnings, explanation: explanation)
  }

  /// A row's content with the drawn variation applied, and the A/B assignment when the row is a test.
  static func content(_ content: Content, _ variation: Int32, _ bucket: Int32) -> (Content, ABAssignment?) {
    guard case .test(let test) = content, variation >= 0 else { return (content, nil) }
    let chosen = test.variations[Int(variation)]
    let assignment = ABAssignment(
      name: test.name, versionID: test.versionID, variation: chosen.id, bucket: bucket >= 0 ? Int(bucket) : nil)
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

  /// For a profile without a usable `profile_id` (missing, empty or blank; ``BoundProfile/bucketingID``): one warning per test row the resolution drew a variation for (the
  /// deciding row's, and those of matched test rows that fell through before it). The rows are read from an
  /// observed run of the same program, so they are the rows the resolution tried.
  func unbucketedTestWarnings(_ resolution: Resolution, _ profile: BoundProfile, now: Instant) -> [String] {
    let placement = placements[Int(resolution.placement)]
    guard placement.rows.contains(where: { if case .test = $0.content { true } else { false } }) else { return [] }
    var observer = ExplainObserver(nodeCount: 0, recordsNodes: false)
    _ = self.resolution(Int(resolution.placement), for: profile, now: now, observer: &observer)
    return observer.rows.compactMap { tried in
      guard case .test(let test) = placement.rows[tried.row].content, !tried.outcome.isNotMatched else { return nil }
      let problem = profile.profileID == nil ? "has no profile_id" : "has an empty or blank profile_id"
      return "profile \(problem): test '\(test.name)' cannot bucket it; first variation in draw order taken"
    }
  }

  /// The explanation of an observed resolution: one trace per row tried, in priority order.
  func explanation(of observer: ExplainObserver, placement index: Int, profile: BoundProfile) -> [RowTrace] {
    let rows = placements[index].rows
    let explainer = Explainer(ruleSet: self, results: observer.nodes, profile: profile)
    return observer.rows.map { tried in
      let row = rows[tried.row]
      switch tried.outcome {
      case .notMatched:
        let failure = explainer.failure(ofSegment: tried.segment ?? 0)
        return RowTrace(
          index: tried.row, name: row.name, outcome: .notMatched(condition: failure.condition, seen: failure.seen))
      case .fellThrough(let variation, let bucket):
        let assignment = Self.content(row.content, variation, bucket).1
        let reason = assignment.map { "\(Self.describe($0)) falls through" } ?? "the row's content is fallthrough"
        return RowTrace(index: tried.row, name: row.name, outcome: .fellThrough(reason: reason))
      case .decided(let variation, let bucket):
        let (content, assignment) = Self.content(row.content, variation, bucket)
        var reason = assignment.map(Self.describe)
        if case .holdout = content { reason = (reason.map { $0 + ": " } ?? "") + "holdout, nothing shown" }
        return RowTrace(index: tried.row, name: row.name, outcome: .decided(reason: reason))
      }
    }
  }

  /// `variation 'b' of test 't' (bucket 42)`, for explanations.
  static func describe(_ assignment: ABAssignment) -> String {
    let bucket = assignment.bucket.map { "bucket \($0)" } ?? "no profile_id, first in draw order"
    return "variation '\(assignment.variation)' of test '\(assignment.name)' (\(bucket))"
  }
}

extension RowEvent {
  var isNotMatched: Bool {
    if case .notMatched = self { return true }
    return false
  }
}
