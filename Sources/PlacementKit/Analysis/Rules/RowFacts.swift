/// Shared reasoning about audience rows for ``UnreachableRow`` and ``OverlappingRows``.
struct RowFacts {
  let context: LintContext

  /// A row "shadows" the rows after it when every profile it matches is decided by it: its content never
  /// falls through (a test with a `fallthrough` variation lets some of its profiles continue).
  static func shadows(_ row: AudienceRow) -> Bool {
    switch row.content {
    case .fallthrough_: return false
    case .test(let test): return !test.variations.contains { $0.content == .fallthrough_ }
    default: return true
    }
  }

  /// True when the segment matches no profile (proved).
  func neverMatches(_ segment: Int) -> Bool {
    if case .unsatisfiable = context.reasoner.check([Reasoner.Requirement(.segment(segment))]) { return true }
    return false
  }

  /// Whether some profile matches `segment` and none of `earlier` (a witness), none does, or it is unknown.
  func reaches(_ segment: Int, past earlier: [Int]) -> Reasoner.Satisfiability {
    context.reasoner.check(
      [Reasoner.Requirement(.segment(segment))] + earlier.map { Reasoner.Requirement(.segment($0), holds: false) })
  }

  /// The rows of a placement before `index` that shadow, with their segments (default rows excluded).
  static func shadowingRows(before index: Int, in placement: PlacementDefinition) -> [(
    index: Int, row: AudienceRow, segment: Int
  )] {
    placement.rows.prefix(index).enumerated().compactMap { i, row in
      guard let segment = row.segment, shadows(row) else { return nil }
      return (i, row, segment)
    }
  }
}
