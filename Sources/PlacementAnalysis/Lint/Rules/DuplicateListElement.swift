import PlacementCore

/// The same value twice in one list literal.
///
/// Harmless to the result, but usually a copy-paste slip hiding the value that was meant
/// (`[pro, amateur, pro]` where `beginner` was intended).
///
/// Example: `segment eu = country in ["DE", "FR", "DE"]`.
/// Fix: remove the repeated element (the fix-it does) or replace it with the intended value.
struct DuplicateListElement: LintRule {
  static let id: DiagnosticCode = "duplicate-list-element"
  static let severity: Severity = .warning
  static let summary = "a list literal holds the same value twice"

  func check(_ context: LintContext) -> [Diagnostic] {
    context.listSites.flatMap { list in
      var seen: [String: SourceRange] = [:]
      return list.elements.enumerated().compactMap { index, element -> Diagnostic? in
        guard let identity = element.identity else { return nil }
        guard let first = seen[identity] else {
          seen[identity] = element.range
          return nil
        }
        let text = list.site.file.text(of: element.range)
        return finding(
          .listedTwice(text), at: list.site.span(element.range),
          notes: [.firstListed(at: list.site.span(first))],
          fixIts: [.removeRepeated(text, at: Self.removal(of: index, in: list))])
      }
    }
  }

  /// The text a fix-it deletes to remove element `index` of a list: the element with its separating comma.
  static func removal(of index: Int, in list: ListSite) -> SourceSpan {
    let elements = list.elements
    let range: SourceRange
    if index > 0 {
      range = SourceRange(start: elements[index - 1].range.end, end: elements[index].range.end)
    } else if elements.count > 1 {
      range = SourceRange(start: elements[0].range.start, end: elements[1].range.start)
    } else {
      range = elements[0].range
    }
    return list.site.span(range)
  }
}
