/// Anything the A/B draw can sort and walk: a variation id and its integer weight in percent.
///
/// ``Variation`` (the bare arm used by the conformance vectors) and ``ABVariation`` (a checked variation with
/// its content) both conform, so one sort and one walk serve the library, the checker and the resolver.
package protocol DrawArm {
  /// The variation id; the tie-breaker when weights are equal.
  var id: String { get }
  /// The weight in percent (1...100 in a checked test).
  var weight: Int { get }
}

/// One arm of an A/B test: a variation id and its integer weight in percent.
package struct Variation: DrawArm, Sendable, Equatable {
  /// The variation id, as declared in the rule file; used as the tie-breaker when weights are equal.
  package let id: String
  /// The weight in percent (0...100); the weights of one test sum to 100.
  package let weight: Int

  /// Creates a variation.
  /// - Parameters:
  ///   - id: the variation id.
  ///   - weight: the weight in percent.
  package init(id: String, weight: Int) {
    self.id = id
    self.weight = weight
  }
}

/// The deterministic A/B draw and rollout bucketing of docs/Product.md §4.9, compatible with the Adapty SDK.
///
/// For an A/B test, `h = MD5(UTF-8 of "<version_id>-<profile_id>")` (RFC 1321) and
/// `bucket = UInt64(big-endian bytes h[8..<16]) % 100`; the variations are sorted by (weight ascending, id
/// ascending by UTF-8 bytes) and walked, subtracting each weight from `bucket`: the first variation that makes it
/// negative wins, and if none does (impossible when the weights sum to 100) the last in sorted order wins. A rollout
/// uses the same hash of `"<salt>-<profile_id>"` modulo 10,000 (so a 20% rollout admits `bucket < 2000`). The same
/// inputs always give the same answer on every machine, which lets a backend predict the variation an Adapty SDK
/// shows on device; the keys are hashed as a stream, so no concatenated string is built.
package enum Bucketing {
  /// The A/B bucket of a profile in a test version.
  ///
  /// - Parameters:
  ///   - versionID: the test's version id (docs/Product.md §4.9).
  ///   - profileID: the profile's stable `profile_id`.
  /// - Returns: `UInt64(big-endian MD5("<versionID>-<profileID>")[8..<16]) % 100`, in 0...99.
  package static func bucket(versionID: String, profileID: String) -> Int {
    Int(MD5.upperHalf(versionID, separator: UInt8(ascii: "-"), profileID) % 100)
  }

  /// The variations in draw order: weight ascending, then id ascending.
  ///
  /// Ids are compared by their UTF-8 bytes (equivalently by Unicode scalar values), not by Swift's
  /// `String <`, which applies canonical equivalence; this matches byte-wise ordering in other languages.
  /// - Parameter v: the test's variations, in any order.
  /// - Returns: the same variations sorted for `choose(bucket:sorted:)`.
  package static func sortedForDraw<Arm: DrawArm>(_ v: [Arm]) -> [Arm] {
    v.sorted { lhs, rhs in
      if lhs.weight != rhs.weight { return lhs.weight < rhs.weight }
      return lhs.id.utf8.lexicographicallyPrecedes(rhs.id.utf8)
    }
  }

  /// The index of the winning variation for a bucket.
  ///
  /// Walks `sorted`, subtracting each weight from `bucket`; the first variation that makes it negative wins;
  /// if none does, the last one wins. Allocation-free; the resolver's draw is this function.
  /// - Parameters:
  ///   - bucket: the profile's bucket, 0...99 (from `bucket(versionID:profileID:)`).
  ///   - sorted: the variations in draw order (from `sortedForDraw(_:)`); must not be empty.
  /// - Returns: an index into `sorted`.
  @inlinable
  package static func choose<Arm: DrawArm>(bucket: Int, sorted: [Arm]) -> Int {
    precondition(!sorted.isEmpty, "an A/B test has at least one variation")
    var remaining = bucket
    var index = 0
    while index < sorted.count {
      remaining -= sorted[index].weight
      if remaining < 0 { return index }
      index += 1
    }
    return sorted.count - 1
  }

  /// The rollout bucket of a profile for a salt.
  ///
  /// - Parameters:
  ///   - salt: the rollout's salt.
  ///   - profileID: the profile's stable `profile_id`.
  /// - Returns: `UInt64(big-endian MD5("<salt>-<profileID>")[8..<16]) % 10_000`, in 0...9999 (basis points:
  ///   a p% rollout admits buckets below `p * 100`).
  package static func rolloutBucket(salt: String, profileID: String) -> Int {
    Int(MD5.upperHalf(salt, separator: UInt8(ascii: "-"), profileID) % 10_000)
  }
}
