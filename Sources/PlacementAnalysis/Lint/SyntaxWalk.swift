import PlacementCore

extension Expr {
  /// Every predicate of the expression, in source order.
  var predicates: [PredicateSyntax] {
    switch self {
    case .and(let l, let r), .or(let l, let r): l.predicates + r.predicates
    case .not(let inner, _), .group(let inner, _): inner.predicates
    case .predicate(let p): [p]
    case .reference, .rollout, .ramp, .missing: []
    }
  }
}

/// A predicate as written in a segment declaration.
struct PredicateSite {
  let predicate: PredicateSyntax
  let segment: SegmentDecl
  let file: SourceFile

  func span(_ range: SourceRange) -> SourceSpan { SourceSpan(file: file, range: range) }
}

/// A list literal as written in a predicate.
struct ListSite {
  let elements: [LiteralSyntax]
  let range: SourceRange
  let site: PredicateSite
}

extension PredicateSite {
  /// Every predicate of every segment declaration of `decls`, in their order and source order.
  static func all(in decls: [Located<SegmentDecl>]) -> [PredicateSite] {
    decls.flatMap { decl in
      decl.node.condition.predicates.map { PredicateSite(predicate: $0, segment: decl.node, file: decl.file) }
    }
  }
}

extension ListSite {
  /// Every list literal of the predicates of `sites`, in their order.
  static func all(in sites: [PredicateSite]) -> [ListSite] {
    sites.flatMap { site in
      site.predicate.operands.compactMap { operand -> ListSite? in
        guard case .list(let elements, let range) = operand else { return nil }
        return ListSite(elements: elements, range: range, site: site)
      }
    }
  }
}

extension LiteralSyntax {
  /// The literal's value as written, for comparisons between literals: strings by value, numbers by value
  /// when they read as numbers, other literals by text.
  var identity: String? {
    switch self {
    case .string(let s, _): "s:" + s
    case .number(let n, _): Double(n).map { "n:\($0)" } ?? "v:" + n
    case .bool(let b, _): "b:\(b)"
    case .word(let w, _): "s:" + w
    case .regex(let r, _): "r:" + r
    case .list, .missing: nil
    }
  }
}
