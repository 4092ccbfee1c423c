/// A conjunction of literals: one alternative of a disjunctive normal form.
typealias Cube = [Literal]

/// Disjunctive normal form with a size cap. Cubes holding a literal and its negation are dropped as they
/// are built.
enum NormalForm {
  /// The default cap on the number of cubes.
  static let defaultCap = 1_024

  /// The cubes of `formula`: the formula holds exactly when one cube's literals all hold.
  /// - Throws: ``ReasoningLimit/tooLarge`` when more than `cap` cubes would be needed.
  static func cubes(_ formula: Formula, cap: Int = defaultCap) throws(ReasoningLimit) -> [Cube] {
    switch formula {
    case .literal(let literal):
      return [[literal]]
    case .or(let parts):
      var result: [Cube] = []
      for part in parts {
        result += try cubes(part, cap: cap)
        if result.count > cap { throw .tooLarge }
      }
      return result
    case .and(let parts):
      var result: [Cube] = [[]]
      for part in parts {
        result = try product(result, try cubes(part, cap: cap), cap: cap)
        if result.isEmpty { return [] }
      }
      return result
    }
  }

  /// The cubes of the conjunction of two normal forms.
  /// - Throws: ``ReasoningLimit/tooLarge`` when more than `cap` cubes would be needed.
  static func product(_ left: [Cube], _ right: [Cube], cap: Int = defaultCap) throws(ReasoningLimit) -> [Cube] {
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
    var polarity: [String: Bool] = [:]
    var result: Cube = []
    result.reserveCapacity(a.count + b.count)
    for literal in a + b {
      if let seen = polarity[literal.key] {
        if seen != literal.positive { return nil }
        continue
      }
      polarity[literal.key] = literal.positive
      result.append(literal)
    }
    return result
  }
}
