@testable import PlacementCore

/// Profiles for a case: the oracle's custom attributes, a `profile_id` (often one the segments name, sometimes
/// none or empty), a `customer_user_id`, and sticky assignments as a store would hold them (the old rules'
/// draw) or not (any variation id).
extension DiffPairGenerator {
  struct Profile {
    let json: String
    let id: String?
    /// Version id → the variation carried, and whether it is the old rules' draw for this profile.
    let carried: [String: (variation: String, drawn: Bool)]
  }

  static let namedIDs = ["u1", "u2", "u3", "u4", "u5", "u7", "u17"]

  mutating func profile(_ index: Int, old: DiffRules, new: DiffRules) -> Profile {
    let custom = oracle.profile(index).json
    let attributes = custom[custom.range(of: #""custom_attributes":"#)!.lowerBound...].dropLast()
    let roll = random.below(100)
    let id: String? =
      roll < 14
      ? random.pick(Self.namedIDs) : roll < 20 ? nil : roll < 22 ? "" : "id-\(index)-\(random.below(1_000_000))"
    var members: [String] = []
    if let id { members.append(#""profile_id":"\#(id)""#) }
    if random.chance(50) { members.append(#""customer_user_id":"\#(random.pick(["c1", "c19", "c2", "c100"]))""#) }
    var carried: [String: (variation: String, drawn: Bool)] = [:]
    let newTests = Dictionary(new.tests.map { ($0.test.version, $0.test) }, uniquingKeysWith: { a, _ in a })
    // A store holds the old rules' draws of their sticky tests; any profile may carry any id.
    for (test, _) in old.tests where test.sticky {
      let roll = random.below(100)
      if roll < 45, let id, !id.isEmpty {
        // A store holds a layered test's draw only for a profile its layer share let in.
        if Self.entersLayer(old, test: test.name, id: id) { carried[test.version] = (Self.draw(test, id: id), true) }
      } else if roll < 60 {
        let ids = test.variations.map(\.id) + (newTests[test.version]?.variations.map(\.id) ?? []) + ["gone"]
        carried[test.version] = (random.pick(ids), false)
      }
    }
    for (test, _) in new.tests where test.sticky && carried[test.version] == nil && random.chance(15) {
      carried[test.version] = (random.pick(test.variations.map(\.id)), false)
    }
    if !carried.isEmpty {
      let pairs = carried.sorted { $0.key < $1.key }.map { #""\#($0.key)":"\#($0.value.variation)""# }
      members.append(#""assignments":{\#(pairs.joined(separator: ","))}"#)
    }
    members.append(String(attributes))
    return Profile(json: "{" + members.joined(separator: ",") + "}", id: id, carried: carried)
  }

  /// The variation a profile draws in a test (docs/Product.md §4.9: weight ascending then id, the MD5 bucket).
  /// Whether `id` falls in `test`'s share of the rules' layer (always, for a test outside the layer).
  static func entersLayer(_ rules: DiffRules, test: String, id: String) -> Bool {
    guard let layer = rules.layer, let share = layer.shares.first(where: { $0.test == test }) else { return true }
    return share.buckets.contains(Bucketing.rolloutBucket(salt: layer.salt, profileID: id))
  }

  static func draw(_ test: DiffRules.Test, id: String) -> String {
    let sorted = Bucketing.sortedForDraw(test.variations.map { Variation(id: $0.id, weight: $0.weight) })
    return sorted[Bucketing.choose(bucket: Bucketing.bucket(versionID: test.version, profileID: id), sorted: sorted)].id
  }
}
