import PlacementCore

/// `choices` (a set of option ids). The literals (`has`, `has any`, `has all`, `is empty`, `count(…)`) only
/// look at the options their masks name and at the set's size, so the solver enumerates the subsets of the
/// named options and, for each, every number of other options: exact, as long as the named options are few.
struct ChoicesSolver {
  let optionCount: Int
  /// Above this many named options the enumeration (2^n subsets) is not attempted.
  static let enumerationLimit = 10

  func solve(_ literals: [Literal]) -> SlotOutcome {
    var named: UInt64 = 0
    for literal in literals {
      switch literal.test {
      case .choicesHasAll(let mask), .choicesHasAny(let mask): named |= mask
      case .choicesHasEach(let masks): named |= masks.reduce(0, |)
      case .choicesIsEmpty, .choicesCount: break
      default: return .unknown([literal])
      }
    }
    guard named.nonzeroBitCount <= Self.enumerationLimit else { return .unknown(literals) }
    let free = (0..<optionCount).filter { named & (1 << UInt64($0)) == 0 }
    for subset in Self.subsets(of: named) {
      var extra: UInt64 = 0
      for count in 0...free.count {
        if count > 0 { extra |= 1 << UInt64(free[count - 1]) }
        let value = Value.choices(subset | extra)
        if SlotSolver.satisfies(value, literals) { return .satisfiable(value) }
      }
    }
    return .unsatisfiable
  }

  /// Every subset of `mask`, smallest first (so witnesses select as few options as possible).
  static func subsets(of mask: UInt64) -> [UInt64] {
    var result: [UInt64] = []
    var subset = mask
    while true {
      result.append(subset)
      if subset == 0 { break }
      subset = (subset - 1) & mask
    }
    return result.sorted { ($0.nonzeroBitCount, $0) < ($1.nonzeroBitCount, $1) }
  }
}
