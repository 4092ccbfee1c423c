import PlacementCore

/// The batch hot path (`placement resolve --profiles`, JSON output, no explain) on the benchmark workload, one
/// operation at a time over the same generated profiles. `placement-bench hot-path` runs it, and `PerformanceTests`
/// runs that bench for the heap allocations of each operation and, under callgrind, for its instruction count.
package struct HotPath {
  /// One unit of work on the hot path.
  package enum Operation: String, CaseIterable, Sendable {
    /// Binding one profile line into the one reused profile, keeping only the values a run reads, as the batch
    /// does (``RuleSet/bind(jsonBytes:limits:into:keepingEveryValue:)``).
    case bind
    /// One placement's index resolution without explain (``RuleSet/resolution(_:for:now:memo:observer:)`` with
    /// ``NoObserver``), a profile's placements sharing one segment memo.
    case resolve
    /// One decision line written by the batch encoder (``DecisionEncoder/writeLines(profile:profileID:now:memo:trail:to:drew:)``,
    /// a profile's placements in one run), the profile already bound.
    case decisionLine

    /// The unit of work, in words.
    package var unit: String {
      switch self {
      case .bind: "bound line"
      case .resolve: "resolution"
      case .decisionLine: "decision line"
      }
    }
  }

  /// The benchmark's rule set: 200 generated segments, 5 placements of 20 rows, an A/B test at row 7 of each.
  package static let rules = RulesGenerator.rules(segments: 200, placements: 5, rows: 20)
  /// The instant every resolution uses.
  package static let now = Instant(iso8601: "2026-11-30T12:00:00Z")!

  package let ruleSet: RuleSet
  /// The profile lines, one after the other, as a batch chunk holds them.
  private let text: [UInt8]
  /// Each line's range in ``text``.
  private let lines: [Range<Int>]
  /// Each line bound as the batch binds it, into a profile of its own.
  private let bound: [BoundProfile]
  /// Each bound profile's `profile_id` as JSON: the line's own bytes, as the batch writes it.
  private let profileIDs: [Range<Int>]
  /// Every placement of the rule set, in order.
  private let placements: [Int]
  private let encoder: DecisionEncoder
  private var profile: BoundProfile
  private var memo: SegmentMemo
  private var trail = ExposureTrail()
  private var output: JSONWriter
  /// A sum over every result, so that no measured work is optimised away; ``run(_:passes:)`` adds to it.
  package private(set) var checksum = 0
  /// The decision lines of the last profile of the last ``Operation/decisionLine`` pass.
  package var lastDecisionLines: String { output.string }

  /// Compiles the benchmark's rules and generates `count` profile lines (`ProfileGenerator`, seed 42).
  package init(profiles count: Int = 1_024) {
    let compilation = Compilation.compile([RuleSource(name: "bench.rules", text: Self.rules)])
    guard let ruleSet = compilation.ruleSet else {
      fatalError("generated rules do not compile:\n" + DiagnosticRenderer().render(compilation.diagnostics))
    }
    self.ruleSet = ruleSet
    var text: [UInt8] = []
    var lines: [Range<Int>] = []
    for line in ProfileGenerator.lines(count) {
      let start = text.count
      text.append(contentsOf: line.utf8)
      lines.append(start..<text.count)
    }
    (self.text, self.lines) = (text, lines)
    var bound: [BoundProfile] = []
    var profileIDs: [Range<Int>] = []
    for range in lines {
      var profile = ruleSet.emptyProfile()
      Self.bind(Array(text[range]), ruleSet, into: &profile)
      guard let source = profile.profileIDSource else { fatalError("the binder found no profile_id in a line") }
      bound.append(profile)
      profileIDs.append(range.lowerBound + source.lowerBound..<range.lowerBound + source.upperBound)
    }
    (self.bound, self.profileIDs) = (bound, profileIDs)
    placements = Array(ruleSet.placements.indices)
    encoder = DecisionEncoder(ruleSet: ruleSet, placements: placements)
    profile = ruleSet.emptyProfile()
    memo = SegmentMemo(for: ruleSet)
    output = JSONWriter(reservingCapacity: 1_024)
  }

  /// Units of `operation` in one pass over the profiles: a line per profile for ``Operation/bind``, one per
  /// profile and placement for the others.
  package func unitsPerPass(_ operation: Operation) -> Int {
    operation == .bind ? lines.count : lines.count * placements.count
  }

  /// Runs `operation` over every profile, `passes` times.
  package mutating func run(_ operation: Operation, passes: Int) {
    for _ in 0..<passes {
      switch operation {
      case .bind: bindPass()
      case .resolve: resolvePass()
      case .decisionLine: decisionLinePass()
      }
    }
  }

  private mutating func bindPass() {
    text.withUnsafeBufferPointer { text in
      for range in lines {
        Self.bind(UnsafeBufferPointer(rebasing: text[range]), ruleSet, into: &profile)
        checksum &+= profile.warnings.count
      }
    }
  }

  private mutating func resolvePass() {
    var unobserved = NoObserver()
    bound.withUnsafeBufferPointer { bound in
      for profile in bound.indices {
        memo.reset()
        for placement in placements {
          checksum &+= Int(
            ruleSet.resolution(placement, for: bound[profile], now: Self.now, memo: &memo, observer: &unobserved).row)
        }
      }
    }
  }

  private mutating func decisionLinePass() {
    text.withUnsafeBufferPointer { text in
      bound.withUnsafeBufferPointer { bound in
        for index in bound.indices {
          memo.reset()
          output.removeAll(keepingCapacity: true)
          encoder.writeLines(
            profile: bound[index], profileID: UnsafeBufferPointer(rebasing: text[profileIDs[index]]), now: Self.now,
            memo: &memo, trail: &trail, to: &output
          ) { _, _, _ in }
          checksum &+= output.count
        }
      }
    }
  }

  private static func bind(_ line: UnsafeBufferPointer<UInt8>, _ ruleSet: RuleSet, into profile: inout BoundProfile) {
    do {
      try ruleSet.bind(jsonBytes: line, limits: .default, into: &profile, keepingEveryValue: false)
    } catch {
      fatalError("a generated profile line does not bind: \(error)")
    }
  }

  private static func bind(_ line: [UInt8], _ ruleSet: RuleSet, into profile: inout BoundProfile) {
    line.withUnsafeBufferPointer { bind($0, ruleSet, into: &profile) }
  }
}
