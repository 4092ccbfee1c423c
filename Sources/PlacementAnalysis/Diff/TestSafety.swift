import PlacementCore

/// Experiment safety: what a rules change does to the A/B tests that are running (PRODUCT.md §4.9).
///
/// A test is the same test on both sides when it has the same name (and, for a test written inline, the same
/// placement). With the same `version_id`, a profile keeps its bucket, so the share of profiles that change
/// variation is exact: the number of the 100 buckets whose variation (in draw order: weight ascending, then id)
/// differs, over 100. A new `version_id` re-draws everyone. Profiles that a row added above the test, or a
/// segment change, takes out of the test are found by the placement comparison (transitions whose old decision
/// came from the test and whose new one does not). A `sticky` test on both sides protects profiles that carry
/// their assignment from a re-weighting (``stickyChange(_:_:_:moves:span:)``): only a variation removed under
/// the same version makes its holders re-draw.
enum TestSafety {
  /// A test as it appears in a rule set: the test, where its (first) row is, and the placement.
  struct Site {
    let test: ABTest
    let span: SourceSpan
    let placement: String
  }

  /// Tests by identity: the name of a cross-placement test, `placement/name` for an inline one.
  static func sites(_ placements: [PlacementDefinition]) -> [(key: String, site: Site)] {
    var seen: Set<String> = []
    var out: [(String, Site)] = []
    for placement in placements {
      for row in placement.rows {
        guard case .test(let test) = row.content else { continue }
        let key = test.isCrossPlacement ? test.name : "\(placement.name)/\(test.name)"
        if seen.insert(key).inserted { out.append((key, Site(test: test, span: row.span, placement: placement.name))) }
      }
    }
    return out
  }

  /// The findings about tests present on one side or both.
  /// - Parameter transitions: the placements' transitions; one inside the test (same test, other outcome) is
  ///   the finding's example profile.
  static func findings(old: [PlacementDefinition], new: [PlacementDefinition], transitions: [Transition])
    -> [TestFinding]
  {
    let before = Dictionary(sites(old).map { ($0.key, $0.site) }, uniquingKeysWith: { first, _ in first })
    let afterSites = sites(new)
    let afterKeys = Set(afterSites.map(\.key))
    var out: [TestFinding] = []
    for (key, site) in afterSites {
      guard let was = before[key] else {
        out.append(
          TestFinding(
            kind: .testStarted, severity: .info, test: key,
            message: "test '\(key)' starts (version '\(site.test.versionID)')", reassignedFraction: nil,
            span: site.span, witness: nil))
        continue
      }
      let example = transitions.first {
        $0.old.testName == site.test.name && $0.new.testName == site.test.name && $0.old != $0.new
          && (site.test.isCrossPlacement || $0.placement == site.placement)
      }
      if let finding = compare(key, was.test, site.test, span: site.span, example: example?.witness) {
        out.append(finding)
      }
    }
    for (key, site) in sites(old) where !afterKeys.contains(key) {
      out.append(
        TestFinding(
          kind: .testEnded, severity: .warning, test: key,
          message: "test '\(key)' ends: its profiles stop seeing their variations", reassignedFraction: nil,
          span: site.span, witness: nil))
    }
    return out
  }

  /// Re-weighted, re-versioned, or a variation's content changed; nil when the test is the same.
  static func compare(_ key: String, _ was: ABTest, _ test: ABTest, span: SourceSpan, example: String? = nil)
    -> TestFinding?
  {
    if was.versionID != test.versionID {
      return TestFinding(
        kind: .reassignsRunningTest, severity: .error, test: key,
        message:
          "test '\(key)' changes version '\(was.versionID)' → '\(test.versionID)': everyone re-draws",
        reassignedFraction: nil, span: span, witness: example)
    }
    let moves = bucketMoves(was, test)
    if !moves.isEmpty, was.isSticky, test.isSticky {
      return stickyChange(key, was, test, moves: moves, span: span)
    }
    if !moves.isEmpty {
      let changed = moves.reduce(0) { $0 + $1.buckets.count }
      let detail = moves.map { "buckets \(describe($0.buckets)): \($0.from) → \($0.to)" }.joined(separator: "; ")
      let id = PlacementComparison.profileID(
        meeting: [(test.versionID, moves[0].buckets.lowerBound..<moves[0].buckets.upperBound + 1)], prefix: "p-")
      return TestFinding(
        kind: .reassignsRunningTest, severity: .error, test: key,
        message:
          "test '\(key)' keeps version '\(test.versionID)' but its draw changed: \(changed)% of its profiles change variation (\(detail))",
        reassignedFraction: Double(changed) / 100, span: span,
        witness: example ?? id.map { #"{"profile_id":"\#($0)"}"# })
    }
    if was.variations != test.variations {
      let changed = zip(was.variations, test.variations).filter { $0.content != $1.content }.map(\.1.id)
      return TestFinding(
        kind: .variationContentChanged, severity: .warning, test: key,
        message:
          "test '\(key)' keeps its draw but variation\(changed.count == 1 ? "" : "s") \(changed.map { "'\($0)'" }.joined(separator: ", ")) now show\(changed.count == 1 ? "s" : "") other content",
        reassignedFraction: 0, span: span, witness: example)
    }
    return nil
  }

  /// A sticky test re-weighted under the same version. Profiles carrying an assignment keep it while its
  /// variation exists, so the buckets that move only decide for profiles new to the test (info); the profiles
  /// whose variation was removed re-draw (an error, with the exact share from the buckets).
  static func stickyChange(
    _ key: String, _ was: ABTest, _ test: ABTest, moves: [(buckets: ClosedRange<Int>, from: String, to: String)],
    span: SourceSpan
  ) -> TestFinding {
    let kept = Set(test.variations.map(\.id))
    let changed = moves.reduce(0) { $0 + $1.buckets.count }
    let detail = moves.map { "buckets \(describe($0.buckets)): \($0.from) → \($0.to)" }.joined(separator: "; ")
    let removed = variationByBucket(was).filter { !kept.contains($0) }
    guard removed.isEmpty else {
      let names = Set(removed).sorted().map { "'\($0)'" }.joined(separator: ", ")
      return TestFinding(
        kind: .reassignsRunningTest, severity: .error, test: key,
        message:
          "sticky test '\(key)' keeps version '\(test.versionID)' but drops variation \(names): the \(removed.count)% of its profiles assigned to it re-draw; the others keep their variation",
        reassignedFraction: Double(removed.count) / 100, span: span, witness: nil)
    }
    return TestFinding(
      kind: .stickyReweighted, severity: .info, test: key,
      message:
        "sticky test '\(key)' keeps version '\(test.versionID)': its draw changed for \(changed)% of buckets (\(detail)), but nobody who carries an assignment moves; only profiles new to the test draw with the new weights",
      reassignedFraction: 0, span: span, witness: nil)
  }

  /// The variation id each bucket 0...99 draws.
  static func variationByBucket(_ test: ABTest) -> [String] {
    (0..<100).map { test.variations[Bucketing.choose(bucket: $0, sorted: test.variations)].id }
  }

  /// Runs of consecutive buckets that move from one variation to another, in bucket order.
  static func bucketMoves(_ was: ABTest, _ test: ABTest) -> [(buckets: ClosedRange<Int>, from: String, to: String)] {
    let before = variationByBucket(was)
    let after = variationByBucket(test)
    var out: [(buckets: ClosedRange<Int>, from: String, to: String)] = []
    for bucket in 0..<100 where before[bucket] != after[bucket] {
      if let last = out.last, last.buckets.upperBound == bucket - 1, last.from == before[bucket],
        last.to == after[bucket]
      {
        out[out.count - 1].buckets = last.buckets.lowerBound...bucket
      } else {
        out.append((bucket...bucket, before[bucket], after[bucket]))
      }
    }
    return out
  }

  static func describe(_ range: ClosedRange<Int>) -> String {
    range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound)–\(range.upperBound)"
  }

  /// Profiles that transitions take out of a running test (the old decision came from the test, the new one
  /// from another row or test): one finding per test and placement, with the causes and a witness.
  /// - Parameter crossPlacement: the names of the old rules' cross-placement tests (named without placement).
  static func departures(_ transitions: [Transition], crossPlacement: Set<String>) -> [TestFinding] {
    var order: [String] = []
    var groups: [String: [Transition]] = [:]
    for transition in transitions {
      guard let test = transition.old.testName, transition.new.testName != test else { continue }
      let key = "\(test)\u{0}\(transition.placement)"
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(transition)
    }
    return order.compactMap { key in
      guard let group = groups[key], let first = group.first, let name = first.old.testName else { return nil }
      let test = crossPlacement.contains(name) ? name : "\(first.placement)/\(name)"
      var causes: [String] = []
      for cause in group.flatMap(\.causes).map(\.description) where !causes.contains(cause) { causes.append(cause) }
      let targets = Set(group.map(\.new.description)).sorted()
      return TestFinding(
        kind: .reassignsRunningTest, severity: .error, test: test,
        message:
          "profiles leave running test '\(test)' at placement '\(first.placement)' for \(targets.joined(separator: ", ")) (\(causes.joined(separator: "; ")))",
        reassignedFraction: nil, span: first.causes.first { $0.kind != .rowRemoved }?.row.span ?? first.newRow.span,
        witness: first.witness)
    }
  }
}
