import PlacementCore

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
  /// The tests (as written) that left those choices undecided, each once, in the order met.
  var undecidedTests: [String] = []
  /// True when the budget ran out.
  var exhausted = false

  /// The forms searched: ``forms`` with its leading one-cube forms joined into one (see ``run()``).
  var levels: [[Cube]] = []

  /// The first witness found, or nil. Forms with a single cube leave no choice (``Reasoner`` sorts them
  /// first), so they are joined up front and solved once: solving the growing cube at each of them made a row
  /// below n overlapping rows cost O(n²), and a placement of such rows O(n³).
  mutating func run() -> Witness? {
    let forced = forms.prefix { $0.count == 1 }
    if forced.count > 1 {
      var product = Product()
      for form in forced { try? product.and(form, cap: Int.max) }
      guard let joined = product.cubes.first else { return nil }
      levels = [[joined]] + forms.dropFirst(forced.count)
    } else {
      levels = forms
    }
    return descend(0, [])
  }

  private mutating func descend(_ level: Int, _ partial: Cube) -> Witness? {
    for cube in levels[level] {
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
      case .satisfiable(let values) where level == levels.count - 1:
        // A witness is shown at its `now` when a test is relative to it, or when it gives events a time.
        let relative = joined.contains { literal in
          Reasoner.isRelative(literal.test)
            || literal.slot.map { solver.attributes.indices.contains($0) && Witness.needsNow(solver.attributes[$0]) }
              == true
        }
        return Witness(values: values, now: relative ? now : nil)
      case .unknown(let literals) where level == levels.count - 1:
        undecided = true
        for literal in literals where !undecidedTests.contains(literal.text) { undecidedTests.append(literal.text) }
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
    var ownerOfFree: [Literal.Key?: Int] = [:]
    for (index, form) in forms.enumerated() {
      for cube in form {
        for literal in cube {
          // Every rollout draws on the one `profile_id`: they are decided together (all under the key nil).
          let free = literal.rollout == nil ? literal.key : nil
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
