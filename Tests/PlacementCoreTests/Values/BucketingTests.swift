import TestSupport
import Testing

@testable import PlacementCore

/// The variation a profile gets on a test, through the public API.
private func draw(_ version: String, _ profile: String, _ sorted: [Variation]) -> String {
  sorted[Bucketing.choose(bucket: Bucketing.bucket(versionID: version, profileID: profile), sorted: sorted)].id
}

private func arms(_ pairs: [(String, Int)]) -> [Variation] {
  Bucketing.sortedForDraw(pairs.map { Variation(id: $0.0, weight: $0.1) })
}

@Suite(.tags(.slow), .notInQuickLane) struct BucketingTests {
  @Test func everyConformanceDraw() throws {
    let vectors = try ABDrawVectors.load()
    #expect(vectors.draws.count == 828)
    for vector in vectors.draws {
      let bucket = Bucketing.bucket(versionID: vector.versionID, profileID: vector.profileID)
      #expect(bucket == vector.bucket, "bucket of \(vector.versionID) / \(vector.profileID)")
      let sorted = Bucketing.sortedForDraw(vector.variations.map { Variation(id: $0.id, weight: $0.weight) })
      let chosen = sorted[Bucketing.choose(bucket: vector.bucket, sorted: sorted)].id
      #expect(chosen == vector.chosen, "draw of \(vector.versionID) / \(vector.profileID) bucket \(vector.bucket)")
    }
  }

  @Test func bucketMatchesHandComputedDigest() {
    // Hand check via the one-shot digest of the concatenated key.
    let digest = MD5.digest("test-v1-user-1".utf8)
    let value = digest[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    #expect(Bucketing.bucket(versionID: "test-v1", profileID: "user-1") == Int(value % 100))
    #expect(Bucketing.rolloutBucket(salt: "test-v1", profileID: "user-1") == Int(value % 10_000))
  }

  @Test func sortOrderIsWeightThenUTF8Id() {
    let sorted = arms([("z", 33), ("x", 34), ("y", 33), ("B", 33), ("é", 33), ("e\u{301}", 33)])
    // "B" (0x42) < "e\u{301}" (0x65...) < "y" < "z" < "é" (0xC3 0xA9); Swift's String < would treat é and e\u{301} as equal.
    #expect(sorted.map(\.id) == ["B", "e\u{301}", "y", "z", "é", "x"])
    #expect(arms([("b", 50), ("a", 50)]).map(\.id) == ["a", "b"])
    #expect(arms([("p4", 40), ("p1", 10), ("p3", 30), ("p2", 20)]).map(\.id) == ["p1", "p2", "p3", "p4"])
  }

  @Test func walkBoundaries() {
    let fifty = arms([("a", 50), ("b", 50)])
    #expect(Bucketing.choose(bucket: 0, sorted: fifty) == 0)
    #expect(Bucketing.choose(bucket: 49, sorted: fifty) == 0)
    #expect(Bucketing.choose(bucket: 50, sorted: fifty) == 1)
    #expect(Bucketing.choose(bucket: 99, sorted: fifty) == 1)
    // Weights not summing to 100: the walk falls off and the last sorted variation wins.
    let short = arms([("a", 10), ("b", 20)])
    #expect(Bucketing.choose(bucket: 29, sorted: short) == 1)
    #expect(Bucketing.choose(bucket: 30, sorted: short) == 1)
    #expect(Bucketing.choose(bucket: 9, sorted: short) == 0)
  }

  @Test func bucket99AlwaysLandsInsideTheWalk() {
    // With weights summing to 100, bucket 99 is taken by the last variation inside the walk, never by the fallback.
    for weights in [[50, 50], [70, 30], [34, 33, 33], [10, 20, 30, 40], [1, 1, 98], [100], [0, 100]] {
      let sorted = Bucketing.sortedForDraw(
        weights.enumerated().map { Variation(id: "v\($0.offset)", weight: $0.element) })
      #expect(sorted.reduce(0) { $0 + $1.weight } == 100)
      let index = Bucketing.choose(bucket: 99, sorted: sorted)
      #expect(99 - sorted[...index].reduce(0) { $0 + $1.weight } < 0, "weights \(weights)")
      #expect(index == sorted.count - 1)
    }
  }

  @Test(arguments: [[("a", 50), ("b", 50)], [("control", 70), ("treatment", 30)], [("x", 34), ("y", 33), ("z", 33)]])
  func distributionWithinOnePoint(_ pairs: [(String, Int)]) {
    let sorted = arms(pairs)
    var counts: [String: Int] = [:]
    let total = 100_000
    for i in 0..<total { counts[draw("dist-v1", "user-\(i)", sorted), default: 0] += 1 }
    for (id, weight) in pairs {
      let share = Double(counts[id, default: 0]) * 100 / Double(total)
      #expect(abs(share - Double(weight)) <= 1.0, "\(id): \(share)% for weight \(weight)")
    }
  }

  @Test func bucketsCoverTheRange() {
    var seen = Set<Int>()
    var rolloutSeen = (min: Int.max, max: Int.min)
    for i in 0..<10_000 {
      seen.insert(Bucketing.bucket(versionID: "cover", profileID: "user-\(i)"))
      let r = Bucketing.rolloutBucket(salt: "cover", profileID: "user-\(i)")
      rolloutSeen = (min(rolloutSeen.min, r), max(rolloutSeen.max, r))
    }
    #expect(seen == Set(0...99))
    #expect(rolloutSeen.min >= 0 && rolloutSeen.min < 10 && rolloutSeen.max <= 9999 && rolloutSeen.max > 9989)
  }

  @Test func twentyPercentRolloutAndIndependenceFromTheTest() {
    let sorted = arms([("a", 50), ("b", 50)])
    let total = 100_000
    var admitted = 0
    var admittedA = 0
    for i in 0..<total {
      let profile = "user-\(i)"
      guard Bucketing.rolloutBucket(salt: "rollout-salt", profileID: profile) < 2000 else { continue }
      admitted += 1
      if draw("test-v1", profile, sorted) == "a" { admittedA += 1 }
    }
    let admittedShare = Double(admitted) * 100 / Double(total)
    #expect(abs(admittedShare - 20) <= 0.5, "rollout admitted \(admittedShare)%")
    let splitA = Double(admittedA) * 100 / Double(admitted)
    #expect(abs(splitA - 50) <= 1.5, "inside the rollout, a got \(splitA)%")
  }

  @Test func newVersionRedrawsAboutHalf() {
    let sorted = arms([("a", 50), ("b", 50)])
    var changed = 0
    for i in 0..<10_000 where draw("test-v1", "user-\(i)", sorted) != draw("test-v2", "user-\(i)", sorted) {
      changed += 1
    }
    #expect((4000...6000).contains(changed), "\(changed) of 10000 re-drawn")
  }

  @Test func sameVersionKeepsAssignments() {
    let sorted = arms([("a", 50), ("b", 50)])
    for i in 0..<1000 {
      #expect(draw("test-v1", "user-\(i)", sorted) == draw("test-v1", "user-\(i)", sorted))
    }
  }
}
