@testable import PlacementCore

/// The changes that make a case's new side: each is something a rules author does (re-weight, rename, edit a
/// segment, move a window, …), and some leave every decision alone (a consistent rename, a re-written
/// condition with the same meaning), so that both "changed" and "equivalent" are claimed.
extension DiffPairGenerator {
  /// The old rules changed by 0 to 3 changes, and their names.
  mutating func changed(_ old: DiffRules) -> (DiffRules, [String]) {
    var rules = old
    var names: [String] = []
    let count = random.chance(15) ? 0 : 1 + random.below(3)
    for _ in 0..<count { names.append(change(&rules)) }
    return (rules, names)
  }

  /// Every inline or cross-placement test, as a path to change it.
  enum TestPath { case cross(Int), inline(Int, Int) }

  func testPaths(_ rules: DiffRules) -> [TestPath] {
    var out = rules.crossTests.indices.map(TestPath.cross)
    for (p, rows) in rules.placements.enumerated() {
      for (r, row) in rows.enumerated() { if case .inline = row.content { out.append(.inline(p, r)) } }
    }
    return out
  }

  func test(_ rules: DiffRules, _ path: TestPath) -> DiffRules.Test {
    switch path {
    case .cross(let index): return rules.crossTests[index]
    case .inline(let p, let r):
      guard case .inline(let test) = rules.placements[p][r].content else { fatalError("not a test") }
      return test
    }
  }

  func set(_ rules: inout DiffRules, _ path: TestPath, _ test: DiffRules.Test) {
    switch path {
    case .cross(let index): rules.crossTests[index] = test
    case .inline(let p, let r): rules.placements[p][r].content = .inline(test)
    }
  }

  /// Applies one random change and names it.
  mutating func change(_ rules: inout DiffRules) -> String {
    let paths = testPaths(rules)
    switch random.below(15) {
    case 0 where !paths.isEmpty:
      let path = random.pick(paths)
      var test = test(rules, path)
      let weights = random.pick(Self.weights.filter { $0.count == test.variations.count })
      for index in test.variations.indices { test.variations[index].weight = weights[index] }
      set(&rules, path, test)
      return "re-weight \(test.name)"
    case 1 where !paths.isEmpty:
      let path = random.pick(paths)
      var test = test(rules, path)
      let free = Self.ids.filter { id in !test.variations.contains { $0.id == id } } + ["renamed"]
      let index = random.below(test.variations.count)
      let was = test.variations[index].id
      test.variations[index].id = random.pick(free)
      set(&rules, path, test)
      rules.overrides = rules.overrides.map {
        $0.hasPrefix("\(test.name): variation \(was) ")
          ? $0.replacingOccurrences(of: "variation \(was) ", with: "variation \(test.variations[index].id) ") : $0
      }
      return "rename variation \(was) of \(test.name)"
    case 2 where !paths.isEmpty:
      let path = random.pick(paths)
      var test = test(rules, path)
      let index = random.below(test.variations.count)
      let place = random.below(test.variations[index].content.count)
      test.variations[index].content[place] = leaf(fallthrough: !isDefault(rules, path))
      set(&rules, path, test)
      return "content of \(test.name)"
    case 3 where !paths.isEmpty:
      let path = random.pick(paths)
      var test = test(rules, path)
      test.version = "version-\(next())"
      set(&rules, path, test)
      return "version of \(test.name)"
    case 4 where !paths.isEmpty:
      let path = random.pick(paths)
      var test = test(rules, path)
      test.sticky.toggle()
      set(&rules, path, test)
      return "sticky \(test.name)"
    case 5:
      let p = random.below(rules.placements.count)
      guard rules.placements[p].count > 2 else { return "nothing" }
      let a = random.below(rules.placements[p].count - 1)
      let b = random.below(rules.placements[p].count - 1)
      rules.placements[p].swapAt(a, b)
      return "swap rows \(a) and \(b) of p\(p)"
    case 6:
      let p = random.below(rules.placements.count)
      var used = Set(
        rules.placements[p].compactMap { row -> Int? in
          if case .cross(let index) = row.content { return index }
          return nil
        })
      let row = row(rules, crossUsed: &used)
      rules.placements[p].insert(row, at: random.below(rules.placements[p].count))
      return "add a row to p\(p)"
    case 7:
      let p = random.below(rules.placements.count)
      guard rules.placements[p].count > 1 else { return "nothing" }
      let index = random.below(rules.placements[p].count - 1)
      rules.placements[p].remove(at: index)
      return "remove row \(index) of p\(p)"
    case 8:
      let p = random.below(rules.placements.count)
      let index = random.below(rules.placements[p].count)
      guard case .leaf = rules.placements[p][index].content else { return "nothing" }
      let last = index == rules.placements[p].count - 1
      rules.placements[p][index].content = .leaf(
        random.pick(["paywall f0", "paywall f1", "paywall f2", "paywall f3"] + (last ? [] : ["fallthrough"])))
      return "content of row \(index) of p\(p)"
    case 9:
      let index = random.below(rules.segments.count)
      let roll = random.below(4)
      let extra = condition(segment: index, depth: 1)
      rules.segments[index] =
        roll == 0
        ? condition(segment: index)
        : roll == 1
          ? "(\(rules.segments[index])) and \(extra)"
          : roll == 2
            ? "(\(rules.segments[index])) or \(extra)"
            // The same meaning, written otherwise: the diff must prove it equivalent or say it could not.
            : "not (not (\(rules.segments[index])))"
      return "segment \(rules.names[index])"
    case 10:
      let p = random.below(rules.placements.count)
      let index = random.below(rules.placements[p].count)
      guard rules.placements[p][index].segment != nil else { return "nothing" }
      let shift = random.pick([-Self.day, Self.day, 2 * Self.day])
      switch random.below(3) {
      case 0:
        var window = rules.placements[p][index].window ?? window()
        window.from = window.from.map { $0 + shift }
        window.until = window.until.map { $0 + shift }
        rules.placements[p][index].window = window
        return "move the window of row \(index) of p\(p)"
      case 1:
        rules.placements[p][index].window = window()
        return "set the window of row \(index) of p\(p)"
      default:
        rules.placements[p][index].window = nil
        return "drop the window of row \(index) of p\(p)"
      }
    case 11 where rules.layer != nil:
      let share = random.below(rules.layer!.shares.count)
      let buckets = rules.layer!.shares[share].buckets
      let lower = max(0, buckets.lowerBound - random.below(400))
      rules.layer!.shares[share].buckets = lower..<buckets.upperBound
      return "widen a layer share"
    case 12:
      if !rules.overrides.isEmpty, random.chance(50) {
        rules.overrides.remove(at: random.below(rules.overrides.count))
        return "remove an override"
      }
      rules.overrides.append(override(rules))
      return "add an override"
    case 13:
      let p = random.below(rules.placements.count)
      let index = random.below(rules.placements[p].count)
      guard rules.placements[p][index].segment != nil else { return "nothing" }
      rules.placements[p][index].segment = random.below(rules.segments.count)
      return "segment of row \(index) of p\(p)"
    default:
      let index = random.below(rules.names.count)
      rules.names[index] = "renamed_\(index)"
      return "rename segment \(index)"
    }
  }

  func isDefault(_ rules: DiffRules, _ path: TestPath) -> Bool {
    if case .inline(let p, let r) = path { return r == rules.placements[p].count - 1 }
    return false
  }
}
