import PlacementCore

/// The outcome for one cube (a conjunction of literals).
enum CubeOutcome: Sendable {
  /// Attribute values (by slot; absent slots are missing) satisfying every literal.
  case satisfiable([Int: Value])
  /// Proved impossible; `conflict` names the attribute whose literals contradict each other, with them.
  case unsatisfiable(conflict: Conflict?)
  /// Neither proved nor refuted, for want of a model of these literals.
  case unknown([Literal])
}

/// Literals on one attribute that no value satisfies together.
package struct Conflict: Sendable, Hashable {
  /// The attribute's name (empty for a conflict between rollouts).
  package let attribute: String
  /// The literals as written, e.g. `["age < 18", "age > 30"]`.
  package let literals: [String]
}

/// Decides cubes: the attributes of a profile are independent, so a cube holds for some profile exactly when
/// each attribute's literals hold for some value of that attribute. Rollouts are decided by trying a few
/// `profile_id`s (``RolloutWitness``); when none fits, the cube is "unknown", never "unsatisfiable".
struct CubeSolver {
  let attributes: [AttributeDefinition]
  let now: Instant
  /// Candidate values for attributes tested `in list` (``Reasoner/listIds``).
  var listIds: [String] = []

  func solve(_ cube: Cube) -> CubeOutcome {
    var bySlot: [Int: [Literal]] = [:]
    var free: [Literal] = []
    for literal in cube {
      if let slot = literal.slot { bySlot[slot, default: []].append(literal) } else { free.append(literal) }
    }
    var values: [Int: Value] = [:]
    var undecided: [Literal] = []
    for slot in bySlot.keys.sorted() {
      let literals = bySlot[slot]!
      guard slot < attributes.count else { return .unknown(literals) }
      switch SlotSolver(type: attributes[slot].type, now: now, listIds: listIds).solve(literals) {
      case .satisfiable(let value):
        if !value.isMissing { values[slot] = value }
      case .unsatisfiable:
        return .unsatisfiable(
          conflict: Conflict(attribute: attributes[slot].name, literals: literals.map(\.description)))
      case .unknown(let literals):
        undecided += literals
      }
    }
    if !undecided.isEmpty { return .unknown(undecided) }
    if free.isEmpty { return .satisfiable(values) }
    guard let id = RolloutWitness(attributes: attributes).profileID(for: free, constrained: bySlot) else {
      return .unknown(free)
    }
    values[id.slot] = .string(id.value)
    return .satisfiable(values)
  }
}
