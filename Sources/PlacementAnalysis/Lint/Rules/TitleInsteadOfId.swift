import PlacementCore

/// A literal that is an option's *title* where an id is meant, in the cases the compiler cannot reject.
///
/// Flow events carry `item_ids` and localised `item_titles`; rules must branch on ids (docs/Product.md §3). The
/// compiler already rejects a title compared with a `choice`/`choices` attribute (`unknown-option`, naming the
/// id). This rule covers what still compiles: a `string` attribute compared with text equal (ignoring case
/// and surrounding spaces) to a declared option title, which suggests titles are being stored and matched;
/// and an option id that is also, ignoring case, the title of a *different* option of the same attribute
/// (`choice(yes "No", no "Yes")`), where a reader cannot tell which one is meant.
///
/// Example: `segment pros = experience_text == "I train professionally"` where `experience` declares
/// `pro "I train professionally"`.
/// Fix: store and compare the option id (`experience == pro`).
struct TitleInsteadOfId: LintRule {
  static let id: DiagnosticCode = "title-instead-of-id"
  static let severity: Severity = .warning
  static let summary = "a literal equals an option's title where an option id is meant"

  func check(_ context: LintContext) -> [Diagnostic] {
    var titles: [String: (option: String, attribute: String)] = [:]
    for attribute in context.model.attributes {
      guard let options = attribute.type.options else { continue }
      for (id, title) in zip(options.ids, options.titles) {
        guard let title else { continue }
        let key = Self.normalized(title)
        if titles[key] == nil { titles[key] = (id, attribute.name) }
      }
    }
    var found: [Diagnostic] = []
    for site in context.predicateSites {
      guard let attribute = context.attribute(named: site.predicate.subject.attribute.text) else { continue }
      for literal in Self.texts(site.predicate.operands) {
        switch attribute.type {
        case .string:
          guard let owner = titles[Self.normalized(literal.text)] else { continue }
          found.append(
            finding(
              .titleInsteadOfID(literal.text, option: owner.option, of: owner.attribute),
              at: site.span(literal.range),
              notes: [.branchOnID(owner.attribute, owner.option)]))
        case .choice(let options), .choices(let options):
          guard options.index(of: literal.text) != nil,
            let other = options.titles.firstIndex(where: { $0.map(Self.normalized) == Self.normalized(literal.text) }),
            options.ids[other] != literal.text
          else { continue }
          found.append(
            finding(
              .idIsAlsoTitle(literal.text, of: attribute.name, titleOf: options.ids[other]),
              at: site.span(literal.range),
              notes: [.idAlsoTitle(literal.text)]))
        default:
          continue
        }
      }
    }
    return found
  }

  /// String and word literals of the operands (list elements included), with their ranges.
  static func texts(_ operands: [LiteralSyntax]) -> [(text: String, range: SourceRange)] {
    operands.flatMap { operand -> [(text: String, range: SourceRange)] in
      switch operand {
      case .string(let s, let r), .word(let s, let r): return [(s, r)]
      case .list(let elements, _): return texts(elements)
      default: return []
      }
    }
  }

  static func normalized(_ text: String) -> String {
    var trimmed = Substring(text)
    while trimmed.first?.isWhitespace == true { trimmed = trimmed.dropFirst() }
    while trimmed.last?.isWhitespace == true { trimmed = trimmed.dropLast() }
    return trimmed.lowercased()
  }
}
