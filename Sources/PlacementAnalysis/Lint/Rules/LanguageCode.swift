import PlacementCore

/// A `language` literal that is not a lower-case two-letter ISO 639-1 code.
///
/// Adapty stores a profile's language as a two-letter ISO 639-1 code in lower case (`en`, `pt`); extended locales
/// such as `pt-BR` or `zh-Hant-TW` may appear in its dashboard but match no users. A segment ported with such a
/// literal selects nobody there, and nobody here either when the backend passes Adapty's profile on. The rule
/// reports, in `==`, `!=`, `in` and `not in` tests of the built-in `language`: a locale (`"pt-BR"`, suggesting
/// `"pt"`, with a note to test `country` for the region), a code in upper case (`"EN"`; not with
/// `ignoring case`), a three-letter ISO 639-2 code (`"eng"`, suggesting `"en"` where it is known), and any other
/// text that is not one of the 184 ISO 639-1 codes (`"xx"`). It is on by default: `language` is Adapty's
/// attribute, and no stored value can equal such a literal.
///
/// Example: `segment brazil = language == "pt-BR"`.
/// Fix: compare the two-letter code (the fix-it does), and the region through `country`:
/// `language == "pt" and country == "BR"`.
struct LanguageCode: LintRule {
  static let id: DiagnosticCode = "language-code"
  static let severity: Severity = .warning
  static let summary = "a 'language' literal is not a lower-case two-letter ISO 639-1 code"

  func check(_ context: LintContext) -> [Diagnostic] {
    var found: [Diagnostic] = []
    for site in context.predicateSites where AdaptyValues.equalityOperators.contains(site.predicate.op) {
      guard site.predicate.subject.function == nil,
        let attribute = context.attribute(named: site.predicate.subject.attribute.text), attribute.isBuiltin,
        attribute.name == "language"
      else { continue }
      for literal in AdaptyLimit.strings(site.predicate.operands) {
        guard let problem = LanguageCodes.problem(literal.text, ignoringCase: site.predicate.ignoringCase) else {
          continue
        }
        let span = site.span(literal.range)
        var notes: [Note] = []
        if case .locale(let code, let country?) = problem { notes.append(.regionThroughCountry(code, country)) }
        found.append(
          finding(
            .languageCode(literal.text, problem), at: span, notes: notes,
            fixIts: problem.suggestion.map { [.replaceLiteral(with: $0, at: span)] } ?? []))
      }
    }
    return found
  }
}
