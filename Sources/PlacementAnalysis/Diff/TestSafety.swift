import PlacementCore

/// Experiment safety: what a rules change does to the A/B tests that are running (docs/Product.md §4.9).
///
/// A test is the same test on both sides when it has the same name (and, for a test written inline, the same
/// placement). With the same `version_id`, a profile keeps its bucket, so the share of profiles that change
/// variation is exact: the number of the 100 buckets whose variation (in draw order: weight ascending, then id)
/// differs, over 100, counted twice: by variation id, and by content (a bucket whose variation changes id but
/// shows the same content in every placement of the test is a rename, not a re-assignment; see ``DrawChange``).
/// A new `version_id` re-draws everyone. Profiles that a row added above the test, or a
/// segment change, takes out of the test are found by the placement comparison (transitions whose old decision
/// came from the test and whose new one does not). A `sticky` test on both sides protects profiles that carry
/// their assignment from a re-weighting (``stickyChange(_:_:_:moves:draws:span:)``): only a variation removed under
/// the same version makes its holders re-draw.
enum TestSafety {
  /// A test as it appears in a rule set: the test, where its (first) row in one placement is, and the placement.
  struct Site {
    let test: ABTest
    let span: SourceSpan
    let placement: String
  }

  /// Tests by identity (the name of a cross-placement test, `placement/name` for an inline one), each with the
  /// first row of every placement that holds it, in placement order.
  static func sites(_ placements: [PlacementDefinition]) -> [(key: String, sites: [Site])] {
    var order: [String] = []
    var found: [String: [Site]] = [:]
    for placement in placements {
      for row in placement.rows {
        guard case .test(let test) = row.content else { continue }
        let key = test.isCrossPlacement ? test.name : "\(placement.name)/\(test.name)"
        if found[key] == nil { order.append(key) }
        guard !(found[key] ?? []).contains(where: { $0.placement == placement.name }) else { continue }
        found[key, default: []].append(Site(test: test, span: row.span, placement: placement.name))
      }
    }
    return order.map { ($0, found[$0]!) }
  }

  /// The findings about tests present on one side or both.
  /// - Parameter transitions: the placements' transitions; one inside the test (same test, other outcome) is
  ///   the finding's example profile.
  static func findings(old: [PlacementDefinition], new: [PlacementDefinition], transitions: [Transition])
    -> [TestFinding]
  {
    let before = Dictionary(sites(old).map { ($0.key, $0.sites) }, uniquingKeysWith: { first, _ in first })
    let afterSites = sites(new)
    let afterKeys = Set(afterSites.map(\.key))
    var out: [TestFinding] = []
    for (key, sites) in afterSites {
      let site = sites[0]
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
      if let finding = compare(key, was, sites, example: example?.witness) { out.append(finding) }
    }
    for (key, sites) in sites(old) where !afterKeys.contains(key) {
      out.append(
        TestFinding(
          kind: .testEnded, severity: .warning, test: key,
          message: "test '\(key)' ends: its profiles stop seeing their variations", reassignedFraction: nil,
          span: sites[0].span, witness: nil))
    }
    return out
  }

  /// ``compare(_:_:_:example:)`` for one site on each side (a test in one placement).
  static func compare(_ key: String, _ was: ABTest, _ test: ABTest, span: SourceSpan, example: String? = nil)
    -> TestFinding?
  {
    compare(
      key, [Site(test: was, span: span, placement: "")], [Site(test: test, span: span, placement: "")],
      example: example)
  }

  /// Re-weighted, re-versioned, a variation renamed, or a variation's content changed; nil when the test is the
  /// same. Content is compared in every placement that holds the test on both sides.
  static func compare(_ key: String, _ before: [Site], _ after: [Site], example: String? = nil) -> TestFinding? {
    let was = before[0].test
    let test = after[0].test
    let span = after[0].span
    if was.versionID != test.versionID {
      return TestFinding(
        kind: .reassignsRunningTest, severity: .error, test: key,
        message:
          "test '\(key)' changes version '\(was.versionID)' → '\(test.versionID)': everyone re-draws",
        reassignedFraction: nil, span: span, witness: example)
    }
    let draws = DrawChange(before: before, after: after)
    let moves = bucketMoves(was, test)
    if !moves.isEmpty, was.isSticky, test.isSticky {
      return stickyChange(key, was, test, moves: moves, draws: draws, span: span)
    }
    if !moves.isEmpty {
      let changed = moves.reduce(0) { $0 + $1.buckets.count }
      let detail = moves.map { "buckets \(describe($0.buckets)): \($0.from) → \($0.to)" }.joined(separator: "; ")
      let contentMoves = moves.filter { draws.movesContent(from: $0.from, to: $0.to) }
      let moved = contentMoves.reduce(0) { $0 + $1.buckets.count }
      let shown = contentMoves.first ?? moves[0]
      let id = PlacementComparison.profileID(
        meeting: [(test.versionID, shown.buckets.lowerBound..<shown.buckets.upperBound + 1)], prefix: "p-")
      guard moved > 0 else {
        var renames: [String] = []
        for move in moves where !renames.contains("'\(move.from)' → '\(move.to)'") {
          renames.append("'\(move.from)' → '\(move.to)'")
        }
        var finding = TestFinding(
          kind: .variationRenamed, severity: .warning, test: key,
          message:
            "test '\(key)' keeps version '\(test.versionID)' and every profile's content, but \(changed)% of its profiles change variation id (renamed: \(renames.joined(separator: ", ")); \(detail))",
          reassignedFraction: Double(changed) / 100, span: span,
          witness: example ?? id.map { #"{"profile_id":"\#($0)"}"# })
        finding.reassignedContentFraction = 0
        return finding
      }
      let share =
        moved == changed
        ? "\(changed)% of its profiles change variation"
        : "\(moved)% of its profiles change variation and content (\(changed)% change variation id)"
      var finding = TestFinding(
        kind: .reassignsRunningTest, severity: .error, test: key,
        message: "test '\(key)' keeps version '\(test.versionID)' but its draw changed: \(share) (\(detail))",
        reassignedFraction: Double(changed) / 100, span: span,
        witness: example ?? id.map { #"{"profile_id":"\#($0)"}"# })
      finding.reassignedContentFraction = Double(moved) / 100
      return finding
    }
    let changed = draws.contentChanged(test.variations.map(\.id))
    guard !changed.isEmpty else { return nil }
    var finding = TestFinding(
      kind: .variationContentChanged, severity: .warning, test: key,
      message:
        "test '\(key)' keeps its draw but variation\(changed.count == 1 ? "" : "s") \(changed.map { "'\($0)'" }.joined(separator: ", ")) now show\(changed.count == 1 ? "s" : "") other content",
      reassignedFraction: 0, span: span, witness: example)
    finding.reassignedContentFraction = 0
    return finding
  }

  /// A sticky test re-weighted under the same version. Profiles carrying an assignment keep it while its
  /// variation exists, so the buckets that move only decide for profiles new to the test (info); the profiles
  /// whose variation was removed re-draw (an error, with the exact share from the buckets).
  static func stickyChange(
    _ key: String, _ was: ABTest, _ test: ABTest, moves: [(buckets: ClosedRange<Int>, from: String, to: String)],
    draws: DrawChange, span: SourceSpan
  ) -> TestFinding {
    let kept = Set(test.variations.map(\.id))
    let changed = moves.reduce(0) { $0 + $1.buckets.count }
    let detail = moves.map { "buckets \(describe($0.buckets)): \($0.from) → \($0.to)" }.joined(separator: "; ")
    let before = variationByBucket(was)
    let after = variationByBucket(test)
    let removed = (0..<100).filter { !kept.contains(before[$0]) }
    guard removed.isEmpty else {
      let names = Set(removed.map { before[$0] }).sorted().map { "'\($0)'" }.joined(separator: ", ")
      // The holders of a removed variation (assigned by the draw at their bucket) re-draw at the same bucket.
      let moved = removed.filter { draws.movesContent(from: before[$0], to: after[$0]) }.count
      var finding = TestFinding(
        kind: .reassignsRunningTest, severity: .error, test: key,
        message:
          "sticky test '\(key)' keeps version '\(test.versionID)' but drops variation \(names): the \(removed.count)% of its profiles assigned to it re-draw; the others keep their variation",
        reassignedFraction: Double(removed.count) / 100, span: span, witness: nil)
      finding.reassignedContentFraction = Double(moved) / 100
      return finding
    }
    var finding = TestFinding(
      kind: .stickyReweighted, severity: .info, test: key,
      message:
        "sticky test '\(key)' keeps version '\(test.versionID)': its draw changed for \(changed)% of buckets (\(detail)), but nobody who carries an assignment moves; only profiles new to the test draw with the new weights",
      reassignedFraction: 0, span: span, witness: nil)
    finding.reassignedContentFraction = 0
    return finding
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
