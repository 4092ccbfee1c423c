import PlacementCore

/// The instants a placement is compared at. Rows with a window (their own or their test's) are live in some
/// stretches of time only; between two consecutive edges of any window, on either side, the same rows are live.
/// A placement is compared at `now` and at one instant of every other stretch whose set of live rows differs
/// (the edge that opens it; the millisecond before the first edge for the stretch before it), so a change that
/// shows only outside `now`'s stretch (a window moved, a promotion that hides a change until it ends) is found,
/// at the instant its example names.
extension PlacementComparison {
  /// One stretch: an instant in it and which rows are live then on each side.
  struct Phase {
    let instant: Instant
    let oldLive: [Bool]
    let newLive: [Bool]
  }

  /// The stretches to compare: `now`'s first, then the others by their instant, each set of live rows once;
  /// at most `limit` (the count left out is returned).
  static func phases(now: Instant, old: [AudienceRow], new: [AudienceRow], limit: Int, ramps: [Instant] = []) -> (
    phases: [Phase], omitted: Int
  ) {
    var edges = Set(ramps.flatMap { [$0, $0.adding(milliseconds: -1)] })
    for row in old + new {
      guard let schedule = row.effectiveSchedule else { continue }
      for bound in [schedule.from, schedule.until].compactMap({ $0 }) {
        edges.formUnion([bound.instant, bound.instant.adding(milliseconds: -1)])
      }
    }
    func live(_ rows: [AudienceRow], _ instant: Instant) -> [Bool] {
      rows.map { $0.effectiveSchedule?.contains(instant) ?? true }
    }
    // A stretch is also told apart by the ramp steps that hold in it: how many steps have begun.
    let steps = ramps.sorted()
    var seen: Set<[Int]> = []
    var out: [Phase] = []
    var omitted = 0
    for instant in [now] + edges.sorted() {
      let phase = Phase(instant: instant, oldLive: live(old, instant), newLive: live(new, instant))
      let begun = steps.count { $0 <= instant }
      guard seen.insert((phase.oldLive + phase.newLive).map { $0 ? 1 : 0 } + [begun]).inserted else { continue }
      if out.count < limit { out.append(phase) } else { omitted += 1 }
    }
    return (out, omitted)
  }
}

/// The reasoners of one diff, one per instant compared when the conditions use relative dates (a window such
/// as `within last 7 days` holds for other profiles at another instant), else one for every instant.
final class PhaseReasoners {
  let model: CheckedRules
  let now: Instant
  /// Candidate values for attributes tested `in list` (``Reasoner/listIds``).
  let listIds: [String]
  /// True when some condition uses a relative date test.
  let relative: Bool
  private var reasoners: [Instant: Reasoner] = [:]

  init(model: CheckedRules, now: Instant, conditions: [Condition], listIds: [String] = []) {
    self.model = model
    self.now = now
    self.listIds = listIds
    relative = (model.segments.map(\.condition) + conditions).contains { Self.usesRelativeDates($0) }
    reasoners[now] = Reasoner(model: model, now: now, listIds: listIds)
  }

  /// The reasoner that judges relative dates at `instant`.
  func at(_ instant: Instant) -> Reasoner {
    let key = relative ? instant : now
    if let known = reasoners[key] { return known }
    let reasoner = Reasoner(model: model, now: key, listIds: listIds)
    reasoners[key] = reasoner
    return reasoner
  }

  static func usesRelativeDates(_ condition: Condition) -> Bool {
    switch condition {
    case .all(let parts), .any(let parts): parts.contains(where: usesRelativeDates)
    case .not(let inner): usesRelativeDates(inner)
    case .predicate(let predicate): Reasoner.isRelative(predicate.test)
    case .rollout(_, _, _, let steps): !steps.isEmpty
    case .segment, .constant: false
    }
  }
}

extension PlacementComparison {
  /// The instants at which a step of a ramp the rows use (on either side) begins: the decision of a row with a
  /// ramp changes there, so each step is compared at its own instant.
  var rampInstants: [Instant] {
    func instants(_ rows: [AudienceRow], _ rules: RuleSet) -> [Instant] {
      rows.compactMap(\.segment).flatMap { AudienceTable.ramps(of: $0, in: rules) }.flatMap {
        $0.steps.map(\.from.instant)
      }
    }
    return instants(old.rows, oldRules) + instants(new.rows, newRules)
  }
}
