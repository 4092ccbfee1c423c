import PlacementCore

/// A custom attribute or literal that an Adapty profile could never store.
///
/// Adapty keeps custom attributes under keys of 1–30 characters of `[A-Za-z0-9._-]`, with string values of 1–50
/// characters after trimming (or numbers), and at most 30 custom attributes per profile (docs/Product.md §3). The rule
/// reports a declared attribute whose name breaks the key rule, the 31st declared custom attribute, and a
/// string literal compared with a custom `string` attribute that is empty or longer than 50 characters after
/// trimming: no stored value can equal it, start with it, end with it or contain it.
///
/// Example: `segment long = referral_note == "<a 51-character text>"`.
/// Fix: shorten the key or the literal; store long values elsewhere.
struct AdaptyLimit: LintRule {
  static let id: DiagnosticCode = "adapty-limit"
  static let severity: Severity = .warning
  static let summary = "an attribute key, a literal or the number of custom attributes exceeds Adapty's limits"

  func check(_ context: LintContext) -> [Diagnostic] {
    var found: [Diagnostic] = []
    var declared = 0
    for decl in context.attributeDecls {
      let name = decl.node.name
      guard let attribute = context.attribute(named: name.text), !attribute.isBuiltin,
        attribute.span?.range == name.range, attribute.span?.file.name == decl.file.name
      else { continue }
      declared += 1
      if let problem = Self.keyProblem(name.text) {
        found.append(finding(problem, at: decl.span(name.range)))
      }
      if declared == AdaptyLimits.maxAttributes + 1 {
        let total = context.model.attributes.filter { !$0.isBuiltin }.count
        found.append(
          finding(
            .tooManyAttributes(total, limit: AdaptyLimits.maxAttributes),
            at: decl.span(name.range), notes: [.attributeOrdinal(AdaptyLimits.maxAttributes + 1)]))
      }
    }
    for site in context.predicateSites where site.predicate.op != .matches {
      guard let attribute = context.attribute(named: site.predicate.subject.attribute.text), !attribute.isBuiltin,
        attribute.type == .string
      else { continue }
      let equality = site.predicate.op == .equal || site.predicate.op == .notEqual
      for literal in Self.strings(site.predicate.operands) {
        let length = literal.text.trimmingWhitespace().count
        if length > AdaptyLimits.maxStringLength {
          found.append(
            finding(
              .stringTooLong(length, attribute: attribute.name, limit: AdaptyLimits.maxStringLength),
              at: site.span(literal.range), notes: [.noStoredValueMatches]))
        } else if length == 0, equality {
          found.append(
            finding(
              .emptyStringCompared(attribute: attribute.name),
              at: site.span(literal.range), notes: [.testNoValue(attribute.name)]))
        }
      }
    }
    return found
  }

  /// Why `key` cannot be an Adapty custom attribute key (``AdaptyLimits/keyProblem(_:)``), or nil.
  static func keyProblem(_ key: String) -> DiagnosticMessage? {
    AdaptyLimits.keyProblem(key).map(DiagnosticMessage.adaptyKey)
  }

  static func strings(_ operands: [LiteralSyntax]) -> [(text: String, range: SourceRange)] {
    operands.flatMap { operand -> [(text: String, range: SourceRange)] in
      switch operand {
      case .string(let s, let r): return [(s, r)]
      case .list(let elements, _): return strings(elements)
      default: return []
      }
    }
  }
}
