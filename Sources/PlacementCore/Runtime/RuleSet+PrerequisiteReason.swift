/// What the reason `PREREQUISITE_FAILED` needs: the conditions with every prerequisite test taken as holding, and
/// which rows read a prerequisite. Built only for rules whose conditions read one.
///
/// A row above the deciding one failed on a prerequisite when its condition is false for the profile and its
/// relaxed condition (each prerequisite leaf replaced by `true`, nothing else changed) holds. The relaxed conditions
/// are compiled unfolded, so that every other test is emitted in the same order as in ``RuleSet/program``: string
/// literal ids are numbered per slot in emission order, and a profile bound for the rule set's program reads the
/// same in both.
package final class PrerequisiteReasons: Sendable {
  /// The relaxed conditions, indexed like ``RuleSet/conditions``.
  let program: Program
  /// Per placement: whether any of its rows reads a prerequisite.
  let placementReads: [Bool]
  /// Per placement, per row: whether the row's segment reads a prerequisite, directly or through a segment.
  let rowReads: [[Bool]]

  /// Nil when no condition reads a prerequisite.
  init?(
    conditions: [Condition], attributes: [AttributeDefinition], placements: [PlacementDefinition],
    eventQueries: [(slot: Int, query: EventQuery)]
  ) {
    let prerequisiteSlots = Set(attributes.filter(\.isPrerequisite).map(\.slot))
    guard !prerequisiteSlots.isEmpty else { return nil }
    var reads = [Bool?](repeating: nil, count: conditions.count)
    func readsPrerequisite(_ condition: Condition) -> Bool {
      switch condition {
      case .all(let parts), .any(let parts): parts.contains(where: readsPrerequisite)
      case .not(let inner): readsPrerequisite(inner)
      case .segment(let index): segmentReads(index)
      case .predicate(let predicate): prerequisiteSlots.contains(predicate.slot)
      case .rollout, .constant: false
      }
    }
    func segmentReads(_ index: Int) -> Bool {
      if let known = reads[index] { return known }
      let result = readsPrerequisite(conditions[index])
      reads[index] = result
      return result
    }
    func relaxed(_ condition: Condition) -> Condition {
      switch condition {
      case .all(let parts): .all(parts.map(relaxed))
      case .any(let parts): .any(parts.map(relaxed))
      case .not(let inner): .not(relaxed(inner))
      case .predicate(let predicate) where prerequisiteSlots.contains(predicate.slot): .constant(true)
      case .segment, .predicate, .rollout, .constant: condition
      }
    }
    let rowReads = placements.map { placement in
      placement.rows.map { row in row.segment.map(segmentReads) ?? false }
    }
    guard rowReads.contains(where: { $0.contains(true) }) else { return nil }
    self.rowReads = rowReads
    placementReads = rowReads.map { $0.contains(true) }
    program = Program(
      conditions: conditions.map(relaxed), attributeCount: attributes.count, placements: placements,
      eventQueries: eventQueries)
  }
}

extension RuleSet {
  /// Whether a row of placement `index` above `decidingRow` did not match `profile` at `now` only because of a
  /// prerequisite test (``Resolution/prerequisiteFailed``). Off the hot path: only for placements with a row that
  /// reads a prerequisite, and only those rows are evaluated again (each in a run of its own, unobserved).
  @inline(never)
  func prerequisiteFailed(
    placement index: Int, before decidingRow: Int, _ profile: borrowing BoundProfile, now: Instant
  ) -> Bool {
    guard let reasons = prerequisiteReasons, reasons.placementReads[index] else { return false }
    let rows = placements[index].rows
    for row in 0..<decidingRow where reasons.rowReads[index][row] {
      guard let segment = rows[row].segment else { continue }
      if !program.holds(segment: segment, profile, now: now)
        && reasons.program.holds(segment: segment, profile, now: now)
      {
        return true
      }
    }
    return false
  }
}

extension RuleSet {
  /// The decisions the prerequisites placement `index` reads (directly or through another placement) were read
  /// from, as deciding them recorded (``BoundProfile/prerequisiteRecord``), for `profile` (whose prerequisites are
  /// decided): each once, in dependency order, without explanation; nil when the placement reads none. A
  /// `variation(t)` gives the placement whose draw gave the variation, or, when none drew the test, each
  /// placement deciding it resolved. Nothing is resolved here.
  func prerequisiteDecisions(of index: Int, for profile: BoundProfile) -> [Decision]? {
    guard !prerequisitePlan.isEmpty, !prerequisitePlan.needs[index].isEmpty,
      let record = profile.prerequisiteRecord
    else { return nil }
    var seen = Set<Int>()
    var decisions: [Decision] = []
    for needed in prerequisitePlan.needs[index] {
      let sources = record.sources[needed].map { [$0] } ?? prerequisitePlan.prerequisites[needed].placements
      for placement in sources where seen.insert(placement).inserted {
        guard let (resolution, trail) = record.resolution(of: placement) else { continue }
        decisions.append(decision(resolution, trail: trail, for: profile, explanation: nil))
      }
    }
    return decisions
  }
}
