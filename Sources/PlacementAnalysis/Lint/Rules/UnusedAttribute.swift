import PlacementCore

/// A declared custom attribute that no segment tests (info).
///
/// A test counts even in a condition that does not compile: its error is the finding there. Nothing is
/// reported while a file of the rule set was not read (`file-too-large`): it may use every declaration.
///
/// A declaration also tells `placement ingest` which flow answers to keep, so an attribute may be declared
/// only to be written to profiles; the finding is therefore an info. When no flow writes it either, delete it.
///
/// Example: `attribute email: string from input "email"` with no condition on `email`.
/// Fix: delete the declaration, or suppress the finding where the attribute is kept for ingestion.
struct UnusedAttribute: LintRule {
  static let id: DiagnosticCode = "unused-attribute"
  static let severity: Severity = .info
  static let summary = "a declared custom attribute is tested by no segment"

  func check(_ context: LintContext) -> [Diagnostic] {
    guard !context.hasUnreadFiles else { return [] }
    var used = Set<Int>()
    for segment in context.model.segments { Self.slots(segment.condition, into: &used) }
    for override in context.model.overrides { Self.slots(override.condition, into: &used) }
    // Conditions as written: one that did not compile (`level == hihg`) still tests its attribute.
    let written = context.writtenNames
    return context.model.attributes.compactMap { attribute in
      guard !attribute.isBuiltin, !attribute.isPrerequisite, !used.contains(attribute.slot),
        !written.contains(attribute.name),
        let span = attribute.span
      else { return nil }
      return finding(
        .unusedAttribute(attribute.name), at: span,
        notes: attribute.source != nil ? [.derivedByIngest] : [])
    }
  }

  static func slots(_ condition: Condition, into used: inout Set<Int>) {
    switch condition {
    case .all(let parts), .any(let parts): for part in parts { slots(part, into: &used) }
    case .not(let inner): slots(inner, into: &used)
    case .predicate(let predicate): used.insert(predicate.slot)
    case .segment, .rollout, .constant: break
    }
  }
}
