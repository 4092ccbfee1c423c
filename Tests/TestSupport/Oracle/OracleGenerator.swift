import PlacementCore

/// Generates rule sets and profiles over one attribute of each type: every operator, missing and null values,
/// empty strings, non-ASCII and canonically equivalent strings, uncoercible values, rollouts, A/B tests and
/// fallthrough. Each predicate carries its meaning (``OraclePredicate/holds``).
public struct OracleGenerator {
  public var random: SplitMix64
  /// Rollout salts must be unique in a rule set: numbered.
  public var salts = 0
  /// Schedules are drawn from their own stream, so the rest of the generated corpus is the same with or without.
  public var scheduleRandom = SplitMix64(state: 20_261_220)

  public init(random: SplitMix64) { self.random = random }

  public static let attributes = """
    attribute nick: string
    attribute score: number
    attribute flag: bool
    attribute ver: version
    attribute tier: choice(x, y, z)
    attribute tags: choices(x, y, z)
    attribute seen: date

    """
  /// The instant resolutions run at: 2026-12-01T00:00:00Z.
  public static let now: Int64 = 1_764_547_200_000
  public static let day: Int64 = 86_400_000

  public static let strings = ["", "a", "A", "bob", "Bob", "é", "e\u{301}", "日本", "😀x", "abc", "xabcx"]
  public static let stringLiterals = ["", "a", "bob", "BOB", "é", "日本", "abc", "x", "😀"]
  public static let numbers: [Double] = [-1, 0, 0.5, 3, 25, 1e9]
  public static let versions = ["1.2.3", "1.10.0", "1.9.0", "2.0.0-rc.2", "2.0.0-rc.11", "2.0.0", "2"]
  public static let versionLiterals = ["1.2.3", "1.10.0", "1.9", "2.0.0-rc.11", "2.0.0", "2"]
  public static let options = ["x", "y", "z"]
  /// Days before `now`; years_since thresholds stay far from anniversaries.
  public static let dayOffsets: [Int64] = [-3, 0, 2, 10, 400, 4_000, 9_000]

  public mutating func rules() -> OracleRules {
    var segments: [OracleCondition] = []
    for index in 0..<(2 + random.below(5)) { segments.append(condition(depth: 2, segments: index, inAll: nil)) }
    var rows: [(Int?, OracleContent)] = []
    var unused = Array(segments.indices)
    for _ in 0..<(1 + random.below(min(4, segments.count))) {
      let segment = unused.remove(at: random.below(unused.count))
      rows.append((segment, content(rows.count)))
    }
    rows.append((nil, random.chance(25) ? decidingTest(rows.count) : .flow("fallback")))
    var rules = OracleRules(segments: segments, rows: rows)
    for row in 0..<(rows.count - 1) where scheduleRandom.chance(30) { rules.windows[row] = window() }
    if random.chance(40) { rules.layer = layer(over: rows.dropLast()) }
    return rules
  }

  /// A schedule around `now` (bounds 1 ms or days away, or exactly at `now`), `from` before `until`, either open.
  public mutating func window() -> (from: Int64?, until: Int64?) {
    let offsets: [Int64] = [-3 * Self.day, -1, 0, 1, 5 * Self.day]
    let first = scheduleRandom.below(offsets.count)
    let second = first + 1 + scheduleRandom.below(offsets.count - first)
    let from = Self.now + offsets[first]
    let until = second < offsets.count ? Self.now + offsets[second] : nil
    switch scheduleRandom.below(3) {
    case 0: return (from, until)
    case 1: return (nil, until ?? Self.now + offsets[first])
    default: return (from, nil)
    }
  }

  /// A layer over the tests of the rows (never the default row's): disjoint shares in a random order of
  /// 5–40% each, with gaps, as long as they fit in 100%; nil when no row is a test.
  public mutating func layer(over rows: ArraySlice<(Int?, OracleContent)>) -> (
    salt: String, shares: [(test: String, buckets: Range<Int>)]
  )? {
    var next = random.below(2000)
    var shares: [(test: String, buckets: Range<Int>)] = []
    for (_, content) in rows {
      guard case .test(let name, _, _) = content, random.chance(80) else { continue }
      let size = 500 + random.below(3500)
      guard next + size <= 10_000 else { break }
      shares.append((name, next..<(next + size)))
      next += size + random.below(1000)
    }
    // Written in any order: the checker sorts shares by bucket.
    for i in stride(from: shares.count - 1, to: 0, by: -1) { shares.swapAt(i, random.below(i + 1)) }
    salts += 1
    return shares.isEmpty ? nil : ("layer-\(salts)", shares)
  }

  /// A condition; `inAll` says which kind of group encloses it (a group never directly holds its own kind).
  public mutating func condition(depth: Int, segments: Int, inAll: Bool?) -> OracleCondition {
    let roll = random.below(100)
    if depth > 0, roll < 20, inAll != true {
      return .all((0..<(2 + random.below(2))).map { _ in condition(depth: depth - 1, segments: segments, inAll: true) })
    }
    if depth > 0, roll < 38, inAll != false {
      return .any(
        (0..<(2 + random.below(2))).map { _ in condition(depth: depth - 1, segments: segments, inAll: false) })
    }
    if depth > 0, roll < 45 {
      // Never `not (not …)`: the compiler folds it away, and so would the explanation.
      let inner = condition(depth: depth - 1, segments: segments, inAll: nil)
      if case .not(let twice) = inner { return twice }
      return .not(inner)
    }
    if segments > 0, roll < 58 { return .segment(random.below(segments)) }
    if roll < 62 {
      salts += 1
      return .rollout(percent: random.pick([30, 50, 70]), salt: "r\(salts)")
    }
    return .predicate(predicate())
  }

  public mutating func content(_ row: Int) -> OracleContent {
    switch random.below(6) {
    case 0: return .fallthrough_
    case 1, 2: return test(row, allowFallthrough: true)
    default: return .flow("f\(row)")
    }
  }

  public mutating func decidingTest(_ row: Int) -> OracleContent { test(row, allowFallthrough: false) }

  public mutating func test(_ row: Int, allowFallthrough: Bool) -> OracleContent {
    var kinds: [OracleContent] = [.flow("a\(row)"), .flow("b\(row)"), .holdout]
    if allowFallthrough { kinds.append(.fallthrough_) }
    let count = 2 + random.below(2)
    let weights =
      count == 2 ? random.pick([[50, 50], [10, 90], [1, 99]]) : random.pick([[20, 30, 50], [34, 33, 33]])
    let variations = (0..<count).map { index in
      OracleVariation(id: "v\(index)", weight: weights[index], content: random.pick(kinds))
    }
    return .test(name: "t\(row)", version: "ver-\(row)-\(random.below(1000))", variations: variations)
  }
}
