import PlacementCore

extension RulesDiff {
  /// A placement whose own table compares equivalent but whose conditions read the decision of a placement
  /// that changed (or was not proved equivalent), directly or through others, is not proved equivalent: the
  /// profiles whose prerequisite changes may get another decision. Its status becomes `unknown`, naming them.
  static func followingPrerequisites(_ placements: [PlacementDiff], in rules: RuleSet) -> [PlacementDiff] {
    let plan = rules.prerequisitePlan
    guard !plan.isEmpty else { return placements }
    let status = Dictionary(placements.map { ($0.name, $0.status) }, uniquingKeysWith: { first, _ in first })
    return placements.map { diff in
      guard diff.status == .equivalent,
        let index = rules.placements.firstIndex(where: { $0.name == diff.name })
      else { return diff }
      var seen = Set<Int>()
      var pending = plan.dependencies[index]
      var changed: [String] = []
      while let next = pending.popLast() {
        guard seen.insert(next).inserted else { continue }
        let name = rules.placements[next].name
        if status[name] != .equivalent { changed.append(name) }
        pending += plan.dependencies[next]
      }
      guard !changed.isEmpty else { return diff }
      var followed = diff
      followed.status = .unknown
      followed.undecided.append(
        "its conditions read the decision of \(changed.sorted().joined(separator: ", ")), which "
          + "\(changed.count == 1 ? "is" : "are") not equivalent: profiles whose prerequisite changes may move")
      return followed
    }
  }
}
