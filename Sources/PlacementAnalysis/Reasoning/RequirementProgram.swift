import PlacementCore

/// The program that confirms a witness of requirements that are not all segments (a condition of their own,
/// such as `negation-over-answer`'s `experience is set`): the requirements' conditions and the segments they
/// reach, directly or through other segments, renumbered and compiled alone.
///
/// Its size is that of the requirements, not of the rule set, so confirming one witness costs the same beside
/// ten segments or a hundred thousand. It is a ``Program`` like the one resolution runs (the one evaluator), and
/// a segment's condition means the same in any program that holds it with every segment it refers to.
struct RequirementProgram {
  let program: Program
  /// The segment index in ``program`` of each requirement's condition, in the order of the requirements.
  let roots: [Int]

  /// - Parameters:
  ///   - requirements: the conditions to compile (whether each must hold plays no part here).
  ///   - segments: the model's segment conditions, indexed like ``CheckedRules/segments``.
  ///   - attributeCount: the number of attribute slots of the model.
  init(_ requirements: [Reasoner.Requirement], segments: [Condition], attributeCount: Int) {
    var renumbering = Renumbering()
    let written = requirements.map { renumbering.apply($0.condition) }
    // Compiling a segment may reach more segments: the loop ends when every segment reached is compiled.
    var reached: [Condition] = []
    while reached.count < renumbering.order.count {
      reached.append(renumbering.apply(segments[renumbering.order[reached.count]]))
    }
    roots = written.indices.map { reached.count + $0 }
    program = Program(conditions: reached + written, attributeCount: attributeCount, placements: [])
  }
}

/// Gives each model segment a condition refers to an index of its own, in the order they are first reached.
private struct Renumbering {
  /// The model index of each renumbered segment.
  var order: [Int] = []
  private var number: [Int: Int] = [:]

  /// `condition` with its segment references renumbered.
  mutating func apply(_ condition: Condition) -> Condition {
    switch condition {
    case .all(let parts): .all(parts.map { apply($0) })
    case .any(let parts): .any(parts.map { apply($0) })
    case .not(let inner): .not(apply(inner))
    case .segment(let index): .segment(renumbered(index))
    case .predicate, .rollout, .constant: condition
    }
  }

  private mutating func renumbered(_ index: Int) -> Int {
    if let known = number[index] { return known }
    number[index] = order.count
    order.append(index)
    return order.count - 1
  }
}
