/// The outcome for one cube (a conjunction of literals).
enum CubeOutcome: Sendable {
  /// Attribute values (by slot; absent slots are missing) satisfying every literal.
  case satisfiable([Int: Value])
  /// Proved impossible; `conflict` names the attribute whose literals contradict each other, with them.
  case unsatisfiable(conflict: Conflict?)
  case unknown
}

/// Literals on one attribute that no value satisfies together.
public struct Conflict: Sendable, Hashable {
  /// The attribute's name (empty for a conflict between rollouts).
  public let attribute: String
  /// The literals as written, e.g. `["age < 18", "age > 30"]`.
  public let literals: [String]
}

/// Decides cubes: the attributes of a profile are independent, so a cube holds for some profile exactly when
/// each attribute's literals hold for some value of that attribute. Free literals (rollouts) are not
/// modelled: a cube that needs one is at best "unknown".
struct CubeSolver {
  let attributes: [AttributeDefinition]
  let now: Instant

  func solve(_ cube: Cube) -> CubeOutcome {
    var bySlot: [Int: [Literal]] = [:]
    var hasFree = false
    for literal in cube {
      if let slot = literal.slot { bySlot[slot, default: []].append(literal) } else { hasFree = true }
    }
    var values: [Int: Value] = [:]
    var unknown = hasFree
    for slot in bySlot.keys.sorted() {
      let literals = bySlot[slot]!
      guard slot < attributes.count else { return .unknown }
      switch SlotSolver(type: attributes[slot].type, now: now).solve(literals) {
      case .satisfiable(let value):
        if !value.isMissing { values[slot] = value }
      case .unsatisfiable:
        return .unsatisfiable(
          conflict: Conflict(attribute: attributes[slot].name, literals: literals.map(\.description)))
      case .unknown:
        unknown = true
      }
    }
    return unknown ? .unknown : .satisfiable(values)
  }
}
