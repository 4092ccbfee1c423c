/// Bounds on how deep and how costly one segment may be once the segments it refers to are expanded, and on the
/// work of one resolution.
///
/// Segments form a DAG. Resolution memoises each segment per resolution, so its work is linear in the compiled
/// rules and bounded by ``maxResolutionCost`` (checked by the compiler, `ResolutionCost`). The expanded measures
/// bound what follows references without a memo: the depth of the evaluator's recursion, and the linter's
/// reasoner, which expands segments into normal forms (`segment s2 = s1 and s1`, … makes that 2^n). The checker
/// rejects a segment over a limit.
public struct SemanticLimits: Sendable, Hashable {
  /// The deepest a condition may nest, counting each `and`/`or`/`not` level and each segment reference as one
  /// level, with referenced segments expanded. Over it: `segment-too-deep`. Default 256.
  public var maxConditionDepth: Int
  /// The most condition nodes (tests, `and`/`or`/`not` nodes and references) one segment may evaluate, with
  /// referenced segments expanded (a segment referred to twice counts twice). Over it: `segment-too-costly`.
  /// Default 1,000,000: more than a rules file of ``SyntaxLimits/maxFileBytes`` can hold in one condition, so only
  /// the multiplication by shared references can reach it.
  public var maxConditionCost: Int
  /// The most evaluation steps one resolution of one placement may take, as `ResolutionCost` counts them:
  /// each segment its rows reach counts once (results are memoised per resolution), a condition node is one step,
  /// a list test one step per literal, a rollout or an A/B draw 64 (an MD5), and a `matches` test its pattern's
  /// instruction count × 1,024 (the VM runs each instruction at most once per scalar, and profile strings are
  /// at most 1,024 bytes). Over it: `placement-too-costly`, at the placement. Default 1,000,000 steps, a few
  /// milliseconds in a release build at worst (docs/Performance.md).
  public var maxResolutionCost: Int

  public init(maxConditionDepth: Int = 256, maxConditionCost: Int = 1_000_000, maxResolutionCost: Int = 1_000_000) {
    self.maxConditionDepth = maxConditionDepth
    self.maxConditionCost = maxConditionCost
    self.maxResolutionCost = maxResolutionCost
  }

  public static let `default` = SemanticLimits()
}

extension Checker {
  /// Measures each segment's expanded depth and cost, in post-order (referenced segments first), and reports a
  /// segment over a limit only where it goes over (not every segment built on it). A segment in or depending on
  /// a cycle is not measured: the cycle is the error there.
  mutating func checkLimits(_ segments: [SegmentDefinition], order: [Int]) {
    var measured: [(depth: Int, cost: Int)?] = Array(repeating: nil, count: segments.count)
    for index in order {
      guard let size = Self.measure(segments[index].condition, measured) else { continue }
      measured[index] = size
      let entry = segmentDecls[index]
      let name = entry.decl.name.text
      let at = SourceSpan(file: entry.file, range: entry.decl.name.range)
      let referenced = references[index].compactMap { measured[$0.target] }
      if size.depth > limits.maxConditionDepth, !referenced.contains(where: { $0.depth > limits.maxConditionDepth }) {
        diagnostics.append(
          Diagnostic(
            .segmentTooDeep(name, depth: size.depth, limit: limits.maxConditionDepth),
            at: at, notes: [.depthCounting]))
      }
      if size.cost > limits.maxConditionCost, !referenced.contains(where: { $0.cost > limits.maxConditionCost }) {
        diagnostics.append(
          Diagnostic(
            .segmentTooCostly(name, cost: size.cost, cap: Self.costCap, limit: limits.maxConditionCost),
            at: at,
            notes: [.costCounting]))
      }
    }
  }

  /// Costs saturate here, so an exponential DAG cannot overflow `Int`.
  static let costCap = 1 << 40

  /// Depth and cost of a condition, using the measures of the segments it refers to; nil when it refers to a
  /// segment not measured (one in a cycle). Recursion follows the condition's own nesting only, which the
  /// parser bounds (``SyntaxLimits/maxNestingDepth``).
  static func measure(_ condition: Condition, _ measured: [(depth: Int, cost: Int)?]) -> (depth: Int, cost: Int)? {
    switch condition {
    case .all(let parts), .any(let parts):
      var depth = 0
      var cost = 1
      for part in parts {
        guard let size = measure(part, measured) else { return nil }
        depth = max(depth, size.depth)
        cost = min(cost + size.cost, costCap)
      }
      return (depth + 1, cost)
    case .not(let inner):
      return measure(inner, measured).map { ($0.depth + 1, min($0.cost + 1, costCap)) }
    case .segment(let index):
      return measured[index].map { ($0.depth + 1, min($0.cost + 1, costCap)) }
    case .predicate, .rollout, .constant:
      return (1, 1)
    }
  }
}
