/// Emits nodes for conditions (see ``Program``).
struct ProgramBuilder {
  var nodes: [Node] = []
  var tests: [ValueTest] = []
  var rollouts: [(salt: String, threshold: Int)] = []
  var stringIDs: [[String: UInt64]]

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
      var mask: UInt64 = 0
      for literal in literals {
        guard let id = stringID(literal, slot: slot) else { return Node(op: .generic) }
        mask |= 1 << id
      }
      return Node(op: .stringIn, a: mask)
    default:
      return Node(op: .generic)
    }
  }

  /// The id of a string literal for a slot, assigning the next one; nil once the slot has 64.
  mutating func stringID(_ literal: String, slot: Int) -> UInt64? {
    if let id = stringIDs[slot][literal] { return id }
    let next = UInt64(stringIDs[slot].count)
    guard next < 64 else { return nil }
    stringIDs[slot][literal] = next
    return next
  }
}
