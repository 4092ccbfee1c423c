/// Emits nodes for conditions (see ``Program``).
struct ProgramBuilder {
  var nodes: [Node] = []
  var tests: [ValueTest] = []
  var rollouts: [(salt: String, threshold: Int)] = []
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
      nodes.append(Node(op: isAll ? .all : .any, a: UInt64(parts.count)))
      for part in parts { _ = emit(part) }
    case .not(let inner):
      nodes.append(Node(op: .not))
      _ = emit(inner)
    case .segment(let segment):
      nodes.append(Node(op: .segment, a: UInt64(segment)))
    case .constant(let value):
      nodes.append(Node(op: .constant, a: value ? 1 : 0))
    case .rollout(let salt, let threshold, _):
      nodes.append(Node(op: .rollout, a: UInt64(rollouts.count)))
      rollouts.append((salt, threshold))
    case .predicate(let predicate):
      var node = instruction(for: predicate.test, slot: predicate.slot)
      node.slot = Int32(predicate.slot)
      node.test = Int32(tests.count)
      tests.append(predicate.test)
      nodes.append(node)
    }
    nodes[index].end = Int32(nodes.count)
    return Int32(index)
  }

  /// The fast instruction for a test, or `.generic`.
  mutating func instruction(for test: ValueTest, slot: Int) -> Node {
    switch test {
    case .isSet: return Node(op: .isSet)
    case .number(let comparison, let literal): return Node(op: .number, comparison: comparison, a: literal.bitPattern)
    case .numberBetween(let low, let high): return Node(op: .numberBetween, a: low.bitPattern, b: high.bitPattern)
    case .bool(let literal): return Node(op: .bool, a: literal ? 1 : 0)
    case .choiceIn(let mask): return Node(op: .choiceIn, a: mask)
    case .choicesHasAll(let mask): return Node(op: .choicesHasAll, a: mask)
    case .choicesHasAny(let mask): return Node(op: .choicesHasAny, a: mask)
    case .choicesIsEmpty: return Node(op: .choicesIsEmpty)
    case .choicesCount(let comparison, let literal):
      return Node(op: .choicesCount, comparison: comparison, a: literal.bitPattern)
    case .date(let comparison, let literal):
      return Node(op: .date, comparison: comparison, a: UInt64(bitPattern: literal.millisecondsSince1970))
    case .dateBetween(let low, let high):
      return Node(
        op: .dateBetween, a: UInt64(bitPattern: low.millisecondsSince1970),
        b: UInt64(bitPattern: high.millisecondsSince1970))
    case .dateWithinLast(let window): return Node(op: .dateWithinLast, a: UInt64(bitPattern: window))
    case .dateOlderThan(let window): return Node(op: .dateOlderThan, a: UInt64(bitPattern: window))
    case .yearsSince(let comparison, let literal):
      return Node(op: .yearsSince, comparison: comparison, a: literal.bitPattern)
    case .version(let comparison, let literal):
      guard let packed = Scalar.packVersion(literal) else { return Node(op: .generic) }
      return Node(op: .version, comparison: comparison, a: packed)
    case .string(.equal, let literals, folded: nil):
      return membership(literals.map { stringID($0, slot: slot) })
    default:
      return Node(op: .generic)
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

  /// The instruction that holds when a string's id is one of `ids`: a mask over the 64 ids from the least one
  /// when they span at most 64 (every `==`), else a set of words in ``stringSets``.
  mutating func membership(_ ids: [UInt64]) -> Node {
    guard let low = ids.min(), let high = ids.max() else { return Node(op: .stringIn, a: 0, b: 0) }
    if high - low < 64 {
      return Node(op: .stringIn, a: ids.reduce(0) { $0 | 1 << ($1 - low) }, b: low)
    }
    let first = low >> 6
    let count = (high >> 6) - first + 1
    let start = stringSets.count
    stringSets.append(contentsOf: repeatElement(0, count: Int(count)))
    for id in ids { stringSets[start + Int((id >> 6) - first)] |= 1 << (id & 63) }
    return Node(op: .stringInSet, a: UInt64(start), b: first << 32 | count)
  }
}
