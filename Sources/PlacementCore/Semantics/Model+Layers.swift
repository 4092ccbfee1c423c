/// A layered test's share of its layer's bucket space (docs/ABTests.md "Layers").
///
/// A layer buckets every profile once with its own salt: `UInt64(big-endian MD5("<salt>-<profile_id>")[8..<16])
/// % 10_000` (``Bucketing/rolloutBucket(salt:profileID:)``, the hash of docs/Product.md §4.9 modulo 10,000), so one
/// bucket is 0.01 % of the profiles. A profile whose layer bucket is in ``buckets`` may enter the test (and then
/// draws its variation as usual, from the test's own version id and 100 buckets); any other profile skips the
/// test's rows as if their segment had not matched. Shares of one layer are disjoint, so a profile enters at
/// most one test of a layer.
package struct LayerShare: Sendable, Hashable {
  /// The layer's name.
  package let layer: String
  /// The layer's salt: its version id, or `layer/<name>` when none is written.
  package let salt: String
  /// The layer buckets (0...9,999) of the test: lower bound inclusive, upper bound exclusive. `0% to 30%` is
  /// `0..<3000`.
  package let buckets: Range<Int>

  /// Buckets in a layer: 10,000, so shares may have two decimals (2.5 % is 250 buckets).
  package static let bucketCount = 10_000

  /// True when a profile with layer bucket `bucket` (0...9,999) is in the test's share.
  @inlinable
  package func admits(_ bucket: Int) -> Bool { buckets.contains(bucket) }

  /// A bucket count as a percentage without trailing zeros: 3000 → `30`, 250 → `2.5`, 1234 → `12.34`.
  package static func percent(_ buckets: Int) -> String {
    let whole = buckets / 100
    let cents = buckets % 100
    guard cents != 0 else { return "\(whole)" }
    return cents % 10 == 0 ? "\(whole).\(cents / 10)" : "\(whole).\(cents < 10 ? "0" : "")\(cents)"
  }

  /// A share as written in the rules: `30% to 50%`.
  package static func describe(_ buckets: Range<Int>) -> String {
    "\(percent(buckets.lowerBound))% to \(percent(buckets.upperBound))%"
  }
}

/// A checked `layer` declaration: its salt and the shares of its tests.
package struct LayerDefinition: Sendable {
  /// One test's share of the layer.
  package struct Allocation: Sendable, Hashable {
    /// The test's name.
    package let test: String
    /// Layer buckets of the share, lower inclusive, upper exclusive (see ``LayerShare/buckets``).
    package let buckets: Range<Int>
    /// The allocation's line in the layer.
    package let span: SourceSpan
  }

  package let name: String
  /// The salt of the layer bucket: the version id, or `layer/<name>` (``derivedSalt(layer:)``).
  package let salt: String
  /// True when the version id was written.
  package let hasExplicitVersion: Bool
  /// The shares in bucket order (lowest first); disjoint.
  package let allocations: [Allocation]
  /// The layer's name in its declaration.
  package let span: SourceSpan

  /// Buckets no test holds, as ranges in bucket order: profiles there see the rows below every layered row.
  package var unallocated: [Range<Int>] {
    var gaps: [Range<Int>] = []
    var next = 0
    for allocation in allocations {
      if allocation.buckets.lowerBound > next { gaps.append(next..<allocation.buckets.lowerBound) }
      next = max(next, allocation.buckets.upperBound)
    }
    if next < LayerShare.bucketCount { gaps.append(next..<LayerShare.bucketCount) }
    return gaps
  }

  /// Buckets held by the layer's tests (0...10,000).
  package var allocatedBuckets: Int { allocations.reduce(0) { $0 + $1.buckets.count } }

  /// The salt of a layer declared without a version: `layer/<name>`. Renaming the layer re-buckets it.
  package static func derivedSalt(layer name: String) -> String { "layer/\(name)" }
}
