import PlacementCore

/// The row-level facts of ``PlacementComparison``: decision regions, which rows decide, when two contents
/// decide alike, and how to steer a witness's A/B draw.
extension PlacementComparison {
  /// The bucket ranges of a test's variations that do not fall through, in draw order.
  static func ranges(_ test: ABTest) -> [Range<Int>] {
    var lower = 0
    var out: [Range<Int>] = []
    for (index, variation) in test.variations.enumerated() {
      let upper = index == test.variations.count - 1 ? 100 : min(100, lower + variation.weight)
      if variation.content != .fallthrough_, lower < upper { out.append(lower..<upper) }
      lower = upper
    }
    return out
  }

  /// The first `<prefix><n>` whose buckets meet every target (nil after 20,000 tries, which for ranges of at
  /// least 1 % in two independent draws fails with probability below 10⁻⁸⁰).
  static func profileID(meeting constraints: [BucketTarget], prefix: String) -> String? {
    for n in 0..<20_000 {
      let id = "\(prefix)\(n)"
      if constraints.allSatisfy({ $0.holds(for: id) }) { return id }
    }
    return nil
  }

  /// "Row k is where the profile is decided": its segment holds, and no earlier row that shadows holds.
  static func region(_ index: Int, segments: [Int?], rows: [AudienceRow]) -> [Reasoner.Requirement] {
    var out: [Reasoner.Requirement] = []
    for k in 0..<index where RowFacts.shadows(rows[k]) {
      guard let segment = segments[k] else { return [Reasoner.Requirement(.constant(false))] }
      out.append(Reasoner.Requirement(.segment(segment), holds: false))
    }
    if let segment = segments[index] { out.append(Reasoner.Requirement(.segment(segment))) }
    return out
  }

  /// The regions where row `index` decides, loosest first: ``region(_:segments:rows:)``, then the same with the
  /// segments of earlier rows that decide only sometimes (a test that can fall through, a layered test, a
  /// scheduled row) required to fail. A witness of the loose region may be a profile such a row takes on both
  /// sides; the stricter regions reach the profiles that pass it. (Without them, narrowing the segment of a test
  /// that can fall through was reported equivalent: the newcomer trial of 2026-12-02.) Every combination for up to
  /// two such rows, else all of them at once: at most four regions.
  static func regions(_ index: Int, segments: [Int?], rows: [AudienceRow]) -> [[Reasoner.Requirement]] {
    let loose = region(index, segments: segments, rows: rows)
    let sometimes = (0..<index).compactMap { k -> Int? in
      guard !RowFacts.shadows(rows[k]), rows[k].content != .fallthrough_, let segment = segments[k] else { return nil }
      return segment
    }
    guard !sometimes.isEmpty else { return [loose] }
    let subsets: [[Int]] =
      sometimes.count <= 2
      ? (1..<(1 << sometimes.count)).map { mask in sometimes.indices.filter { mask & (1 << $0) != 0 }.map { sometimes[$0] } }
      : [sometimes]
    return [loose] + subsets.map { subset in loose + subset.map { Reasoner.Requirement(.segment($0), holds: false) } }
  }

  /// True when the requirements name one segment both as holding and as not holding.
  static func contradicts(_ requirements: [Reasoner.Requirement]) -> Bool {
    var holding: Set<Int> = []
    var failing: Set<Int> = []
    for requirement in requirements {
      guard case .segment(let index) = requirement.condition else {
        if case .constant(false) = requirement.condition, requirement.holds { return true }
        continue
      }
      if requirement.holds { holding.insert(index) } else { failing.insert(index) }
    }
    return !holding.isDisjoint(with: failing)
  }

  /// Rows that can decide: not `fallthrough`, and not a test all of whose variations fall through.
  static func decidingRows(_ rows: [AudienceRow]) -> [Int] {
    rows.indices.filter { index in
      switch rows[index].content {
      case .fallthrough_: false
      case .test(let test): test.variations.contains { $0.content != .fallthrough_ }
      default: true
      }
    }
  }

  /// True when two contents give every profile the same decision: equal content, or tests with the same
  /// version id, name, variations and layer share (the draw depends only on these).
  static func sameContent(_ a: Content, _ b: Content) -> Bool {
    if case .test(let x) = a, case .test(let y) = b {
      return x.versionID == y.versionID && x.name == y.name && x.variations == y.variations && x.layer == y.layer
    }
    return a == b
  }

  /// True when two rows give every profile the same decision at every instant: ``sameContent(_:_:)`` and the
  /// same schedule (the row's intersected with its test's).
  static func sameRow(_ a: AudienceRow, _ b: AudienceRow) -> Bool {
    sameContent(a.content, b.content) && a.effectiveSchedule == b.effectiveSchedule
  }

  /// The instants where a matched row's schedule starts or ends, on either side, for the rows whose schedule
  /// changed (sorted, each once): a decision can change at these even when it does not at `now`.
  static func scheduleInstants(_ matching: RowMatching) -> [Instant] {
    var instants: Set<Instant> = []
    for (i, j) in matching.newOf.enumerated() {
      let before = matching.old[i].effectiveSchedule
      let after = j.map { matching.new[$0].effectiveSchedule } ?? nil
      guard before != after else { continue }
      for schedule in [before, after].compactMap({ $0 }) {
        if let from = schedule.from { instants.insert(from.instant) }
        // The last instant inside the window (until is exclusive), and the first after it.
        if let until = schedule.until { instants.formUnion([until.instant.adding(milliseconds: -1), until.instant]) }
      }
    }
    return instants.sorted()
  }

  static func test(_ content: Content) -> ABTest? {
    if case .test(let test) = content { return test }
    return nil
  }

  static func isTest(_ content: Content) -> Bool { test(content) != nil }

  static func reason(_ limit: ReasoningLimit) -> String {
    switch limit {
    case .unmodeled:
      limit.undecidedTests.map { "the reasoner cannot decide \($0)" }
        ?? "the conditions use tests the reasoner cannot decide"
    case .tooLarge: "the search exceeded its budget"
    case .invalid: "the conditions are invalid"
    }
  }
}
