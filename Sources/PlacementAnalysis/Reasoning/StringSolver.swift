import PlacementCore

/// Strings: case-sensitive `==`/`in` literals are modelled exactly as a finite set or the complement of one;
/// the other string tests (`starts_with`, `ends_with`, `contains`, `ignoring case`, `matches`) are checked
/// on candidate values with the runtime's own test. With a finite set every candidate is tried, so the
/// answer is exact; otherwise an example found is a proof and none found is "unknown".
struct StringSolver {
  let now: Instant
  /// Tried first when a literal tests `in list`: an id list cannot be enumerated, so these (``Reasoner/listIds``)
  /// are the only candidates likely to be members.
  var listIds: [String] = []
  /// A finite set of strings, or all strings except some.
  enum Model {
    case only(Set<String>)
    case allExcept(Set<String>)

    func intersection(_ other: Model) -> Model {
      switch (self, other) {
      case (.only(let a), .only(let b)): .only(a.intersection(b))
      case (.only(let a), .allExcept(let b)), (.allExcept(let b), .only(let a)): .only(a.subtracting(b))
      case (.allExcept(let a), .allExcept(let b)): .allExcept(a.union(b))
      }
    }

    func contains(_ s: String) -> Bool {
      switch self {
      case .only(let set): set.contains(s)
      case .allExcept(let set): !set.contains(s)
      }
    }
  }

  func solve(_ literals: [Literal]) -> SlotOutcome {
    var model = Model.allExcept([])
    var checked: [Literal] = []
    for literal in literals {
      if case .string(.equal, let values, folded: nil) = literal.test {
        let set = Set(values)
        model = model.intersection(literal.positive ? .only(set) : .allExcept(set))
      } else {
        checked.append(literal)
      }
    }
    if case .only(let set) = model {
      for s in set.sorted() where SlotSolver.satisfies(.string(s), checked, now: now) {
        return .satisfiable(.string(s))
      }
      return .unsatisfiable
    }
    let tested = checked.contains { if case .idList = $0.test { true } else { false } }
    for s in (tested ? listIds : []) + Self.candidates(checked)
    where model.contains(s) && SlotSolver.satisfies(.string(s), checked, now: now) {
      return .satisfiable(.string(s))
    }
    return .unknown(checked)
  }

  /// Example strings built from the literals: each literal, prefix + infix + suffix combinations, case
  /// variants, then neutral defaults (the empty string is a present value too).
  static func candidates(_ literals: [Literal]) -> [String] {
    var prefixes: [String] = [""]
    var infixes: [String] = [""]
    var suffixes: [String] = [""]
    var others: [String] = []
    for literal in literals where literal.positive {
      guard case .string(let match, let values, let folded) = literal.test else { continue }
      switch match {
      case .startsWith: prefixes += values
      case .contains: infixes += values
      case .endsWith: suffixes += values
      case .equal: others += values
      }
      if let folded { others += folded + values.map { $0.uppercased() } + folded.map { $0.uppercased() } }
    }
    var result = others
    for p in prefixes.prefix(8) {
      for i in infixes.prefix(8) {
        for s in suffixes.prefix(8) where !(p + i + s).isEmpty { result.append(p + i + s) }
      }
    }
    return result + ["other", "x", "", "other-1", "other-2"]
  }
}
