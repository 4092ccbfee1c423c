import PlacementCore

/// Shared reasoning about audience rows for ``UnreachableRow``, ``OverlappingRows``, ``OverlappingSchedules``
/// and the diff's row comparison.
struct RowFacts {
  let context: LintContext

  /// An earlier row that decides before the row being examined.
  struct Earlier: Sendable {
    let index: Int
    let row: AudienceRow
    let segment: Int
    var name: String { LintContext.describe(row: index, row) }
  }

  /// A row "shadows" the rows after it when every profile it matches is decided by it: its content never
  /// falls through (a test with a `fallthrough` variation lets some of its profiles continue), and it is not
  /// scheduled (outside its schedule, or its test's, the resolver skips it and the rows below decide).
  static func shadows(_ row: AudienceRow) -> Bool {
    guard row.effectiveSchedule == nil else { return false }
    return decidesWhenLive(row)
  }

  /// True when the row decides for every profile it matches while it is live (its content never falls through,
  /// and no frequency cap skips it).
  static func decidesWhenLive(_ row: AudienceRow) -> Bool {
    // A capped row is skipped by the profiles that reached its cap: the rows below stay reachable.
    if row.cap != nil { return false }
    // A layered test's row is skipped by the profiles outside its share: the rows below stay reachable.
    if case .test(let test) = row.content, test.layer != nil { return false }
    switch row.content {
    case .fallthrough_: return false
    case .test(let test): return !test.variations.contains { $0.content == .fallthrough_ }
    default: return true
    }
  }

  /// The rows of a placement that shadow, in order, with their segments (default rows excluded).
  static func shadowingRows(in placement: PlacementDefinition) -> [Earlier] {
    placement.rows.enumerated().compactMap { i, row in
      guard let segment = row.segment, shadows(row) else { return nil }
      return Earlier(index: i, row: row, segment: segment)
    }
  }

  /// The rows worth examining: not the default, not a segment already on an earlier shadowing row
  /// (`duplicate-row-segment`), not a segment that never matches (`never-matches`); with their earlier rows.
  func candidates(in placement: PlacementDefinition) -> [(
    index: Int, row: AudienceRow, segment: Int, earlier: ArraySlice<Earlier>
  )] {
    let shadowing = Self.shadowingRows(in: placement)
    var seen: Set<Int> = []
    var before = 0
    return placement.rows.enumerated().compactMap { index, row in
      while before < shadowing.count, shadowing[before].index < index {
        seen.insert(shadowing[before].segment)
        before += 1
      }
      guard let segment = row.segment, before > 0, !seen.contains(segment), !neverMatches(segment) else {
        return nil
      }
      return (index, row, segment, shadowing.prefix(before))
    }
  }

  /// True when the segment matches no profile (proved).
  func neverMatches(_ segment: Int) -> Bool {
    context.reasoner.check([Reasoner.Requirement(.segment(segment))]).isUnsatisfiable
  }

  /// Whether a row with `segment` can decide below the `earlier` rows.
  enum Reach: Sendable {
    /// One earlier row matches every profile of the segment.
    case impliedBy(Earlier)
    /// The earlier rows together match every profile of the segment (no single one does).
    case impliedByAll
    /// This profile reaches the row and matches it.
    case reachable(Witness)
    case unknown(ReasoningLimit)

    var isSingle: Bool {
      if case .impliedBy = self { return true }
      return false
    }

    var isUnreachable: Bool {
      switch self {
      case .impliedBy, .impliedByAll: true
      case .reachable, .unknown: false
      }
    }
  }

  /// The ``Reach`` of every row of placement `index` of the model, decided once per lint run (shared by
  /// `unreachable-row` and `overlapping-rows`).
  func reachability(ofPlacement index: Int) -> PlacementReach {
    if let known = context.rowReach[index] { return known }
    let placement = context.model.placements[index]
    let shadowing = Self.shadowingRows(in: placement)
    let reasoner = context.reasoner
    let pins = shadowing.map { reasoner.pins(of: $0.segment) }
    var reach: [Int: Reach] = [:]
    var overlapping: [Int: [Earlier]] = [:]
    var spent = 0
    var before = 0
    var skippedFrom: Int?
    for (row, audience) in placement.rows.enumerated() {
      while before < shadowing.count, shadowing[before].index < row { before += 1 }
      guard let segment = audience.segment else { continue }
      // An earlier row that shares no profile with this one cannot keep a profile from it: dropping it leaves
      // the question the same and keeps tables of disjoint rows (one per country) linear.
      let own = reasoner.pins(of: segment)
      let relevant = (0..<before).compactMap { k -> Earlier? in
        if let own, let theirs = pins[k], Pin.disjoint(own, theirs) { return nil }
        return shadowing[k]
      }
      spent += relevant.count + 1
      if spent > context.rowBudget {
        skippedFrom = row
        break
      }
      reach[row] = self.reach(segment, below: relevant)
      overlapping[row] = relevant
    }
    let result = PlacementReach(
      reach: reach, candidates: overlapping, skippedFrom: skippedFrom,
      lastSegmentRow: placement.rows.lastIndex { $0.segment != nil })
    context.rowReach[index] = result
    return result
  }

  /// Decides ``Reach``: against all earlier rows together (a witness settles it), then, when that is
  /// refuted or undecided, against each earlier row alone to name the one that implies it.
  func reach(_ segment: Int, below earlier: [Earlier]) -> Reach {
    let together = reaches(segment, past: earlier.map(\.segment))
    if let witness = together.witness { return .reachable(witness) }
    if let single = earlier.first(where: { reaches(segment, past: [$0.segment]).isUnsatisfiable }) {
      return .impliedBy(single)
    }
    if case .unknown(let limit) = together { return .unknown(limit) }
    return .impliedByAll
  }

  /// Whether some profile matches `segment` and none of `earlier` (a witness), none does, or it is unknown.
  func reaches(_ segment: Int, past earlier: [Int]) -> Reasoner.Satisfiability {
    context.reasoner.check(
      [Reasoner.Requirement(.segment(segment))] + earlier.map { Reasoner.Requirement(.segment($0), holds: false) })
  }
}

/// The reachability of the rows of one placement (see ``RowFacts/reachability(ofPlacement:)``).
struct PlacementReach: Sendable {
  /// By row index: every row with a segment before ``skippedFrom``.
  let reach: [Int: RowFacts.Reach]
  /// By row index: the earlier shadowing rows not proved disjoint from it (``Pin``), in order; only these can
  /// share a profile with it.
  let candidates: [Int: [RowFacts.Earlier]]
  /// The first row not analysed because ``LintContext/rowBudget`` ran out; nil when every row was.
  let skippedFrom: Int?
  /// The index of the last row with a segment.
  let lastSegmentRow: Int?

  /// "rows 812–1999 (1188 rows) were not checked", for the finding that says what was skipped (the default
  /// row, never examined, excluded).
  var skippedDescription: String? {
    guard let first = skippedFrom else { return nil }
    let last = lastSegmentRow ?? first
    return last == first
      ? "row \(first) was not checked" : "rows \(first)–\(last) (\(last - first + 1) rows) were not checked"
  }
}
