/// One step of a checked ramp: from ``instant`` on, until the next step's, the ramp's rollout admits the
/// profiles whose bucket (0–9,999) is below ``threshold``.
package struct RampStep: Sendable, Hashable {
  package let instant: Instant
  /// Basis points: a 25 % step admits buckets below 2,500.
  package let threshold: Int
  /// The instant as written.
  package let text: String

  package init(instant: Instant, threshold: Int, text: String) {
    self.instant = instant
    self.threshold = threshold
    self.text = text
  }

  /// The index of the step of `steps` (in time order) that holds at `now`: the last whose instant is at or
  /// before `now`; nil before the first.
  package static func current(_ steps: [RampStep], at now: Instant) -> Int? {
    var found: Int?
    for index in steps.indices {
      guard steps[index].instant <= now else { break }
      found = index
    }
    return found
  }

  /// The threshold of a ramp with `steps` at `now`: the current step's, 0 before the first step.
  @inline(__always)
  package static func threshold(_ steps: [RampStep], at now: Instant) -> Int {
    current(steps, at: now).map { steps[$0].threshold } ?? 0
  }
}

extension Condition {
  /// The condition with every ramp replaced by the plain rollout of its step at `now` (its text kept), so that a
  /// reasoner judging one instant sees a fixed percentage.
  package func rampsFixed(at now: Instant) -> Condition {
    switch self {
    case .all(let parts): .all(parts.map { $0.rampsFixed(at: now) })
    case .any(let parts): .any(parts.map { $0.rampsFixed(at: now) })
    case .not(let inner): .not(inner.rampsFixed(at: now))
    case .rollout(let salt, _, let text, let steps) where !steps.isEmpty:
      .rollout(salt: salt, threshold: RampStep.threshold(steps, at: now), text: text)
    case .segment, .predicate, .rollout, .constant: self
    }
  }

  /// Whether the condition holds a ramp (not following segment references).
  package var hasRamp: Bool {
    switch self {
    case .all(let parts), .any(let parts): parts.contains { $0.hasRamp }
    case .not(let inner): inner.hasRamp
    case .rollout(_, _, _, let steps): !steps.isEmpty
    case .segment, .predicate, .constant: false
    }
  }

  /// The instants of the ramps' steps (not following segment references).
  package var rampInstants: [Instant] {
    switch self {
    case .all(let parts), .any(let parts): parts.flatMap(\.rampInstants)
    case .not(let inner): inner.rampInstants
    case .rollout(_, _, _, let steps): steps.map(\.instant)
    case .segment, .predicate, .constant: []
    }
  }
}
