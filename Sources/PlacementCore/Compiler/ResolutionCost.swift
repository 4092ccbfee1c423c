/// The compile-time bound on one resolution: since a resolution evaluates each segment at
/// most once (``SegmentPlan/memoSlot``), its work is at most the summed cost of the segments its placement's rows
/// reach, each counted once, plus the rows themselves. ``SemanticLimits/maxResolutionCost`` states the bound in
/// the steps counted here; a placement over it does not compile.
struct ResolutionCost {
  /// Per segment: the cost of its own condition, references counted as one step (not expanded).
  let own: [Int]
  /// Per segment: the segments its condition refers to directly.
  let references: [[Int]]
  /// Steps every resolution spends before the walk: deriving each event slot (``EventQuery``) is one pass over at
  /// most ``EventLog/maxEvents`` events, each compared with the query's name and filters.
  var eventSteps = 0

  /// Steps of one rollout or A/B draw: an MD5 of the key.
  static let hashSteps = 64
  /// The longest string a `matches` test scans, in bytes (``ProfileLimits/maxStringBytes``' default).
  static let scannedBytes = 1_024

  init(conditions: [Condition]) {
    own = conditions.map(Self.steps)
    references = conditions.map { condition in
      var found: [Int] = []
      Self.references(condition, into: &found)
      return found
    }
  }

  /// The cost of resolving `placement`, and the costliest segment it reaches (nil when it reaches none).
  func cost(of placement: PlacementDefinition) -> (steps: Int, costliest: Int?) {
    var seen = Set<Int>()
    var stack: [Int] = []
    var steps = eventSteps
    for row in placement.rows {
      steps += 1
      if case .test = row.content { steps += Self.hashSteps }
      if let segment = row.segment, seen.insert(segment).inserted { stack.append(segment) }
    }
    var costliest: Int?
    while let segment = stack.popLast() {
      steps = Self.saturated(steps, own[segment])
      if own[segment] > costliest.map({ own[$0] }) ?? -1 { costliest = segment }
      for next in references[segment] where seen.insert(next).inserted { stack.append(next) }
    }
    return (steps, costliest)
  }

  /// The steps of one condition, not following segment references.
  static func steps(_ condition: Condition) -> Int {
    switch condition {
    case .all(let parts), .any(let parts): parts.reduce(1) { saturated($0, steps($1)) }
    case .not(let inner): saturated(1, steps(inner))
    case .segment, .constant: 1
    case .rollout: hashSteps
    case .predicate(let predicate): saturated(1, steps(predicate.test))
    }
  }

  /// The steps of one test beyond its node.
  static func steps(_ test: ValueTest) -> Int {
    switch test {
    case .matches(let pattern): pattern.instructionCount * scannedBytes
    case .string(_, let literals, let folded): literals.count + (folded?.count ?? 0)
    case .numberIn(let literals): literals.count
    case .versionIn(let literals): literals.count
    case .choicesHasEach(let groups): groups.count
    case .idList: hashSteps
    default: 0
    }
  }

  static func references(_ condition: Condition, into found: inout [Int]) {
    switch condition {
    case .all(let parts), .any(let parts): for part in parts { references(part, into: &found) }
    case .not(let inner): references(inner, into: &found)
    case .segment(let index): found.append(index)
    case .predicate, .rollout, .constant: break
    }
  }

  /// Costs saturate at 2^40, so no rule set can overflow them.
  static func saturated(_ a: Int, _ b: Int) -> Int { min(a + b, 1 << 40) }

  /// `placement-too-costly` for each placement over `limit`, at the placement's name, with a note at the
  /// costliest segment it reaches.
  static func diagnostics(_ model: CheckedRules, conditions: [Condition], limit: Int) -> [Diagnostic] {
    var cost = ResolutionCost(conditions: conditions)
    cost.eventSteps = model.attributes.reduce(0) { total, attribute in
      guard let query = attribute.event else { return total }
      return saturated(total, EventLog.maxEvents * (1 + query.filters.count))
    }
    return model.placements.compactMap { placement in
      let (steps, costliest) = cost.cost(of: placement)
      guard steps > limit else { return nil }
      var notes = [Note.resolutionCostCounting(scannedBytes: scannedBytes)]
      if let costliest {
        let segment = model.segments[costliest]
        notes.append(.segmentCost(segment.name, steps: cost.own[costliest], at: segment.span))
      }
      return Diagnostic(
        .placementTooCostly(placement.name, steps: steps, limit: limit), at: placement.span, notes: notes)
    }
  }
}
