/// Resolution options.
public struct ResolveOptions: Sendable {
  /// The instant relative date conditions use (`within last 7 days`, `years_since`). Pin it for reproducible
  /// results; defaults to the caller's current time.
  public var now: Instant
  /// Record why each row did or did not decide.
  public var explain: Bool

  public init(now: Instant, explain: Bool = false) {
    self.now = now
    self.explain = explain
  }
}

/// Why a resolution could not start.
public enum ResolveError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The placement is not in the rule set. Carries the known names and a suggestion.
  case unknownPlacement(String, known: [String], suggestion: String?)
  /// The bound profile was bound by another rule set (its version, or nil when bound by none): its slots and
  /// string ids mean nothing to this one. Bind the profile again with the rule set that resolves it (review
  /// defect 2: this used to crash or answer wrongly around a hot reload).
  case boundForAnotherRuleSet(boundBy: String?, resolvingWith: String)

  public var description: String {
    switch self {
    case .unknownPlacement(let name, let known, let suggestion):
      let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
      return "unknown placement '\(name)'\(hint) (known placements: \(known.joined(separator: ", ")))"
    case .boundForAnotherRuleSet(let boundBy, let resolvingWith):
      let origin = boundBy.map { "by rule set version \($0)" } ?? "without a rule set"
      return "the profile was bound \(origin), but is resolved with rule set version \(resolvingWith); "
        + "bind it with the rule set that resolves it (RuleStore.resolve(placement:jsonBytes:) does both on one snapshot)"
    }
  }
}

extension RuleSet {
  /// Resolves one placement for a bound profile: the first row, in priority order, whose segment matches and
  /// whose content does not fall through decides (PRODUCT.md §2, §4.8–4.10).
  /// - Throws: ``ResolveError/unknownPlacement(_:known:suggestion:)``;
  ///   ``ResolveError/boundForAnotherRuleSet(boundBy:resolvingWith:)`` when another rule set bound `profile`.
  public func resolve(_ placement: String, for profile: BoundProfile, options: ResolveOptions) throws(ResolveError)
    -> Decision
  {
    try checkBound(profile)
    guard let index = program.placementIndex(placement) ?? placementIndex[placement] else {
      throw .unknownPlacement(
        placement, known: placementNames, suggestion: Suggestions.closest(to: placement, in: placementNames))
    }
    return placements.withUnsafeBufferPointer { resolve($0[index], for: profile, options: options) }
  }

  /// Resolves every placement, in declaration order.
  /// - Throws: ``ResolveError/boundForAnotherRuleSet(boundBy:resolvingWith:)`` when another rule set bound `profile`.
  public func resolveAll(for profile: BoundProfile, options: ResolveOptions) throws(ResolveError) -> [Decision] {
    try checkBound(profile)
    return placements.map { resolve($0, for: profile, options: options) }
  }

  func resolve(_ placement: PlacementDefinition, for profile: BoundProfile, options: ResolveOptions) -> Decision {
    let isCompiled = profile.program === program  // always true once checkBound passed
    var trace: [RowTrace]? = options.explain ? [] : nil
    var warnings = profile.warnings
    for index in placement.rows.indices {
      // Read the segment in place: copying the row would retain its strings, content and span on every row.
      if let segment = placement.rows.withUnsafeBufferPointer({ $0[index].segment }),
        !(isCompiled
          ? program.holds(segment: segment, profile, now: options.now)
          : Evaluator(segments: conditions, profile: profile, now: options.now).holds(conditions[segment]))
      {
        if options.explain {
          let evaluator = Evaluator(segments: conditions, profile: profile, now: options.now)
          let failure = Explainer(ruleSet: self, evaluator: evaluator).failure(of: conditions[segment])
          trace?.append(
            RowTrace(
              index: index, name: placement.rows[index].name,
              outcome: .notMatched(condition: failure.condition, seen: failure.seen)))
        }
        continue
      }
      let row = placement.rows[index]
      var assignment: ABAssignment?
      var content = row.content
      if case .test(let test) = content {
        let drawn = draw(test, profile: profile, warnings: &warnings)
        assignment = drawn.assignment
        content = drawn.content
      }
      guard let shown = Self.shown(content) else {
        if options.explain {
          let reason = assignment.map { "\(Self.describe($0)) falls through" } ?? "the row's content is fallthrough"
          trace?.append(RowTrace(index: index, name: row.name, outcome: .fellThrough(reason: reason)))
        }
        continue
      }
      if options.explain {
        var reason = assignment.map(Self.describe)
        if shown == .holdout { reason = (reason.map { $0 + ": " } ?? "") + "holdout, nothing shown" }
        trace?.append(RowTrace(index: index, name: row.name, outcome: .decided(reason: reason)))
      }
      let audience = Audience(index: index, name: row.name, segment: row.segment.map { segments[$0].conditionText })
      return Decision(
        placement: placement.name, profileID: profile.profileID, audience: audience, content: shown,
        abTest: assignment, warnings: warnings, explanation: trace)
    }
    // Unreachable for checked rules (the default row is last and cannot fall through); stay total anyway.
    warnings.append("no row of placement '\(placement.name)' decided; showing nothing")
    let audience = Audience(index: placement.rows.count - 1, name: "default", segment: nil)
    return Decision(
      placement: placement.name, profileID: profile.profileID, audience: audience, content: .holdout, abTest: nil,
      warnings: warnings, explanation: trace)
  }

  static func shown(_ content: Content) -> ShownContent? {
    switch content {
    case .flow(let id, let paywall): .flow(id: id, paywall: paywall)
    case .paywall(let id): .paywall(id: id)
    case .holdout: .holdout
    case .fallthrough_, .test: nil
    }
  }

  /// `variation 'b' of test 't' (bucket 42)`, for explanations.
  static func describe(_ assignment: ABAssignment) -> String {
    let bucket = assignment.bucket.map { "bucket \($0)" } ?? "no profile_id, first in draw order"
    return "variation '\(assignment.variation)' of test '\(assignment.name)' (\(bucket))"
  }

  /// The A/B draw of PRODUCT.md §4.9. Without a `profile_id` the first variation in draw order is taken.
  func draw(_ test: ABTest, profile: BoundProfile, warnings: inout [String]) -> (
    assignment: ABAssignment, content: Content
  ) {
    guard let id = profile.bucketingID else {
      let problem = profile.profileID == nil ? "has no profile_id" : "has an empty or blank profile_id"
      warnings.append(
        "profile \(problem): test '\(test.name)' cannot bucket it; first variation in draw order taken")
      let first = test.variations[0]
      return (ABAssignment(name: test.name, versionID: test.versionID, variation: first.id, bucket: nil), first.content)
    }
    let bucket = Bucketing.bucket(versionID: test.versionID, profileID: id)
    let chosen = test.variations[Bucketing.choose(bucket: bucket, sorted: test.variations)]
    return (
      ABAssignment(name: test.name, versionID: test.versionID, variation: chosen.id, bucket: bucket), chosen.content
    )
  }
}
