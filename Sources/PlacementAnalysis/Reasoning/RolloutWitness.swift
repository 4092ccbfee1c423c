import PlacementCore

/// Finds a `profile_id` that puts a profile inside or outside each rollout of a cube, as asked.
///
/// A rollout admits a fixed share of ids (`percent(20)`: buckets 0–1999 of 10,000, by
/// ``Bucketing/rolloutBucket(salt:profileID:)``, the runtime's own function), so trying the ids `p0`, `p1`, …
/// finds one quickly unless the share asked for is tiny (or empty, as for "inside `percent(0)`"). Without
/// this, every row below a gradual release was reported "may be unreachable" (newcomer trial m-9). The search
/// only proves "satisfiable" (with the id found); running out of ids is "unknown", never a proof.
struct RolloutWitness {
  let attributes: [AttributeDefinition]
  /// How many ids are tried: a rollout admitting 1 % (or leaving out 1 %) is met in about 100 tries.
  static let attempts = 2_000

  /// The slot of `profile_id` and an id meeting every literal of `free`; nil when a literal is not a rollout,
  /// when the cube also tests `profile_id` itself (`constrained`), or when no id tried fits.
  func profileID(for free: [Literal], constrained: [Int: [Literal]]) -> (slot: Int, value: String)? {
    guard free.allSatisfy({ $0.rollout != nil }),
      let slot = attributes.firstIndex(where: { $0.isBuiltin && $0.name == "profile_id" }),
      constrained[slot] == nil
    else { return nil }
    for attempt in 0..<Self.attempts {
      let id = "p\(attempt)"
      let fits = free.allSatisfy { literal in
        guard let rollout = literal.rollout else { return false }
        return (Bucketing.rolloutBucket(salt: rollout.salt, profileID: id) < rollout.threshold) == literal.positive
      }
      if fits { return (slot, id) }
    }
    return nil
  }
}
