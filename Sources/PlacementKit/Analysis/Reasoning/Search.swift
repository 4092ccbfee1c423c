/// Depth-first choice of one cube per normal form, pruning a partial choice as soon as one attribute's tests
/// contradict each other.
struct Search {
  let forms: [[Cube]]
  let solver: CubeSolver
  var budget: Int
  let now: Instant
  var conflicts: [Conflict] = []
  /// True when some complete choice could be neither proved nor refuted.
  var undecided = false
  /// True when the budget ran out.
  var exhausted = false

  mutating func run() -> Witness? { descend(0, []) }

  private mutating func descend(_ level: Int, _ partial: Cube) -> Witness? {
    for cube in forms[level] {
      guard let joined = NormalForm.join(partial, cube) else { continue }
      budget -= 1
      if budget < 0 {
        exhausted = true
        return nil
      }
      switch solver.solve(joined) {
      case .unsatisfiable(let conflict):
        if let conflict, conflicts.count < 16 { conflicts.append(conflict) }
        continue
      case .satisfiable(let values) where level == forms.count - 1:
        let relative = joined.contains { Reasoner.isRelative($0.test) }
        return Witness(values: values, now: relative ? now : nil)
      case .unknown where level == forms.count - 1:
        undecided = true
      default:
        if let witness = descend(level + 1, joined) { return witness }
        if exhausted { return nil }
      }
    }
    return nil
  }
}

extension Reasoner {
  /// Indices of the forms grouped so that two forms sharing an attribute (or a rollout) are in one group.
  static func groups(_ forms: [[Cube]]) -> [[Int]] {
    var parent = Array(forms.indices)
    func root(_ i: Int) -> Int {
      var i = i
      while parent[i] != i {
        parent[i] = parent[parent[i]]
        i = parent[i]
      }
      return i
    }
    var ownerOfSlot: [Int: Int] = [:]
    var ownerOfFree: [String: Int] = [:]
    for (index, form) in forms.enumerated() {
      for cube in form {
        for literal in cube {
          // Every rollout draws on the one `profile_id`: they are decided together.
          let free = literal.rollout == nil ? literal.key : "rollout"
          let other = literal.slot.map { ownerOfSlot[$0] } ?? ownerOfFree[free]
          if let other {
            parent[root(index)] = root(other)
          } else if let slot = literal.slot {
            ownerOfSlot[slot] = index
          } else {
            ownerOfFree[free] = index
          }
        }
      }
    }
    var grouped: [Int: [Int]] = [:]
    for index in forms.indices { grouped[root(index), default: []].append(index) }
    return grouped.keys.sorted().map { grouped[$0]! }
  }
}
