import TestSupport
import Testing

@testable import PlacementCore

/// An id list at the size the table is built for: 10 million ids, 134 MB of table. Slow lane: about 65 s and
/// 340 MB in a debug build, most of it building the ids' strings and the list's SHA-256 unoptimized.
@Suite(.tags(.slow), .notInQuickLane) struct IdListScaleTests {
  @Test func aListOf10MillionIdsHoldsExactlyItsIds() {
    let count = 10_000_000
    let list = IdList(ids: (0..<count).lazy.map { "user-\($0)" })
    #expect(list.count == count)
    #expect(list.tableBytes <= 16 * count)
    var missing = 0
    for n in 0..<count where !list.contains("user-\(n)") { missing += 1 }
    #expect(missing == 0)
    let unlisted = 1_000_000
    var found = 0
    for n in count..<(count + unlisted) where list.contains("user-\(n)") { found += 1 }
    #expect(found == 0)
  }
}
