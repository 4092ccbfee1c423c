import PlacementCore

/// The same segment on two rows of one audience table.
///
/// The first of the two rows decides for every profile of the segment, so the second is dead (unless the first
/// falls through, is scheduled or is capped); usually one of them names the wrong segment. A first row whose
/// test is in a `layer` is not reported: profiles outside the test's share skip it, and the second row is where
/// they go.
///
/// Example:
/// <!-- rules context:
/// attribute experience: choice(beginner, amateur, pro) from quiz "experience"
/// segment pros = experience == pro
/// -->
/// ```
/// placement onboarding_end: flow {
///   pros    -> flow pro_onboarding
///   pros    -> flow pro_onboarding_v2 # never decides
///   default -> flow generic_onboarding
/// }
/// ```
/// Fix: remove the row, or name the segment that was meant.
struct DuplicateRowSegment: LintRule {
  static let id: DiagnosticCode = "duplicate-row-segment"
  static let severity: Severity = .warning
  static let summary = "two rows of an audience table name the same segment"

  func check(_ context: LintContext) -> [Diagnostic] {
    var found: [Diagnostic] = []
    // A scheduled row is skipped outside its schedule, and a capped row once its cap is reached, so the same
    // segment below it is a fallback, not dead (two scheduled rows that overlap are `overlapping-schedules`).
    let scheduled = Set(
      context.model.placements.flatMap(\.rows).filter { $0.effectiveSchedule != nil || $0.cap != nil }.map {
        "\($0.span.file.name)|\($0.span.range.start)"
      })
    let layered = Set(context.model.layers.flatMap { $0.allocations.map(\.test) })
    for placement in context.placementDecls {
      var first: [String: RowSyntax] = [:]
      for row in placement.node.rows where !row.isDefault && !row.segment.isMissing {
        guard let earlier = first[row.segment.text] else {
          if !scheduled.contains("\(placement.file.name)|\(row.range.start)") { first[row.segment.text] = row }
          continue
        }
        if let test = Self.testName(earlier.content), layered.contains(test) {
          first[row.segment.text] = row  // the row the skipping profiles reach: later duplicates compare with it
          continue
        }
        let fallsThrough: Bool
        if case .fallthrough_ = earlier.content { fallsThrough = true } else { fallsThrough = false }
        found.append(
          finding(
            .duplicateRowSegment(row.segment.text, placement: placement.node.name.text),
            at: placement.span(row.segment.range),
            notes: [
              .firstRow(of: row.segment.text, fallsThrough: fallsThrough, at: placement.span(earlier.segment.range))
            ]))
      }
    }
    return found
  }

  /// The name of the test a row's content is or refers to.
  static func testName(_ content: ContentSyntax) -> String? {
    switch content {
    case .test(let test): test.name.text
    case .testReference(let name, _): name.text
    default: nil
    }
  }
}
