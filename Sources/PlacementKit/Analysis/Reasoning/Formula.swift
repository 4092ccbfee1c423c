/// One atomic test with a polarity, the leaf of a ``Formula``.
///
/// A literal on an attribute (`slot` set) carries the ``ValueTest``; a *free* literal (`slot == nil`) stands
/// for what the reasoner does not model at all (a rollout, or the `false` the checker left where an error
/// was): it is a propositional variable named by ``key``.
struct Literal: Sendable {
  /// The attribute slot tested, or nil for a free literal.
  let slot: Int?
  let test: ValueTest?
  /// Identifies the atom: two literals with one key test the same thing (same slot, same test).
  let key: String
  let positive: Bool
  /// The predicate as written, for messages (`age < 18`).
  let text: String

  var negated: Literal { Literal(slot: slot, test: test, key: key, positive: !positive, text: text) }

  /// The literal as a person reads it: `age < 18` or `not (age < 18)`.
  var description: String { positive ? text : "not (\(text))" }
}

/// A condition in negation normal form: negations are pushed onto the literals and segment references are
/// inlined.
indirect enum Formula: Sendable {
  case and([Formula])
  case or([Formula])
  case literal(Literal)
}

/// Why the reasoner gave up on a question.
public enum ReasoningLimit: Error, Sendable, Hashable {
  /// The conditions use something the reasoner does not model (patterns, `starts_with`, rollouts, relative
  /// dates) and no example profile was found.
  case unmodeled
  /// The normal form grew past the size cap.
  case tooLarge
  /// The conditions are not valid (a segment cycle, or a part the checker rejected).
  case invalid
}

/// Builds formulas from checked conditions. Segment references are inlined (the segment graph is a DAG once
/// the rules check; a cycle is reported as ``ReasoningLimit/invalid``), and the number of literals is capped.
struct FormulaBuilder {
  let segments: [SegmentDefinition]
  /// At most this many literals in one formula.
  var budget: Int

  init(segments: [SegmentDefinition], budget: Int = 4_096) {
    self.segments = segments
    self.budget = budget
  }

  /// The formula of `condition` (or of its negation when `positive` is false).
  mutating func build(_ condition: Condition, positive: Bool) throws(ReasoningLimit) -> Formula {
    var visiting: Set<Int> = []
    return try build(condition, positive: positive, visiting: &visiting)
  }

  private mutating func build(_ condition: Condition, positive: Bool, visiting: inout Set<Int>) throws(ReasoningLimit)
    -> Formula
  {
    switch condition {
    case .all(let parts):
      var built: [Formula] = []
      for part in parts { built.append(try build(part, positive: positive, visiting: &visiting)) }
      return positive ? .and(built) : .or(built)
    case .any(let parts):
      var built: [Formula] = []
      for part in parts { built.append(try build(part, positive: positive, visiting: &visiting)) }
      return positive ? .or(built) : .and(built)
    case .not(let inner):
      return try build(inner, positive: !positive, visiting: &visiting)
    case .segment(let index):
      guard index < segments.count, visiting.insert(index).inserted else { throw .invalid }
      defer { visiting.remove(index) }
      return try build(segments[index].condition, positive: positive, visiting: &visiting)
    case .predicate(let predicate):
      try spend()
      let literal = Literal(
        slot: predicate.slot, test: predicate.test, key: "\(predicate.slot)|\(Self.key(predicate.test))",
        positive: true, text: predicate.text)
      return .literal(positive ? literal : literal.negated)
    case .rollout(let salt, let threshold, let text):
      try spend()
      let literal = Literal(slot: nil, test: nil, key: "rollout|\(salt)|\(threshold)", positive: true, text: text)
      return .literal(positive ? literal : literal.negated)
    case .constant:
      // The checker leaves `false` where it reported an error: nothing can be concluded from it.
      throw .invalid
    }
  }

  private mutating func spend() throws(ReasoningLimit) {
    budget -= 1
    if budget < 0 { throw .tooLarge }
  }

  /// A stable identity for a test (patterns by source; everything else by its description).
  static func key(_ test: ValueTest) -> String {
    if case .matches(let pattern) = test { return "matches|\(pattern.ignoringCase)|\(pattern.source)" }
    return String(describing: test)
  }
}
