import PlacementCore

extension RulesDiff {
  /// The most witnesses of changed prerequisites a dependant is resolved with.
  static let prerequisiteWitnessLimit = 64

  /// Follows prerequisites: the comparison of a placement's own table takes the prerequisites its conditions
  /// read as deciding alike on both sides, so a placement whose conditions read, directly or through others, the
  /// decision of a placement that changed or was not proved equivalent is neither proved equivalent nor are its
  /// changes complete. Every witness of those placements' transitions is resolved at the dependant by both rule
  /// sets (at the witness's instant); one decided differently is a transition of the dependant with cause
  /// ``Cause/Kind/prerequisiteChanged``, and the dependant is ``PlacementDiff/Status/changed``. When no witness
  /// moves it, it keeps its status, an equivalent one becoming ``PlacementDiff/Status/unknown``. Either way it
  /// gets an undecided entry naming those placements: the search proves nothing, and other profiles may move to
  /// other decisions. Dependencies are followed before their dependants, so a chain carries its witnesses.
  /// A placement read through `row(p)` moves its dependants also when it is equivalent but not every profile is
  /// decided by a row of the same name (`sameDecidingRows` names those that are): the row a profile gets may
  /// change while the content does not.
  static func followingPrerequisites(
    _ placements: [PlacementDiff], old oldRules: RuleSet, new newRules: RuleSet, sameDecidingRows: Set<String>,
    now: Instant
  ) -> [PlacementDiff] {
    let plan = newRules.prerequisitePlan
    guard !plan.isEmpty else { return placements }
    var result = placements
    let position = Dictionary(
      result.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    let oldByName = Dictionary(
      oldRules.placements.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    for index in dependencyOrder(plan.dependencies) {
      let new = newRules.placements[index]
      guard let at = position[new.name], result[at].status != .skipped, let old = oldByName[new.name] else {
        continue
      }
      let rowsRead = Set(
        plan.needs[index].map { plan.prerequisites[$0] }.filter { $0.kind == .row }.map(\.target))
      let reachedNames = reached(from: index, plan.dependencies).map { newRules.placements[$0].name }
      let changedDecisions = reachedNames.filter { name in
        position[name].map { result[$0].status != .equivalent } ?? true
      }
      let changedRows = reachedNames.filter { name in
        rowsRead.contains(name) && !sameDecidingRows.contains(name) && !changedDecisions.contains(name)
      }
      let changed = (changedDecisions + changedRows).sorted()
      guard !changed.isEmpty else { continue }
      let candidates = changed.flatMap { name in position[name].map { result[$0].transitions } ?? [] }
      let found = moved(
        old: old, new: new, rules: (oldRules, newRules), by: candidates.prefix(prerequisiteWitnessLimit),
        prerequisites: changed, now: now)
      // The table's own comparison took each prerequisite as deciding alike on both sides, so its transitions
      // are kept and the witnesses' are added. A placement no witness moves keeps its status (an equivalent one
      // becomes unknown): its undecided entry says what is not proved.
      let own = result[at]
      let known = Set(own.transitions.map { "\($0.old)\u{0}\($0.new)" })
      let added = found.filter { !known.contains("\($0.old)\u{0}\($0.new)") }
      let status: PlacementDiff.Status =
        !added.isEmpty || own.status == .changed ? .changed : own.status == .equivalent ? .unknown : own.status
      var followed = PlacementDiff(
        name: new.name, status: status,
        transitions: (own.transitions + added).sorted { ($0.old, $0.new) < ($1.old, $1.new) },
        undecided: own.undecided)
      followed.runningTests = result[at].runningTests
      followed.newContentIDs = result[at].newContentIDs
      followed.overrides = result[at].overrides
      // The witnesses are a search, not a proof: other profiles whose prerequisite changes may move too, to
      // other decisions, whether or not one moved.
      if !changedDecisions.isEmpty {
        let names = changedDecisions.sorted()
        followed.undecided.append(
          "its conditions read the decision of \(names.joined(separator: ", ")), which "
            + "\(names.count == 1 ? "is" : "are") not equivalent: profiles whose prerequisite changes may move")
      }
      if !changedRows.isEmpty {
        let names = changedRows.sorted()
        followed.undecided.append(
          "its conditions read the deciding row of \(names.joined(separator: ", ")), whose rows changed: profiles "
            + "decided by another row with the same content may move")
      }
      result[at] = followed
    }
    return result
  }

  /// The transitions of a placement that the candidates' witnesses show, one per (old, new) outcome (the first
  /// witness found), sorted by old then new outcome. Each witness is resolved at its own instant, then at one
  /// instant of each other stretch of time where the placement's live rows differ: a scheduled row that reads a
  /// prerequisite moves profiles only while it is live.
  private static func moved(
    old: PlacementDefinition, new: PlacementDefinition, rules: (old: RuleSet, new: RuleSet),
    by candidates: ArraySlice<Transition>, prerequisites: [String], now: Instant
  ) -> [Transition] {
    var found: [String: Transition] = [:]
    let stretches = PlacementComparison.phases(
      now: now, old: old.rows, new: new.rows, limit: PlacementComparison.phaseLimit
    ).phases.map(\.instant)
    for candidate in candidates {
      guard let profile = try? Profile(jsonBytes: Array(candidate.witness.utf8)) else { continue }
      let own = candidate.now ?? now
      for instant in [own] + stretches.filter({ $0 != own }) {
        let options = ResolveOptions(now: instant)
        guard let before = try? rules.old.resolve(old.name, for: profile, options: options),
          let after = try? rules.new.resolve(new.name, for: profile, options: options),
          before.audience.index >= 0, after.audience.index >= 0
        else { continue }
        let was = Outcome(before)
        let becomes = Outcome(after)
        let key = "\(was)\u{0}\(becomes)"
        guard was != becomes, found[key] == nil else { continue }
        // With the same rows on both sides, the higher of the two deciding rows is the one whose match changed;
        // else the new deciding row is named.
        let i = before.audience.index
        let j = after.audience.index
        let row = old.rows.map(\.name) == new.rows.map(\.name) ? min(i, j) : j
        found[key] = Transition(
          placement: new.name, old: was, new: becomes, witness: candidate.witness,
          now: instant == own ? candidate.now : instant,
          oldRow: RowRef(index: i, name: old.rows[i].name, span: old.rows[i].span),
          newRow: RowRef(index: j, name: new.rows[j].name, span: new.rows[j].span),
          causes: [
            Cause(
              kind: .prerequisiteChanged, row: RowRef(index: row, name: new.rows[row].name, span: new.rows[row].span),
              prerequisites: prerequisites)
          ])
      }
    }
    return found.values.sorted { ($0.old, $0.new) < ($1.old, $1.new) }
  }

  /// The placements in an order where each comes after the placements its conditions read.
  static func dependencyOrder(_ dependencies: [[Int]]) -> [Int] {
    var order: [Int] = []
    var visited = [Bool](repeating: false, count: dependencies.count)
    func visit(_ index: Int) {
      guard !visited[index] else { return }
      visited[index] = true
      for next in dependencies[index] { visit(next) }
      order.append(index)
    }
    for index in dependencies.indices { visit(index) }
    return order
  }

  /// The placements whose decisions `index` reads, directly or through others.
  static func reached(from index: Int, _ dependencies: [[Int]]) -> [Int] {
    var seen = Set<Int>()
    var pending = dependencies[index]
    while let next = pending.popLast() {
      guard seen.insert(next).inserted else { continue }
      pending += dependencies[next]
    }
    return seen.sorted()
  }
}
