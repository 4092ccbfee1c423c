import PlacementCore

/// An attribute source that names an `element_id` without a screen while another declaration uses the same
/// element id.
///
/// Element ids are unique per screen, not per flow (docs/Product.md §3): the answer's key is the pair
/// (`instanceId`, `element_id`). Two declarations reading the same element id from different screens must say
/// which screen each reads (`on screen "…"`); an unqualified one takes whichever screen answered, and when both
/// did, its value is missing at run time.
///
/// Example:
/// ```
/// attribute goal_start: choice(lose, gain) from quiz "goal" on screen "scr_start"
/// attribute goal_end: choice(lose, gain) from quiz "goal" # ambiguous
/// ```
/// Fix: add `on screen "<instanceId>"` to every declaration of that element id.
struct AmbiguousElement: LintRule {
  static let id: DiagnosticCode = "ambiguous-element"
  static let severity: Severity = .error
  static let summary = "an unqualified attribute source shares its element_id with another declaration"

  func check(_ context: LintContext) -> [Diagnostic] {
    var byElement: [String: [Located<AttributeDecl>]] = [:]
    for decl in context.attributeDecls {
      guard let source = decl.node.source, !source.element.isMissing, !decl.node.name.isMissing else { continue }
      byElement[source.element.text, default: []].append(decl)
    }
    var found: [Diagnostic] = []
    for decl in context.attributeDecls {
      guard let source = decl.node.source, source.screen == nil, let group = byElement[source.element.text],
        group.count > 1
      else { continue }
      let others = group.filter { $0.node.range != decl.node.range || $0.file.name != decl.file.name }
      found.append(
        finding(
          .ambiguousElement(source.element.text, of: decl.node.name.text),
          at: decl.span(source.range),
          notes: others.map {
            .readsElement($0.node.name.text, element: source.element.text, at: $0.span($0.node.source!.range))
          } + [.elementsUniquePerScreen]))
    }
    return found
  }
}
