import PlacementCore

/// The draw of one test on both sides of a diff, bucket by bucket.
extension TestSafety {
  /// The variation id each bucket 0...99 draws.
  static func variationByBucket(_ test: ABTest) -> [String] {
    (0..<100).map { test.variations[Bucketing.choose(bucket: $0, sorted: test.variations)].id }
  }

  /// Runs of consecutive buckets that move from one variation to another, in bucket order.
  static func bucketMoves(_ was: ABTest, _ test: ABTest) -> [(buckets: ClosedRange<Int>, from: String, to: String)] {
    let before = variationByBucket(was)
    let after = variationByBucket(test)
    var out: [(buckets: ClosedRange<Int>, from: String, to: String)] = []
    for bucket in 0..<100 where before[bucket] != after[bucket] {
      if let last = out.last, last.buckets.upperBound == bucket - 1, last.from == before[bucket],
        last.to == after[bucket]
      {
        out[out.count - 1].buckets = last.buckets.lowerBound...bucket
      } else {
        out.append((bucket...bucket, before[bucket], after[bucket]))
      }
    }
    return out
  }

  static func describe(_ range: ClosedRange<Int>) -> String {
    range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound)–\(range.upperBound)"
  }
}

/// What a variation shows on each side of a diff, in every placement that holds its test on both sides: a
/// profile moved from variation `a` to `b` sees other content when `a`'s old content differs from `b`'s new
/// content in one of them; otherwise the move only renames its variation.
struct DrawChange {
  /// Variation id → its content in each common placement, in placement order.
  let before: [String: [Content]]
  let after: [String: [Content]]

  init(before: [TestSafety.Site], after: [TestSafety.Site]) {
    let common = Set(before.map(\.placement)).intersection(after.map(\.placement)).sorted()
    func contents(_ sites: [TestSafety.Site]) -> [String: [Content]] {
      var out: [String: [Content]] = [:]
      for placement in common {
        guard let site = sites.first(where: { $0.placement == placement }) else { continue }
        for variation in site.test.variations { out[variation.id, default: []].append(variation.content) }
      }
      return out
    }
    self.before = contents(before)
    self.after = contents(after)
  }

  /// True when a profile moved from old variation `from` to new variation `to` sees other content.
  func movesContent(from: String, to: String) -> Bool { before[from] != after[to] }

  /// The ids of `ids` on both sides whose content changed, in that order.
  func contentChanged(_ ids: [String]) -> [String] {
    ids.filter { before[$0] != nil && after[$0] != nil && before[$0] != after[$0] }
  }
}
