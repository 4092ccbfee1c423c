import PlacementKit

/// What hovers add under `dialect adapty`, where a negation's meaning differs from the default one.
enum DialectHover {
  /// The note added to a negation's hover (a negated operator, `not`, or a segment that holds one).
  static let adaptyNegation =
    "\n\nUnder `dialect adapty` (these rules): a negation never matches a profile without the attribute it "
    + "tests: a missing or wrong-typed value is *unknown*, `not unknown` is unknown, and a segment matches only "
    + "when its condition is true. See docs/Semantics.md, \"Dialects\"."

  /// Operators written as negations (their hover gets ``adaptyNegation``).
  static let negatedOperators: Set<OperatorSyntax> = [.notEqual, .notInList, .notContains, .isNotEmpty]

  /// True when the condition as written negates a test: a negated operator or a `not`.
  static func negates(_ expr: Expr) -> Bool {
    switch expr {
    case .and(let l, let r), .or(let l, let r): negates(l) || negates(r)
    case .group(let inner, _): negates(inner)
    case .not: true
    case .predicate(let p): negatedOperators.contains(p.op)
    case .reference, .rollout, .ramp, .missing: false
    }
  }

  /// The note for segment `name` of `model`: ``adaptyNegation`` when the rules are under `dialect adapty` and
  /// the segment's condition (as written) negates a test, else "".
  static func segmentNote(_ name: String, in model: CheckedRules) -> String {
    guard model.dialect == .adapty else { return "" }
    for file in model.files {
      for case .segment(let decl) in file.declarations where decl.name.text == name {
        return negates(decl.condition) ? adaptyNegation + "\n" : ""
      }
    }
    return ""
  }
}
