import TestSupport

@testable import PlacementCore

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
    if rules.meaning == .adapty { return truth(condition) == true }
    return switch condition {
    case .predicate(let p): p.holds(profile.values[p.attribute])
    case .all(let parts): parts.map(holds).allSatisfy { $0 }
    case .any(let parts): parts.map(holds).contains(true)
    case .not(let inner): !holds(inner)
    case .segment(let index): holds(rules.segments[index])
    case .rollout(let percent, let salt):
      profile.id.map { Bucketing.rolloutBucket(salt: salt, profileID: $0) < percent * 100 } ?? false
    }
  }

  /// The condition's truth under SQL's three-valued logic (nil: unknown): a test of a missing value is unknown
  /// (the generator makes no `is set` tests), a rollout without a profile id is unknown, `not` keeps unknown, and
  /// `and`/`or` are Kleene's.
  func truth(_ condition: OracleCondition) -> Bool? {
    switch condition {
    case .predicate(let p):
      guard let value = profile.values[p.attribute] else { return nil }
      return p.holds(value)
    case .all(let parts):
      let truths = parts.map(truth)
      if truths.contains(false) { return false }
      return truths.allSatisfy { $0 == true } ? true : nil
    case .any(let parts):
      let truths = parts.map(truth)
      if truths.contains(true) { return true }
      return truths.allSatisfy { $0 == false } ? false : nil
    case .not(let inner): return truth(inner).map { !$0 }
    case .segment(let index): return truth(rules.segments[index])
    case .rollout(let percent, let salt):
      return profile.id.map { Bucketing.rolloutBucket(salt: salt, profileID: $0) < percent * 100 }
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
