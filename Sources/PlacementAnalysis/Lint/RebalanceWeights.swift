import PlacementCore

/// Adds a fix-it to the compiler's `invalid-weights` error when a test's weights do not sum to 100: the
/// weights scaled to sum to exactly 100 (largest remainders, every weight at least 1), e.g. 40/40/40 →
/// 34/33/33 and 33/33/33 → 34/33/33. The error itself comes from the compiler; this amends it.
struct RebalanceWeights {
  func amend(_ diagnostics: [Diagnostic], _ context: LintContext) -> [Diagnostic] {
    var fixes: [String: [FixIt]] = [:]
    for decl in context.placementDecls {
      for row in decl.node.rows { collect(row.content, decl.file, into: &fixes) }
    }
    for decl in context.testDecls {
      let weights = decl.node.variations.map(\.weight)
      if let fix = fixIts(weights, decl.file) { fixes[Self.key(decl.file, decl.node.name.range)] = fix }
    }
    return diagnostics.map { diagnostic in
      guard diagnostic.code == SemanticsCatalog.invalidWeights, let span = diagnostic.span,
        let fix = fixes[Self.key(span.file, span.range)]
      else { return diagnostic }
      var amended = diagnostic
      amended.fixIts += fix
      return amended
    }
  }

  private static func key(_ file: SourceFile, _ range: SourceRange) -> String {
    "\(file.name)|\(range.start)|\(range.end)"
  }

  private func collect(_ content: ContentSyntax, _ file: SourceFile, into fixes: inout [String: [FixIt]]) {
    guard case .test(let test) = content else { return }
    if let fix = fixIts(test.variations.map(\.weight), file) { fixes[Self.key(file, test.name.range)] = fix }
    for variation in test.variations { collect(variation.content, file, into: &fixes) }
  }

  private func fixIts(_ weights: [Name], _ file: SourceFile) -> [FixIt]? {
    let values = weights.compactMap { Int($0.text) }
    guard values.count == weights.count, let balanced = Self.rebalanced(values), balanced != values else { return nil }
    return zip(weights, zip(values, balanced)).compactMap { weight, pair in
      pair.0 == pair.1
        ? nil : .rebalance(to: balanced, at: SourceSpan(file: file, range: weight.range), weight: pair.1)
    }
  }

  /// Weights scaled to sum to 100 by largest remainders (ties to the earlier variation), each at least 1;
  /// nil when that is impossible (no weights, more than 100 variations, or a negative weight).
  static func rebalanced(_ weights: [Int]) -> [Int]? {
    guard !weights.isEmpty, weights.count <= 100, weights.allSatisfy({ $0 >= 0 }) else { return nil }
    let sum = weights.reduce(0, +)
    let scaled = sum == 0 ? weights.map { _ in 1 } : weights.map { max($0, 0) }
    let total = scaled.reduce(0, +)
    var result = scaled.map { $0 * 100 / total }
    let order = scaled.indices.sorted { (scaled[$0] * 100 % total, -$0) > (scaled[$1] * 100 % total, -$1) }
    var missing = 100 - result.reduce(0, +)
    for index in order where missing > 0 {
      result[index] += 1
      missing -= 1
    }
    // Every variation keeps at least 1%: take from the largest.
    for index in result.indices where result[index] == 0 {
      result[index] = 1
      if let largest = result.indices.max(by: { result[$0] < result[$1] }) { result[largest] -= 1 }
    }
    return result
  }
}
