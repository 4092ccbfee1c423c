import PlacementCore

/// Steering a witness's `profile_id`: into a test's variation (inside the test's layer share, when it has one),
/// or through a row that decides for some profiles only (a variation that falls through, or outside a layered
/// test's share), so that every variation a profile can draw is reached like any other decision.
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

    /// The share of ids that meet the target.
    var share: Double { Double(range.count) / Double(isLayer ? LayerShare.bucketCount : 100) }
  }

  /// The buckets that draw variation `id` of `test`, inside its layer share when it has one.
  static func drawn(_ test: ABTest, _ id: String) -> [BucketTarget] {
    let inShare = test.layer.map { [BucketTarget(key: $0.salt, range: $0.buckets, isLayer: true)] } ?? []
    return inShare + [BucketTarget(key: test.versionID, range: bucketRange(test, id), isLayer: false)]
  }

  /// The ways a profile's buckets take it through a row that decides for some profiles only: outside its test's
  /// layer share, or inside it drawing a variation that falls through; empty when the row always decides.
  static func passages(_ content: Content) -> [[BucketTarget]] {
    guard case .test(let test) = content else { return [] }
    var ways: [[BucketTarget]] = []
    if let share = test.layer {
      for outside in [0..<share.buckets.lowerBound, share.buckets.upperBound..<LayerShare.bucketCount]
      where !outside.isEmpty {
        ways.append([BucketTarget(key: share.salt, range: outside, isLayer: true)])
      }
    }
    for variation in test.variations where variation.content == .fallthrough_ {
      ways.append(drawn(test, variation.id))
    }
    return ways
  }

  /// The likeliest of ``passages(_:)``; nil when there is none.
  static func passage(_ content: Content) -> [BucketTarget]? {
    passages(content).max { $0.reduce(1) { $0 * $1.share } < $1.reduce(1) { $0 * $1.share } }
  }

  /// The first `<prefix><n>` whose buckets meet every target (nil after 20,000 tries, which for ranges of at
  /// least 1 % in two independent draws fails with probability below 10⁻⁸⁰), and for which `accepts` holds.
  /// Targets of one key are one draw: their ranges are intersected first, and an empty intersection is no id.
  static func profileID(
    meeting constraints: [BucketTarget], prefix: String, accepts: (String) -> Bool = { _ in true }
  ) -> String? {
    guard let targets = intersected(constraints) else { return nil }
    var tried = 0
    for n in 0..<20_000 {
      let id = "\(prefix)\(n)"
      guard targets.allSatisfy({ $0.holds(for: id) }) else { continue }
      if accepts(id) { return id }
      tried += 1
      // A condition that rejects this many ids in the right buckets pins `profile_id` (or nearly): give up.
      if tried == 64 { return nil }
    }
    return nil
  }

  /// One target per key, its range the intersection of the key's ranges; nil when one is empty.
  static func intersected(_ constraints: [BucketTarget]) -> [BucketTarget]? {
    var out: [BucketTarget] = []
    for target in constraints {
      guard let k = out.firstIndex(where: { $0.key == target.key && $0.isLayer == target.isLayer }) else {
        guard !target.range.isEmpty else { return nil }
        out.append(target)
        continue
      }
      let range = out[k].range.clamped(to: target.range)
      guard !range.isEmpty else { return nil }
      out[k] = BucketTarget(key: target.key, range: range, isLayer: target.isLayer)
    }
    return out
  }

  /// ``profileID(meeting:prefix:accepts:)`` for A/B buckets only: `(version id, bucket range)` pairs.
  static func profileID(meeting constraints: [(version: String, range: Range<Int>)], prefix: String) -> String? {
    profileID(
      meeting: constraints.map { BucketTarget(key: $0.version, range: $0.range, isLayer: false) }, prefix: prefix)
  }
}
