import PlacementCore

/// Steering a witness's `profile_id` into (or out of) layered tests' shares, so that a change of a layer's shares
/// is found like any other decision change.
extension PlacementComparison {
  /// A bucket a witness's `profile_id` must fall in: a test's A/B bucket (0–99, hashed with its version id) or a
  /// layer bucket (0–9,999, hashed with the layer's salt).
  struct BucketTarget {
    let key: String
    let range: Range<Int>
    let isLayer: Bool

    func holds(for id: String) -> Bool {
      range.contains(
        isLayer ? Bucketing.rolloutBucket(salt: key, profileID: id) : Bucketing.bucket(versionID: key, profileID: id))
    }
  }

  /// The ways a profile can meet `test`: each deciding variation's bucket range (inside the test's layer share,
  /// when it has one), and for a layered test each side of the layer outside its share, where the row is skipped.
  static func targets(_ test: ABTest) -> [[BucketTarget]] {
    let inShare = test.layer.map { [BucketTarget(key: $0.salt, range: $0.buckets, isLayer: true)] } ?? []
    var out = ranges(test).map { inShare + [BucketTarget(key: test.versionID, range: $0, isLayer: false)] }
    if let share = test.layer {
      for outside in [0..<share.buckets.lowerBound, share.buckets.upperBound..<LayerShare.bucketCount]
      where !outside.isEmpty {
        out.append([BucketTarget(key: share.salt, range: outside, isLayer: true)])
      }
    }
    return out
  }

  /// ``profileID(meeting:prefix:)`` for A/B buckets only: `(version id, bucket range)` pairs.
  static func profileID(meeting constraints: [(version: String, range: Range<Int>)], prefix: String) -> String? {
    profileID(meeting: constraints.map { BucketTarget(key: $0.version, range: $0.range, isLayer: false) }, prefix: prefix)
  }
}
