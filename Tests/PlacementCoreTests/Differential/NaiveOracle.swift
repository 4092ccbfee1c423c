@testable import PlacementCore
@testable import PlacementKit

/// The differential test's oracle: a deliberately naive interpreter of the generated rules, written from the
/// specification (docs/Product.md §4, docs/Semantics.md, docs/ABTests.md): a plain recursive walk, no compilation, no
/// short-circuit tricks, no memo, values kept as the generator made them. It shares only the A/B hash
/// (`Bucketing`, held to the conformance vectors by its own tests) with the engine.
struct NaiveOracle {
  let rules: OracleRules
  let profile: OracleProfile

  /// What the oracle decides: the deciding row, the content shown, the variation id and bucket of a test, and
  /// every row tried with its outcome.
  struct Outcome: Equatable {
    var row: Int
    var content: String
    var variation: String?
    var bucket: Int?
    var tried: [Tried]
    /// Every test drawn on the way, as `name/variation bucket outcome` (bucket `-` without a profile id).
    var exposures: [String] = []
    /// The decision's reason code (docs/ABTests.md, "Reasons").
    var reason = "DEFAULT"
  }

  struct Tried: Equatable {
    var row: Int
    /// `not_matched`, `outside_layer`, `fell_through` or `decided`.
    var outcome: String
    /// For `not_matched`: the first condition that failed, as the explanation must spell it.
    var condition: String?
  }

  func holds(_ condition: OracleCondition) -> Bool {
    switch condition {
    case .predicate(let p): p.holds(profile.values[p.attribute])
    case .all(let parts): parts.map(holds).allSatisfy { $0 }
    case .any(let parts): parts.map(holds).contains(true)
    case .not(let inner): !holds(inner)
    case .segment(let index): holds(rules.segments[index])
    case .rollout(let percent, let salt):
      profile.id.map { Bucketing.rolloutBucket(salt: salt, profileID: $0) < percent * 100 } ?? false
    }
  }

  /// The first condition that made a false condition false, spelled as docs/CLI.md's explain output does.
  func failure(_ condition: OracleCondition) -> String {
    switch condition {
    case .predicate(let p): p.text
    case .all(let parts): parts.first { !holds($0) }.map(failure) ?? condition.text
    case .any(let parts): parts.map(failure).joined(separator: " or ")
    case .not(let inner): "not (\(describe(inner)))"
    case .segment(let index): "segment s\(index): " + failure(rules.segments[index])
    case .rollout: condition.text
    }
  }

  func describe(_ condition: OracleCondition) -> String {
    switch condition {
    case .all(let parts): parts.map(describe).joined(separator: " and ")
    case .any(let parts): "(" + parts.map(describe).joined(separator: " or ") + ")"
    case .not(let inner): "not (\(describe(inner)))"
    default: condition.text
    }
  }

  func outcome() -> Outcome {
    var tried: [Tried] = []
    var exposures: [String] = []
    var scheduledOut = false
    func exposed(_ name: String, _ variation: String, _ bucket: Int?, _ outcome: String) {
      exposures.append("\(name)/\(variation) \(bucket.map(String.init) ?? "-") \(outcome)")
    }
    func reason(_ index: Int, isTest: Bool, isHoldout: Bool) -> String {
      if isHoldout { return "DISABLED" }
      if isTest { return "SPLIT" }
      if scheduledOut { return "SCHEDULED_OUT" }
      if rules.rows.count == 1 { return "STATIC" }
      return rules.rows[index].segment == nil ? "DEFAULT" : "TARGETING_MATCH"
    }
    for (index, row) in rules.rows.enumerated() {
      if let segment = row.segment, !holds(rules.segments[segment]) {
        tried.append(Tried(row: index, outcome: "not_matched", condition: failure(rules.segments[segment])))
        continue
      }
      if let window = rules.windows[index],
        !((window.from.map { OracleGenerator.now >= $0 } ?? true)
          && (window.until.map { OracleGenerator.now < $0 } ?? true))
      {
        tried.append(Tried(row: index, outcome: "scheduled_out", condition: nil))
        scheduledOut = true
        continue
      }
      var content = row.content
      var variation: String?
      var bucket: Int?
      var testName: String?
      if case .test(let name, let version, let variations) = content {
        // A layered test (docs/ABTests.md, "Layers"): only a profile whose layer bucket is in the share enters.
        if let layer = rules.layer, let share = layer.shares.first(where: { $0.test == name }) {
          guard let id = profile.id, share.buckets.contains(Bucketing.rolloutBucket(salt: layer.salt, profileID: id))
          else {
            tried.append(Tried(row: index, outcome: "outside_layer", condition: nil))
            continue
          }
        }
        testName = name
        let sorted = variations.sorted { ($0.weight, $0.id) < ($1.weight, $1.id) }
        var chosen = sorted[0]
        if let id = profile.id {
          let drawn = Bucketing.bucket(versionID: version, profileID: id)
          var left = drawn
          chosen = sorted.last!
          for candidate in sorted {
            left -= candidate.weight
            if left < 0 {
              chosen = candidate
              break
            }
          }
          bucket = drawn
        }
        variation = chosen.id
        content = chosen.content
      }
      switch content {
      case .fallthrough_:
        tried.append(Tried(row: index, outcome: "fell_through", condition: nil))
        if let testName, let variation { exposed(testName, variation, bucket, "fell_through") }
      case .flow(let id):
        tried.append(Tried(row: index, outcome: "decided", condition: nil))
        if let testName, let variation { exposed(testName, variation, bucket, "decided") }
        return Outcome(
          row: index, content: "flow \(id)", variation: variation, bucket: bucket, tried: tried, exposures: exposures,
          reason: reason(index, isTest: testName != nil, isHoldout: false))
      case .holdout, .test:
        tried.append(Tried(row: index, outcome: "decided", condition: nil))
        if let testName, let variation { exposed(testName, variation, bucket, "holdout") }
        return Outcome(
          row: index, content: "holdout", variation: variation, bucket: bucket, tried: tried, exposures: exposures,
          reason: "DISABLED")
      }
    }
    return Outcome(row: -1, content: "none", variation: nil, bucket: nil, tried: tried)
  }
}

/// SemVer 2.0.0 precedence, naively: `2` and `2.0` are `2.0.0`; pre-release identifiers compare numerically when
/// both are digits, else as text; a pre-release sorts before its release.
enum OracleSemVer {
  static func parse(_ text: String) -> (core: [Int], pre: [String])? {
    let parts = text.split(separator: "-", maxSplits: 1).map(String.init)
    var core = parts[0].split(separator: ".").compactMap { Int($0) }
    guard !core.isEmpty, core.count <= 3, !parts[0].hasPrefix("v") else { return nil }
    while core.count < 3 { core.append(0) }
    return (core, parts.count > 1 ? parts[1].split(separator: ".").map(String.init) : [])
  }

  /// -1, 0 or 1.
  static func compare(_ a: (core: [Int], pre: [String]), _ b: (core: [Int], pre: [String])) -> Int {
    if a.core != b.core { return a.core.lexicographicallyPrecedes(b.core) ? -1 : 1 }
    if a.pre.isEmpty || b.pre.isEmpty { return a.pre.isEmpty == b.pre.isEmpty ? 0 : (a.pre.isEmpty ? 1 : -1) }
    for (x, y) in zip(a.pre, b.pre) where x != y {
      if let i = Int(x), let j = Int(y) { return i < j ? -1 : 1 }
      if Int(x) != nil { return -1 }
      if Int(y) != nil { return 1 }
      return x < y ? -1 : 1
    }
    return a.pre.count == b.pre.count ? 0 : (a.pre.count < b.pre.count ? -1 : 1)
  }
}

/// The generated patterns' meaning, over Unicode scalars (patterns match scalars, not characters).
enum OraclePattern {
  case prefix(String), suffix(String), contains(String), empty

  func matches(_ text: String) -> Bool {
    let scalars = Array(text.unicodeScalars)
    switch self {
    case .prefix(let p): return scalars.starts(with: p.unicodeScalars)
    case .suffix(let p): return scalars.reversed().starts(with: p.unicodeScalars.reversed())
    case .contains(let p):
      let needle = Array(p.unicodeScalars)
      return scalars.indices.contains { scalars[$0...].starts(with: needle) }
    case .empty: return scalars.isEmpty
    }
  }
}
