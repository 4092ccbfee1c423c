/// One step of a checked ramp: from ``from`` on, until the next step's, the ramp's rollout admits the profiles
/// whose bucket (0–9,999) is below ``threshold``.
package struct RampStep: Sendable, Hashable {
  /// When the step begins, and its instant as written.
  package let from: Schedule.Bound
  /// Basis points: a 25 % step admits buckets below 2,500.
  package let threshold: Int

  package init(from: Schedule.Bound, threshold: Int) {
    self.from = from
    self.threshold = threshold
  }

  /// Where a ramp stands at one instant: the step that holds and the one that begins next.
  package struct Position: Sendable, Equatable {
    /// The index of the step that holds: the last whose instant is at or before `now`; nil before the first.
    package let current: Int?
    /// The index of the step after ``current`` (the first before the ramp starts); nil after the last.
    package let next: Int?
  }

  /// The position of a ramp with `steps` (in time order) at `now`.
  package static func position(_ steps: [RampStep], at now: Instant) -> Position {
    var current: Int?
    for index in steps.indices {
      guard steps[index].from.instant <= now else { break }
      current = index
    }
    let next = current.map { $0 + 1 } ?? 0
    return Position(current: current, next: next < steps.count ? next : nil)
  }

  /// The threshold of a ramp with `steps` at `now`: the current step's, 0 before the first step.
  @inline(__always)
  package static func threshold(_ steps: [RampStep], at now: Instant) -> Int {
    position(steps, at: now).current.map { steps[$0].threshold } ?? 0
  }

  /// A threshold in basis points as a percentage, written as short as it goes: 2500 is `25`, 250 is `2.5`, 1234
  /// is `12.34`.
  package static func percentText(_ threshold: Int) -> String {
    let whole = threshold / 100
    let fraction = threshold % 100
    if fraction == 0 { return "\(whole)" }
    return fraction % 10 == 0 ? "\(whole).\(fraction / 10)" : "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}

extension Condition {
  /// The ramps written in the condition, by salt with their steps, in source order, each salt once; with
  /// `segments` (every segment's condition, by index), also those of the segments it refers to, each segment
  /// visited once.
  package func ramps(through segments: [Condition]? = nil) -> [(salt: String, steps: [RampStep])] {
    var found: [(salt: String, steps: [RampStep])] = []
    var seen: Set<Int> = []
    func visit(_ condition: Condition) {
      switch condition {
      case .all(let parts), .any(let parts): parts.forEach(visit)
      case .not(let inner): visit(inner)
      case .segment(let index):
        guard let segments, index < segments.count, seen.insert(index).inserted else { return }
        visit(segments[index])
      case .rollout(let salt, _, _, let steps) where !steps.isEmpty:
        if !found.contains(where: { $0.salt == salt }) { found.append((salt, steps)) }
      case .rollout, .predicate, .constant: break
      }
    }
    visit(self)
    return found
  }
}
