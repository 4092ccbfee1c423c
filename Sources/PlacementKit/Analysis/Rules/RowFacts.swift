/// Shared reasoning about audience rows for ``UnreachableRow`` and ``OverlappingRows``.
struct RowFacts {
  let context: LintContext

  /// An earlier row that decides before the row being examined.
  struct Earlier {
    let index: Int
    let row: AudienceRow
    let segment: Int
    var name: String { LintContext.describe(row: index, row) }
  }

  /// A row "shadows" the rows after it when every profile it matches is decided by it: its content never
  /// falls through (a test with a `fallthrough` variation lets some of its profiles continue).
  static func shadows(_ row: AudienceRow) -> Bool {
    switch row.content {
    case .fallthrough_: return false
    case .test(let test): return !test.variations.contains { $0.content == .fallthrough_ }
    default: return true
    }
  }

  /// The rows of a placement before `index` that shadow, with their segments (default rows excluded).
  static func shadowingRows(before index: Int, in placement: PlacementDefinition) -> [Earlier] {
    placement.rows.prefix(index).enumerated().compactMap { i, row in
      guard let segment = row.segment, shadows(row) else { return nil }
      return Earlier(index: i, row: row, segment: segment)
    }
  }

  /// The rows worth examining: not the default, not a segment already on an earlier shadowing row
  /// (`duplicate-row-segment`), not a segment that never matches (`never-matches`); with their earlier rows.
  func candidates(in placement: PlacementDefinition) -> [(
    index: Int, row: AudienceRow, segment: Int, earlier: [Earlier]
  )] {
    placement.rows.enumerated().compactMap { index, row in
      guard let segment = row.segment else { return nil }
      let earlier = Self.shadowingRows(before: index, in: placement)
      guard !earlier.isEmpty, !earlier.contains(where: { $0.segment == segment }), !neverMatches(segment) else {
        return nil
      }
      return (index, row, segment, earlier)
    }
  }

  /// True when the segment matches no profile (proved).
  func neverMatches(_ segment: Int) -> Bool {
    context.reasoner.check([Reasoner.Requirement(.segment(segment))]).isUnsatisfiable
  }

  /// Whether a row with `segment` can decide below the `earlier` rows.
  enum Reach {
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
