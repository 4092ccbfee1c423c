/// Emits the nodes of conditions and the step of each node, indexed alike (see ``Program``); a test is lowered
/// straight to its ``Step``.
struct ProgramBuilder {
  var nodes: [Node] = []
  /// Each node's step, its jumps unset (``Step/linked(_:nodes:graph:segments:)`` sets them, and a segment
  /// reference's plan).
  var steps: [Step] = []
  var tests: [ValueTest] = []
  var rollouts: [(salt: String, threshold: Int)] = []
  var ramps: [(salt: String, steps: [RampStep])] = []
  var stringIDs: [[String: UInt64]]
  /// The words of the sets of string ids spanning more than 64 (``Program/stringSets``).
  var stringSets: [UInt64] = []

  init(attributeCount: Int) {
    stringIDs = Array(repeating: [:], count: attributeCount)
  }

  /// Emits `condition` and returns the index of its root node.
  mutating func emit(_ condition: Condition) -> Int32 {
    let index = nodes.count
    switch condition {
    case .all(let parts), .any(let parts):
      let isAll = if case .all = condition { true } else { false }
      // An empty `and` (`or`) is a leaf that holds (fails).
      append(Node(isAll ? .all : .any, operand: parts.count), parts.isEmpty ? Step(constant: isAll) : .interior)
      for part in parts { _ = emit(part) }
    case .not(let inner):
      append(Node(.not), .interior)
      _ = emit(inner)
    case .segment(let segment):
      append(Node(.segment, operand: segment), Step(.segment, slot: 0))
    case .constant(let value):
      append(Node(.constant), Step(constant: value))
    case .rollout(let salt, _, _, let steps) where !steps.isEmpty:
      append(Node(.rollout), Step(ramp: ramps.count))
      ramps.append((salt, steps))
    case .rollout(let salt, let threshold, _, _):
      append(Node(.rollout), Step(rollout: rollouts.count))
      rollouts.append((salt, threshold))
    case .predicate(let predicate):
      append(Node(.test, operand: tests.count), step(for: predicate.test, slot: predicate.slot))
      tests.append(predicate.test)
    }
    nodes[index].end = Int32(nodes.count)
    return Int32(index)
  }

  private mutating func append(_ node: Node, _ step: Step) {
    nodes.append(node)
    steps.append(step)
  }

  /// The step of `test` on attribute slot `slot`: a fast kind over the slot's ``Scalar`` where the test has
  /// one, else ``Step/Kind/generic``.
  mutating func step(for test: ValueTest, slot: Int) -> Step {
    switch test {
    case .isSet: return Step(.isSet, slot: slot)
    case .number(let comparison, let literal):
      return Step(.doubleRange, .number, slot: slot, Step.bounds(comparison, literal))
    case .numberBetween(let low, let high): return Step(.doubleRange, .number, slot: slot, (low, high))
    case .bool(let literal):
      let bit: UInt64 = literal ? 1 : 0
      return Step(.unsignedRange, .bool, slot: slot, (bit, bit))
    case .choiceIn(let mask): return Step(.bitOfMask, tag: .choice, slot: slot, a: mask)
    case .choicesHasAll(let mask): return Step(.hasAll, tag: .choices, slot: slot, a: mask)
    case .choicesHasAny(let mask): return Step(.hasAny, tag: .choices, slot: slot, a: mask)
    case .choicesIsEmpty: return Step(.unsignedRange, .choices, slot: slot, (UInt64(0), UInt64(0)))
    case .choicesCount(let comparison, let literal): return Step(.choicesCount, slot: slot, comparison, literal)
    case .date(let comparison, let literal):
      return Step(.signedRange, .date, slot: slot, Step.bounds(comparison, literal.millisecondsSince1970))
    case .dateBetween(let low, let high):
      return Step(.signedRange, .date, slot: slot, (low.millisecondsSince1970, high.millisecondsSince1970))
    case .dateWithinLast(let window): return Step(.dateWithinLast, slot: slot, a: UInt64(bitPattern: window))
    case .dateOlderThan(let window): return Step(.dateOlderThan, slot: slot, a: UInt64(bitPattern: window))
    case .yearsSince(let comparison, let literal): return Step(.yearsSince, slot: slot, comparison, literal)
    case .version(let comparison, let literal):
      guard let packed = Scalar.packVersion(literal) else { return Step(.generic, slot: slot) }
      return Step(.unsignedRange, .version, slot: slot, Step.bounds(comparison, packed))
    case .string(.equal, let literals, folded: nil):
      return membership(literals.map { stringID($0, slot: slot) }, slot: slot)
    default:
      return Step(.generic, slot: slot)
    }
  }

  /// The id of a string literal for a slot, assigning the next one (ids of a slot are `0 ..< count`, in order of
  /// first use, so the literals of one list usually get neighbouring ids). Canonically equivalent literals share
  /// an id: the table is keyed by `String`, whose equality is canonical equivalence.
  mutating func stringID(_ literal: String, slot: Int) -> UInt64 {
    if let id = stringIDs[slot][literal] { return id }
    let next = UInt64(stringIDs[slot].count)
    stringIDs[slot][literal] = next
    return next
  }

  /// The step on `slot` that holds when a string's id is one of `ids`: a mask over the 64 ids from the least
  /// one when they span at most 64 (every `==`), else a set of words in ``stringSets``.
  mutating func membership(_ ids: [UInt64], slot: Int) -> Step {
    guard let low = ids.min(), let high = ids.max() else { return Step(.bitOfMask, tag: .string, slot: slot) }
    if high - low < 64 {
      return Step(.bitOfMask, tag: .string, slot: slot, a: ids.reduce(0) { $0 | 1 << ($1 - low) }, b: low)
    }
    let first = low >> 6
    let count = (high >> 6) - first + 1
    let start = stringSets.count
    stringSets.append(contentsOf: repeatElement(0, count: Int(count)))
    for id in ids { stringSets[start + Int((id >> 6) - first)] |= 1 << (id & 63) }
    return Step(.bitOfSet, tag: .string, slot: slot, a: UInt64(start), b: first << 32 | count)
  }
}
