/// Exact reasoning over segment conditions: satisfiability, implication, overlap, with example profiles.
///
/// Conditions are put in negation normal form (segments inlined), then in disjunctive normal form with a
/// size cap; each cube is decided per attribute (see ``SlotSolver``). A "satisfiable" answer always carries
/// a witness that the runtime's evaluator has confirmed; "unsatisfiable" is a proof over the models; where
/// the proof would need something not modelled (patterns, `starts_with`, rollouts, relative dates) the
/// answer is ``Satisfiability/unknown(_:)``.
public struct Reasoner: Sendable {
  public let model: CheckedRules
  /// The cap on the number of cubes of a normal form (default 1,024).
  public var cap: Int
  /// The instant at which relative date tests (`within last`, `years_since`) are checked when a witness needs
  /// them; default 2026-01-01T00:00:00Z, so findings are reproducible.
  public var now: Instant
  private let conditions: [Condition]

  public static let defaultNow = Instant(millisecondsSince1970: 1_767_225_600_000)

  public init(model: CheckedRules, cap: Int = 1_024, now: Instant = Reasoner.defaultNow) {
    self.model = model
    self.cap = cap
    self.now = now
    self.conditions = model.segments.map(\.condition)
  }

  /// A condition that must hold (`holds == true`) or must not hold.
  public struct Requirement: Sendable {
    public let condition: Condition
    public let holds: Bool

    public init(_ condition: Condition, holds: Bool = true) {
      self.condition = condition
      self.holds = holds
    }
  }

  /// The answer to "can one profile meet all these requirements?".
  public enum Satisfiability: Sendable {
    /// No profile can; `conflicts` lists, per alternative, the attribute whose tests contradict each other.
    case unsatisfiable(conflicts: [Conflict])
    /// This profile does (confirmed by evaluating the conditions on it).
    case satisfiable(Witness)
    /// Not decided, and why.
    case unknown(ReasoningLimit)
  }

  /// Whether one profile can satisfy every requirement.
  public func check(_ requirements: [Requirement]) -> Satisfiability {
    var builder = FormulaBuilder(segments: model.segments)
    let solver = CubeSolver(attributes: model.attributes, now: now)
    var cubes: [Cube] = [[]]
    var conflicts: [Conflict] = []
    do {
      for requirement in requirements {
        let formula = try builder.build(requirement.condition, positive: requirement.holds)
        cubes = try NormalForm.product(cubes, try NormalForm.cubes(formula, cap: cap), cap: cap)
        cubes = cubes.filter { cube in
          guard case .unsatisfiable(let conflict) = solver.solve(cube) else { return true }
          if let conflict { conflicts.append(conflict) }
          return false
        }
        if cubes.isEmpty { return .unsatisfiable(conflicts: conflicts) }
      }
    } catch {
      return .unknown(error)
    }
    for cube in cubes {
      guard case .satisfiable(let values) = solver.solve(cube) else { continue }
      let relative = cube.contains { Self.isRelative($0.test) }
      let witness = Witness(values: values, now: relative ? now : nil)
      if confirms(witness, requirements) { return .satisfiable(witness) }
    }
    return .unknown(.unmodeled)
  }

  /// Whether every profile matching `condition` also matches `other` (checked as "`condition` and not
  /// `other`" being unsatisfiable; a witness is a profile matching `condition` but not `other`).
  public func implication(_ condition: Condition, _ other: Condition) -> Satisfiability {
    check([Requirement(condition), Requirement(other, holds: false)])
  }

  /// True when the runtime evaluator agrees that the witness meets every requirement.
  func confirms(_ witness: Witness, _ requirements: [Requirement]) -> Bool {
    let bound = BoundProfile(witness.profile(model.attributes), attributes: model.attributes)
    let evaluator = Evaluator(segments: conditions, profile: bound, now: now)
    return requirements.allSatisfy { evaluator.holds($0.condition) == $0.holds }
  }

  static func isRelative(_ test: ValueTest?) -> Bool {
    switch test {
    case .dateWithinLast, .dateOlderThan, .yearsSince: true
    default: false
    }
  }
}

extension Reasoner.Satisfiability {
  /// True for a proved ``unsatisfiable(conflicts:)``.
  public var isUnsatisfiable: Bool {
    if case .unsatisfiable = self { return true }
    return false
  }

  /// The witness of a ``satisfiable(_:)`` answer.
  public var witness: Witness? {
    if case .satisfiable(let witness) = self { return witness }
    return nil
  }
}
