import PlacementCore

/// The row-level facts of ``PlacementComparison``: decision regions at one stretch of time, which rows decide,
/// and when two rows decide alike.
extension PlacementComparison {
  /// One side of a comparison at one stretch of time: its rows, their segments in the merged model, which are
  /// live, and the conditions of its placement's QA overrides (which decide before any row).
  struct Side {
    let rows: [AudienceRow]
    let segments: [Int?]
    let live: [Bool]
    let overrides: [Condition]

    /// "Row k is where the profile is decided": no placement override holds, no earlier live row that always
    /// decides holds, and its segment holds.
    func region(_ index: Int) -> [Reasoner.Requirement] {
      var out = overrides.map { Reasoner.Requirement($0, holds: false) }
      for k in 0..<index where live[k] && RowFacts.decidesWhenLive(rows[k]) {
        guard let segment = segments[k] else { return [Reasoner.Requirement(.constant(false))] }
        out.append(Reasoner.Requirement(.segment(segment), holds: false))
      }
      if let segment = segments[index] { out.append(Reasoner.Requirement(.segment(segment))) }
      return out
    }

    /// The live rows above `index` that decide for some of their profiles only (a test that can fall through, a
    /// layered test), with their segments.
    func sometimes(above index: Int) -> [(row: Int, segment: Int)] {
      (0..<index).compactMap { k in
        guard live[k], !RowFacts.decidesWhenLive(rows[k]), rows[k].content != .fallthrough_,
          let segment = segments[k]
        else { return nil }
        return (k, segment)
      }
    }

    /// The regions where row `index` decides, loosest first: ``region(_:)``, then the same with the segments
    /// of the rows above that decide only sometimes required to fail. A witness of the loose region may be a
    /// profile such a row takes on both sides; the stricter regions reach the profiles that pass it. Every
    /// combination for up to two such rows, else all of them at once: at most four regions.
    func regions(_ index: Int) -> [[Reasoner.Requirement]] {
      let loose = region(index)
      let sometimes = self.sometimes(above: index).map(\.segment)
      guard !sometimes.isEmpty else { return [loose] }
      let subsets: [[Int]] =
        sometimes.count <= 2
        ? (1..<(1 << sometimes.count)).map { mask in
          sometimes.indices.filter { mask & (1 << $0) != 0 }.map { sometimes[$0] }
        }
        : [sometimes]
      return [loose] + subsets.map { subset in loose + subset.map { Reasoner.Requirement(.segment($0), holds: false) } }
    }

    /// The live rows that can decide: not `fallthrough`, and not a test all of whose variations fall through.
    var decidingRows: [Int] {
      rows.indices.filter { index in
        guard live[index] else { return false }
        switch rows[index].content {
        case .fallthrough_: return false
        case .test(let test): return test.variations.contains { $0.content != .fallthrough_ }
        default: return true
        }
      }
    }
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

  /// True when two contents give every profile the same decision: equal content, or tests with the same
  /// version id, name, variations, layer share and stickiness (the draw, and what a carried assignment keeps,
  /// depend only on these; a test's QA overrides are compared by ``OverrideChanges``).
  static func sameContent(_ a: Content, _ b: Content) -> Bool {
    if case .test(let x) = a, case .test(let y) = b {
      return x.versionID == y.versionID && x.name == y.name && x.variations == y.variations && x.layer == y.layer
        && x.isSticky == y.isSticky
    }
    return a == b
  }

  /// True when two rows give every profile the same decision at every instant: ``sameContent(_:_:)``, the
  /// same schedule (the row's intersected with its test's) and the same frequency cap (limit and window: a
  /// profile with a given count of `shown` events is skipped by both rows or by neither).
  static func sameRow(_ a: AudienceRow, _ b: AudienceRow) -> Bool {
    sameContent(a.content, b.content) && a.effectiveSchedule == b.effectiveSchedule
      && a.cap?.limit == b.cap?.limit && a.cap?.windowText == b.cap?.windowText
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
