/// A conjunction of literals: one alternative of a disjunctive normal form.
typealias Cube = [Literal]

/// Disjunctive normal forms of conditions, with a size cap. Negations are pushed onto the literals, segment
/// references are expanded (each segment's form is computed once per ``NormalForm`` and reused), and cubes
/// holding a literal and its negation are dropped as they are built.
final class NormalForm: Sendable {
  /// The default cap on the number of cubes of one form.
  static let defaultCap = 1_024

  let segments: [SegmentDefinition]
  let cap: Int
  private let memo = Memo<Int, Result<[Cube], ReasoningLimit>>()

  init(segments: [SegmentDefinition], cap: Int = defaultCap) {
    self.segments = segments
    self.cap = cap
  }

  /// The cubes of `condition` (of its negation when `positive` is false): it holds exactly when one cube's
  /// literals all hold.
  /// - Throws: ``ReasoningLimit/tooLarge`` past the cap; ``ReasoningLimit/invalid`` for a segment cycle or a
  ///   part the checker replaced by `false` after an error.
  func cubes(_ condition: Condition, positive: Bool) throws(ReasoningLimit) -> [Cube] {
    var visiting: Set<Int> = []
    return try cubes(condition, positive: positive, visiting: &visiting)
  }

  private func cubes(_ condition: Condition, positive: Bool, visiting: inout Set<Int>) throws(ReasoningLimit)
    -> [Cube]
  {
    switch condition {
    case .all(let parts), .any(let parts):
      let conjunctive: Bool
      if case .all = condition { conjunctive = positive } else { conjunctive = !positive }
      var result: [Cube] = conjunctive ? [[]] : []
      for part in parts {
        let next = try cubes(part, positive: positive, visiting: &visiting)
        result = conjunctive ? try Self.product(result, next, cap: cap) : result + next
        if result.count > cap { throw .tooLarge }
        if conjunctive && result.isEmpty { return [] }
      }
      return result
    case .not(let inner):
      return try cubes(inner, positive: !positive, visiting: &visiting)
    case .segment(let index):
      let key = positive ? index : ~index
      if let known = memo[key] { return try known.get() }
      guard index < segments.count, visiting.insert(index).inserted else { throw .invalid }
      defer { visiting.remove(index) }
      let result: Result<[Cube], ReasoningLimit>
      do {
        result = .success(try cubes(segments[index].condition, positive: positive, visiting: &visiting))
      } catch {
        result = .failure(error)
      }
      memo[key] = result
      return try result.get()
    case .predicate(let predicate):
      let literal = Literal(
        slot: predicate.slot, test: predicate.test, key: "\(predicate.slot)|\(Literal.key(predicate.test))",
        positive: true, text: predicate.text, writtenNegated: predicate.isWrittenNegated)
      return [[positive ? literal : literal.negated]]
    case .rollout(let salt, let threshold, let text):
      let literal = Literal(slot: nil, test: nil, key: "rollout|\(salt)|\(threshold)", positive: true, text: text)
      return [[positive ? literal : literal.negated]]
    case .constant:
      // The checker leaves `false` where it reported an error: nothing can be concluded from it.
      throw .invalid
    }
  }

  /// The cubes of the conjunction of two normal forms.
  /// - Throws: ``ReasoningLimit/tooLarge`` when more than `cap` cubes would be needed.
  static func product(_ left: [Cube], _ right: [Cube], cap: Int) throws(ReasoningLimit) -> [Cube] {
    var result: [Cube] = []
    for a in left {
      for b in right {
        guard let joined = join(a, b) else { continue }
        result.append(joined)
        if result.count > cap { throw .tooLarge }
      }
    }
    return result
  }

  /// The union of two cubes' literals, or nil when one contradicts the other propositionally.
  static func join(_ a: Cube, _ b: Cube) -> Cube? {
    if a.isEmpty { return b }
    if b.isEmpty { return a }
    var result = a
    result.reserveCapacity(a.count + b.count)
    for literal in b {
      if let same = a.first(where: { $0.key == literal.key }) {
        if same.positive != literal.positive { return nil }
        continue
      }
      result.append(literal)
    }
    return result
  }
}
