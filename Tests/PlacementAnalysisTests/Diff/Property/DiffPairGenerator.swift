import TestSupport

@testable import PlacementCore

/// Generates the old side of a diff's property case (``DiffRules``), then the new side by a few changes
/// (``DiffPairGenerator+Changes``), and profiles for both. Seeded: one seed gives one pair and its profiles.
struct DiffPairGenerator {
  /// The oracle's generator: its predicates over the custom attributes, and the random stream everything uses.
  var oracle: OracleGenerator
  /// Numbers for unique salts, versions and names.
  var counter = 0

  init(seed: UInt64) { oracle = OracleGenerator(random: SplitMix64(state: seed)) }

  var random: SplitMix64 {
    get { oracle.random }
    set { oracle.random = newValue }
  }

  static let now = OracleGenerator.now
  static let day = OracleGenerator.day

  mutating func next() -> Int {
    counter += 1
    return counter
  }

  // MARK: conditions

  mutating func condition(segment: Int, depth: Int = 2) -> String {
    let roll = random.below(100)
    if depth > 0, roll < 12 {
      return "(\(condition(segment: segment, depth: depth - 1)) and \(condition(segment: segment, depth: depth - 1)))"
    }
    if depth > 0, roll < 22 {
      return "(\(condition(segment: segment, depth: depth - 1)) or \(condition(segment: segment, depth: depth - 1)))"
    }
    if depth > 0, roll < 27 { return "not (\(condition(segment: segment, depth: depth - 1)))" }
    if segment > 0, roll < 37 { return "{\(random.below(segment))}" }
    if roll < 44 { return "percent(\(random.pick([20, 50, 80]))) salt \"rollout-\(next())\"" }
    if roll < 58 { return profileIDPredicate() }
    if roll < 68 { return customerPredicate() }
    return oracle.predicate().text
  }

  mutating func profileIDPredicate() -> String {
    random.pick([
      "profile_id is set", "profile_id is not set", #"profile_id == "u3""#, #"profile_id in ["u1", "u4", "u7"]"#,
      #"profile_id != "u2""#, #"profile_id starts_with "u""#, #"profile_id ends_with "7""#,
    ])
  }

  mutating func customerPredicate() -> String {
    random.pick([
      "customer_user_id is set", "customer_user_id is not set", #"customer_user_id == "c1""#,
      #"customer_user_id in ["c1", "c19"]"#, #"customer_user_id starts_with "c1""#,
    ])
  }

  // MARK: rules

  static let weights = [[50, 50], [40, 60], [10, 90], [34, 33, 33], [20, 30, 50], [25, 25, 50]]
  static let ids = ["a", "b", "c", "control", "x"]

  mutating func leaf(fallthrough allowed: Bool) -> String {
    let roll = random.below(100)
    if allowed, roll < 15 { return "fallthrough" }
    if roll < 25 { return "holdout" }
    return "paywall f\(random.below(4))"
  }

  mutating func window() -> DiffRules.Window {
    let days: [Int64] = [-10, -3, -1, 0, 1, 2, 5, 20]
    let first = random.below(days.count - 1)
    let second = first + 1 + random.below(days.count - 1 - first)
    let from = Self.now + days[first] * Self.day
    let until = Self.now + days[second] * Self.day
    switch random.below(4) {
    case 0: return DiffRules.Window(from: from, until: nil)
    case 1: return DiffRules.Window(from: nil, until: until)
    default: return DiffRules.Window(from: from, until: until)
    }
  }

  /// A test whose variations give `placements` contents each; no `fallthrough` when it must decide.
  mutating func test(name: String, placements: Int, decides: Bool) -> DiffRules.Test {
    let weights = random.pick(Self.weights)
    var ids = Self.ids
    let variations = weights.map { weight in
      let id = ids.remove(at: random.below(ids.count))
      return DiffRules.Variation(
        id: id, weight: weight, content: (0..<placements).map { _ in leaf(fallthrough: !decides) })
    }
    return DiffRules.Test(
      name: name, version: "version-\(next())", sticky: random.chance(30),
      window: !decides && random.chance(12) ? window() : nil,
      variations: variations)
  }

  mutating func rules() -> DiffRules {
    let segmentCount = 3 + random.below(4)
    var segments: [String] = []
    for index in 0..<segmentCount { segments.append(condition(segment: index)) }
    var rules = DiffRules(
      names: (0..<segmentCount).map { "s\($0)" }, segments: segments, crossTests: [], placements: [], layer: nil,
      overrides: [])
    for index in 0..<random.below(3) {
      rules.crossTests.append(test(name: "x\(index)", placements: 2, decides: false))
    }
    for _ in DiffRules.placementNames {
      var rows: [DiffRules.Row] = []
      var crossUsed = Set<Int>()
      for _ in 0..<(1 + random.below(4)) { rows.append(row(rules, crossUsed: &crossUsed)) }
      rows.append(defaultRow())
      rules.placements.append(rows)
    }
    if random.chance(35) { rules.layer = layer(rules) }
    if random.chance(30) { rules.overrides.append(override(rules)) }
    return rules
  }

  mutating func row(_ rules: DiffRules, crossUsed: inout Set<Int>) -> DiffRules.Row {
    let segment = random.below(rules.segments.count)
    let window = random.chance(22) ? window() : nil
    let roll = random.below(100)
    if roll < 20, !rules.crossTests.isEmpty {
      let index = random.below(rules.crossTests.count)
      if crossUsed.insert(index).inserted {
        return DiffRules.Row(segment: segment, window: window, content: .cross(index))
      }
    }
    if roll < 50 {
      return DiffRules.Row(
        segment: segment, window: window, content: .inline(test(name: "t\(next())", placements: 1, decides: false)))
    }
    if roll < 58 { return DiffRules.Row(segment: segment, window: window, content: .leaf("fallthrough")) }
    return DiffRules.Row(segment: segment, window: window, content: .leaf("paywall f\(random.below(4))"))
  }

  mutating func defaultRow() -> DiffRules.Row {
    if random.chance(25) {
      return DiffRules.Row(
        segment: nil, window: nil, content: .inline(test(name: "t\(next())", placements: 1, decides: true)))
    }
    return DiffRules.Row(segment: nil, window: nil, content: .leaf("paywall f\(random.below(4))"))
  }

  /// The tests a layer may hold: cross-placement ones and inline ones outside default rows.
  func layerable(_ rules: DiffRules) -> [String] {
    rules.crossTests.map(\.name)
      + rules.placements.flatMap { rows in
        rows.dropLast().compactMap { row -> String? in
          if case .inline(let test) = row.content { return test.name }
          return nil
        }
      }
  }

  mutating func layer(_ rules: DiffRules) -> DiffRules.Layer? {
    var lower = random.below(1_500)
    var shares: [(test: String, buckets: Range<Int>)] = []
    for name in layerable(rules) where random.chance(60) {
      let size = 800 + random.below(3_500)
      guard lower + size <= 10_000 else { break }
      shares.append((name, lower..<(lower + size)))
      lower += size + random.below(1_200)
    }
    return shares.isEmpty ? nil : DiffRules.Layer(salt: "layer-\(next())", shares: shares)
  }

  /// A QA override of a test's variation, or of a placement's content.
  mutating func override(_ rules: DiffRules) -> String {
    let condition =
      random.pick([#"profile_id == "u3""#, #"profile_id in ["u1", "u5"]"#, #"customer_user_id == "c1""#])
      + (random.chance(30) ? " or {\(random.below(rules.segments.count))}" : "")
    let tests = rules.tests.map(\.test)
    if !tests.isEmpty, random.chance(70) {
      let test = random.pick(tests)
      return "\(test.name): variation \(random.pick(test.variations).id) for \(condition)"
    }
    return "\(random.pick(DiffRules.placementNames)): paywall qa for \(condition)"
  }
}
