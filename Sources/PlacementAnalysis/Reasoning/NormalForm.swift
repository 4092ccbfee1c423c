import PlacementCore

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
  /// The instant a ramp's step is taken at: a ramp is the rollout of its step then.
  let now: Instant
  private let memo = Memo<Int, Result<[Cube], ReasoningLimit>>()

  init(segments: [SegmentDefinition], cap: Int = defaultCap, now: Instant = Reasoner.defaultNow) {
    self.segments = segments
    self.cap = cap
    self.now = now
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
      guard conjunctive else {
        var result: [Cube] = []
        for part in parts {
          result.append(contentsOf: try cubes(part, positive: positive, visiting: &visiting))
          if result.count > cap { throw .tooLarge }
        }
        return result
      }
      var product = Product()
      for part in parts {
        try product.and(try cubes(part, positive: positive, visiting: &visiting), cap: cap)
        if product.cubes.isEmpty { return [] }
      }
      return product.cubes
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
        slot: predicate.slot, test: predicate.test, key: Literal.Key(slot: predicate.slot, predicate.test),
        positive: true, text: predicate.text, writtenNegated: predicate.isWrittenNegated)
      return [[positive ? literal : literal.negated]]
    case .rollout(let salt, let written, let text, let steps):
      let threshold = steps.isEmpty ? written : RampStep.threshold(steps, at: now)
      let literal = Literal(
        slot: nil, test: nil, key: .rollout(salt: salt, threshold: threshold), positive: true, text: text,
        rollout: Literal.Rollout(salt: salt, threshold: threshold))
      return [[positive ? literal : literal.negated]]
    case .constant:
      // The checker leaves `false` where it reported an error: nothing can be concluded from it.
      throw .invalid
    }
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

/// A conjunction of normal forms built part by part. Each cube keeps an index of its literals' polarities by
/// key, so adding a part costs its own literals (not a search of the cube): a 100,000-term `and` chain is
/// linear, where copying and searching each cube made it quadratic.
struct Product {
  private(set) var cubes: [Cube]
  private var polarities: [[Literal.Key: Bool]]

  init(_ cubes: [Cube] = [[]]) {
    self.cubes = []
    self.polarities = []
    for cube in cubes {
      var extended = Extended(cube: [], polarity: [:])
      if extended.add(cube) { append(extended) }
    }
  }

  /// Replaces the cubes by those of their conjunction with `form`, dropping contradictory ones.
  /// - Throws: ``ReasoningLimit/tooLarge`` when more than `cap` cubes would be needed.
  mutating func and(_ form: [Cube], cap: Int) throws(ReasoningLimit) {
    if form.count == 1 {
      // The common case (a chain of tests): extend every cube in place.
      var kept = 0
      for index in cubes.indices {
        var extended = Extended(cube: cubes[index], polarity: polarities[index])
        cubes[index] = []
        polarities[index] = [:]
        guard extended.add(form[0]) else { continue }
        cubes[kept] = extended.cube
        polarities[kept] = extended.polarity
        kept += 1
      }
      cubes.removeLast(cubes.count - kept)
      polarities.removeLast(polarities.count - kept)
      return
    }
    let left = self
    self.cubes = []
    self.polarities = []
    for (cube, polarity) in zip(left.cubes, left.polarities) {
      for other in form {
        var extended = Extended(cube: cube, polarity: polarity)
        guard extended.add(other) else { continue }
        append(extended)
        if cubes.count > cap { throw .tooLarge }
      }
    }
  }

  private mutating func append(_ extended: Extended) {
    cubes.append(extended.cube)
    polarities.append(extended.polarity)
  }

  /// One cube being extended, with its index.
  private struct Extended {
    var cube: Cube
    var polarity: [Literal.Key: Bool]

    /// Adds the literals of `other`; false when one contradicts a literal already there.
    mutating func add(_ other: Cube) -> Bool {
      for literal in other {
        if let existing = polarity[literal.key] {
          if existing != literal.positive { return false }
          continue
        }
        polarity[literal.key] = literal.positive
        cube.append(literal)
      }
      return true
    }
  }
}
