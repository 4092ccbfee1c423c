/// The segments' conditions compiled to one flat array of plain-data instructions, which is what a resolution
/// evaluates: nothing in it is reference-counted, so evaluating it neither allocates nor retains.
///
/// Each condition is a subtree stored in prefix order: a node's children follow it, and ``Node/end`` is the index
/// just past its subtree, so an `and`/`or` short-circuits by jumping. Tests on common value shapes (numbers,
/// options, dates, booleans, release versions, string equality against literals) are instructions of their own
/// over a bound profile's ``Scalar``s; every other test, and every value the fast instruction cannot read, goes
/// through the reference `Evaluator.test` with the original ``ValueTest`` (kept in ``tests``). The tree
/// `Evaluator` stays the reference semantics; ProgramDifferentialTests checks that both agree.
///
/// A class so that bound profiles can check, by identity, that they were bound for this program's layout.
final class Program: Sendable {
  let nodes: [Node]
  /// The root node of each segment's condition, indexed like ``RuleSet/segments``.
  let roots: [Int32]
  /// The original test of every predicate node (``Node/test``), for the reference path.
  let tests: [ValueTest]
  /// Rollout salts and thresholds, indexed by ``Node/a`` of `.rollout` nodes.
  let rollouts: [(salt: String, threshold: Int)]
  /// Per attribute slot: the string literals that equality tests compare that slot with, and their ids (0..<64).
  /// Binding stores the id of a profile's string in its scalar, so `==`/`in` becomes a bit test.
  let stringIDs: [[String: UInt64]]
  /// Placement names → index, looked up by bytes (the `String` dictionary of ``RuleSet`` hashes with SipHash,
  /// several times slower); names are ASCII identifiers, so bytes equal means names equal.
  let placementNames: ByteKeyTable

  init(conditions: [Condition], attributeCount: Int, placements: [PlacementDefinition]) {
    var builder = ProgramBuilder(attributeCount: attributeCount)
    roots = conditions.map { builder.emit($0) }
    nodes = builder.nodes
    tests = builder.tests
    rollouts = builder.rollouts
    stringIDs = builder.stringIDs
    placementNames = ByteKeyTable(placements.enumerated().map { ($1.name, Int32($0)) })
  }

  /// The index of the placement called `name` when `name` is spelled with the same bytes; nil otherwise (the
  /// caller then asks the `String` dictionary, which also matches canonically equivalent spellings).
  func placementIndex(_ name: String) -> Int? {
    var name = name
    return name.withUTF8 { placementNames.value($0) }.map(Int.init)
  }
}

/// One instruction. Plain data: reading one never touches a reference count.
struct Node: Sendable {
  enum Op: UInt8, BitwiseCopyable, Sendable {
    /// Children follow; `a` is their count.
    case all, any
    /// One child follows.
    case not
    /// `a` is the segment index.
    case segment
    /// `a` is 1 (true) or 0 (false).
    case constant
    /// `a` is the rollout index.
    case rollout
    // Predicates: `slot` is the attribute slot and `test` the index of the original test.
    case isSet
    /// `comparison`, `a` = literal bit pattern.
    case number
    /// `a`, `b` = bounds' bit patterns.
    case numberBetween
    /// `a` = 1 or 0.
    case bool
    /// `a` = option mask.
    case choiceIn, choicesHasAll, choicesHasAny
    case choicesIsEmpty
    /// `comparison`, `a` = count literal bit pattern.
    case choicesCount
    /// `comparison`, `a` = milliseconds.
    case date
    /// `a`, `b` = milliseconds.
    case dateBetween
    /// `a` = window in milliseconds.
    case dateWithinLast, dateOlderThan
    /// `comparison`, `a` = years literal bit pattern.
    case yearsSince
    /// `a` = mask of string ids (``Program/stringIDs``).
    case stringIn
    /// `comparison`, `a` = packed release version (``Scalar/packVersion``).
    case version
    /// Anything else: `Evaluator.test(tests[test], values[slot])`.
    case generic
  }

  var op: Op
  var comparison: Comparison = .equal
  var slot: Int32 = 0
  var test: Int32 = 0
  /// Index just past this node's subtree.
  var end: Int32 = 0
  var a: UInt64 = 0
  var b: UInt64 = 0
}

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
