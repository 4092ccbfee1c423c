import BenchmarkWorkload
import PlacementKit

/// In-process resolution timings: one placement, many pre-bound profiles, timed in rounds.
struct ResolveBench {
  let ruleSet: RuleSet
  let placement: String
  let profiles: [BoundProfile]
  let options = ResolveOptions(now: Instant(iso8601: "2026-11-30T12:00:00Z")!)

  /// Compiles `text` and binds `count` generated profiles.
  init(rules text: String, placement: String = "placement_0", profiles count: Int = 64) {
    let compilation = Compilation.compile([RuleSource(name: "bench.rules", text: text)])
    guard let ruleSet = compilation.ruleSet else {
      fatalError("generated rules do not compile:\n" + DiagnosticRenderer().render(compilation.diagnostics))
    }
    self.ruleSet = ruleSet
    self.placement = placement
    self.profiles = ProfileGenerator.lines(count).map { line in
      ruleSet.bind(try! Profile(jsonBytes: Array(line.utf8)))
    }
  }

  /// The median, over `rounds` rounds of `perRound` resolutions cycling through the profiles, of the mean
  /// nanoseconds per resolution.
  func medianNanoseconds(rounds: Int = 101, perRound: Int = 10_000) -> Double {
    var samples: [Double] = []
    samples.reserveCapacity(rounds)
    let mask = profiles.count - 1
    precondition(profiles.count & mask == 0, "the profile count must be a power of two")
    profiles.withUnsafeBufferPointer { profiles in
      for _ in 0..<rounds {
        let start = Measure.threadCPUNanoseconds()
        for index in 0..<perRound {
          blackHole(try! ruleSet.resolve(placement, for: profiles[index & mask], options: options))
        }
        samples.append(Double(Measure.threadCPUNanoseconds() - start) / Double(perRound))
      }
    }
    return Measure.median(samples)
  }

  /// Heap allocations per resolution over `count` resolutions (after a warm-up), or nil without a counter.
  func allocationsPerResolution(count: Int = 100_000) -> Double? {
    let mask = profiles.count - 1
    for index in 0..<1_000 { blackHole(try! ruleSet.resolve(placement, for: profiles[index & mask], options: options)) }
    guard let before = Measure.allocations() else { return nil }
    profiles.withUnsafeBufferPointer { profiles in
      for index in 0..<count {
        blackHole(try! ruleSet.resolve(placement, for: profiles[index & mask], options: options))
      }
    }
    return Double(Measure.allocations()! - before) / Double(count)
  }

  private init(ruleSet: RuleSet, placement: String, profiles: [BoundProfile]) {
    self.ruleSet = ruleSet
    self.placement = placement
    self.profiles = profiles
  }

  /// Heap allocations per profile on the batch path: read and bind one JSON line, resolve the placement, write
  /// the decision's JSON (reused writer and cache, as `resolve --profiles` does); nil without a counter.
  func batchAllocationsPerProfile(count: Int = 20_000) -> Double? {
    let lines = ProfileGenerator.lines(1_024).map { Array($0.utf8) }
    var writer = JSONWriter(reservingCapacity: 1_024)
    var cache = DecisionJSONCache()
    func one(_ line: [UInt8]) {
      let profile = try! ruleSet.bind(jsonBytes: line)
      cache.write(try! ruleSet.resolve(placement, for: profile, options: options), position: 0, to: &writer)
      writer.removeAll(keepingCapacity: true)
    }
    for line in lines { one(line) }
    guard let before = Measure.allocations() else { return nil }
    for index in 0..<count { one(lines[index & 1_023]) }
    return Double(Measure.allocations()! - before) / Double(count)
  }

  /// Which rows decided, as a histogram (to show that the timed profiles spread over the table).
  func rowHistogram() -> [Int: Int] {
    var histogram: [Int: Int] = [:]
    for profile in profiles {
      histogram[(try! ruleSet.resolve(placement, for: profile, options: options)).audience.index, default: 0] += 1
    }
    return histogram
  }
}
