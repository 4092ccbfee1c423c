/// The dependency graph of placements through prerequisites: a placement depends on the placements whose
/// decisions its rows' segments (directly or through other segments) and its QA overrides read. A placement that
/// depends on itself is refused, with the whole cycle and the place of each edge.
extension Checker {
  /// Checks the graph of `model`'s placements and orders the prerequisites for the resolver.
  mutating func checkPrerequisiteGraph(_ model: CheckedRules) -> PrerequisitePlan {
    guard !prerequisites.isEmpty else { return PrerequisitePlan() }
    let placements = model.placements
    var plan = PrerequisitePlan()
    let placementIndex = Dictionary(
      placements.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    var bySlot: [Int: Int] = [:]
    var definitions = prerequisites
    for (index, prerequisite) in definitions.enumerated() {
      bySlot[prerequisite.slot] = index
      switch prerequisite.kind {
      case .content, .row:
        definitions[index].placements = placementIndex[prerequisite.target].map { [$0] } ?? []
      case .variation:
        definitions[index].placements = placements.indices.filter { placement in
          placements[placement].rows.contains { row in
            if case .test(let test) = row.content { return test.name == prerequisite.target }
            return false
          }
        }
      }
    }
    // The prerequisites each segment reads, through the segments it refers to (the segment graph is acyclic once
    // checked; `visiting` guards a cycle that was reported).
    var segmentUses: [[(prerequisite: Int, span: SourceSpan)]?] = Array(repeating: nil, count: model.segments.count)
    var visiting = Set<Int>()
    func uses(_ condition: Condition, into found: inout [(prerequisite: Int, span: SourceSpan)]) {
      switch condition {
      case .all(let parts), .any(let parts): for part in parts { uses(part, into: &found) }
      case .not(let inner): uses(inner, into: &found)
      case .segment(let index): found += segmentUse(index)
      case .predicate(let predicate):
        if let prerequisite = bySlot[predicate.slot] { found.append((prerequisite, predicate.span)) }
      case .rollout, .constant: break
      }
    }
    func segmentUse(_ index: Int) -> [(prerequisite: Int, span: SourceSpan)] {
      if let known = segmentUses[index] { return known }
      guard model.segments.indices.contains(index), visiting.insert(index).inserted else { return [] }
      var found: [(prerequisite: Int, span: SourceSpan)] = []
      uses(model.segments[index].condition, into: &found)
      visiting.remove(index)
      segmentUses[index] = found
      return found
    }
    // What each placement reads: its rows' segments, and the overrides of it or of its tests.
    var reads: [[(prerequisite: Int, span: SourceSpan)]] = Array(repeating: [], count: placements.count)
    for (index, placement) in placements.enumerated() {
      var testNames = Set<String>()
      for row in placement.rows {
        if let segment = row.segment { reads[index] += segmentUse(segment) }
        if case .test(let test) = row.content { testNames.insert(test.name) }
      }
      for override in model.overrides where override.target == placement.name || testNames.contains(override.target) {
        uses(override.condition, into: &reads[index])
      }
    }
    reportPrerequisiteCycles(placements, reads: reads, definitions: definitions)
    // Prerequisites in dependency order: a prerequisite after those its placements read.
    var order: [Int] = []
    var marks = Array(repeating: 0, count: definitions.count)  // 0 unvisited, 1 active, 2 done
    func visit(_ prerequisite: Int) {
      guard marks[prerequisite] == 0 else { return }
      marks[prerequisite] = 1
      for placement in definitions[prerequisite].placements {
        for read in reads[placement] { visit(read.prerequisite) }
      }
      marks[prerequisite] = 2
      order.append(prerequisite)
    }
    for prerequisite in definitions.indices { visit(prerequisite) }
    var position = Array(repeating: 0, count: definitions.count)
    for (at, prerequisite) in order.enumerated() { position[prerequisite] = at }
    plan.prerequisites = order.map { definitions[$0] }
    plan.needs = placements.indices.map { placement in
      var needed = Set<Int>()
      var pending = reads[placement].map(\.prerequisite)
      while let next = pending.popLast() {
        guard needed.insert(next).inserted else { continue }
        for dependency in definitions[next].placements { pending += reads[dependency].map(\.prerequisite) }
      }
      return needed.map { position[$0] }.sorted()
    }
    plan.dependencies = placements.indices.map { placement in
      var seen = Set<Int>()
      return reads[placement].flatMap { definitions[$0.prerequisite].placements }.filter { seen.insert($0).inserted }
    }
    return plan
  }

  /// Reports each cycle of placements once, at the first edge's place, with a note at every edge.
  private mutating func reportPrerequisiteCycles(
    _ placements: [PlacementDefinition], reads: [[(prerequisite: Int, span: SourceSpan)]],
    definitions: [PrerequisiteDefinition]
  ) {
    let edges: [[(target: Int, via: SourceSpan, subject: String)]] = reads.map { uses in
      uses.flatMap { use in
        definitions[use.prerequisite].placements.map { ($0, use.span, definitions[use.prerequisite].spelling) }
      }
    }
    var marks = Array(repeating: 0, count: placements.count)
    var path: [(node: Int, edge: Int)] = []
    var reported = Set<Set<Int>>()
    for root in placements.indices where marks[root] == 0 {
      marks[root] = 1
      path.append((root, 0))
      while let (node, edge) = path.last {
        guard edge < edges[node].count else {
          path.removeLast()
          marks[node] = 2
          continue
        }
        path[path.count - 1].edge += 1
        let target = edges[node][edge].target
        switch marks[target] {
        case 1:
          let start = path.lastIndex { $0.node == target }!
          let cycle = path[start...].map { ($0.node, edges[$0.node][$0.edge - 1]) }
          guard reported.insert(Set(cycle.map(\.0))).inserted else { continue }
          let names = cycle.map { placements[$0.0].name } + [placements[target].name]
          let notes = cycle.map { from, edge in
            Note.prerequisiteEdge(placements[from].name, reads: edge.subject, at: edge.via)
          }
          diagnostics.append(
            Diagnostic(.prerequisiteCycle(names), at: cycle[0].1.via, notes: notes + [.prerequisiteCycle]))
        case 0:
          marks[target] = 1
          path.append((target, 0))
        default: break
        }
      }
    }
  }
}
