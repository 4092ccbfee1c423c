import PlacementCore

/// A segment that no row, no other segment and no override refers to.
///
/// A reference counts even from a condition that does not compile: its error is the finding there. Nothing is
/// reported for a segment whose own declaration has an error (that error is the finding), nor while a file of
/// the rule set was not read (`file-too-large`): it may use every declaration.
///
/// It has no effect on any decision. Often a row was meant to use it (and names a similar segment instead),
/// or it is left over from a removed campaign.
///
/// Example: `segment lapsed_vip = lapsed and total_revenue_usd > 100` with no row `lapsed_vip -> …`.
/// Fix: add the row that was meant, or delete the segment.
struct UnusedSegment: LintRule {
  static let id: DiagnosticCode = "unused-segment"
  static let severity: Severity = .warning
  static let summary = "a segment is used by no row and no other segment"

  func check(_ context: LintContext) -> [Diagnostic] {
    guard !context.hasUnreadFiles else { return [] }
    var used = Set<Int>()
    for segment in context.model.segments { Self.references(segment.condition, into: &used) }
    for override in context.model.overrides { Self.references(override.condition, into: &used) }
    // Rows and conditions as written: a row the checker dropped (e.g. for invalid test weights), or a condition
    // that did not compile, still uses its segments.
    let named = Set(context.placementDecls.flatMap { $0.node.rows.map(\.segment.text) }).union(context.writtenNames)
    return context.model.segments.indices.compactMap { index in
      guard !used.contains(index), !named.contains(context.model.segments[index].name) else { return nil }
      let segment = context.model.segments[index]
      guard !context.hasErrors(inSegment: segment) else { return nil }
      return finding(.unusedSegment(segment.name), at: segment.span)
    }
  }

  static func references(_ condition: Condition, into used: inout Set<Int>) {
    switch condition {
    case .all(let parts), .any(let parts): for part in parts { references(part, into: &used) }
    case .not(let inner): references(inner, into: &used)
    case .segment(let index): used.insert(index)
    case .predicate, .rollout, .constant: break
    }
  }
}
