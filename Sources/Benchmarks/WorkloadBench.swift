import Foundation
import PlacementKit

/// `placement-bench workload RULES PROFILES [ROUNDS]`: the peerbench workload (or any rules file and JSON Lines
/// profiles file) timed in-process, so it compares with the hand-written Swift limit (`../shared/bench/handwritten/`)
/// in one command. Prints the median thread-CPU ns per profile to bind its JSON line (into a new profile that
/// keeps every value, and as the batch does: into one reused profile that keeps the values a run reads), per
/// decision to resolve a bound profile to indices (the hot path, no `Decision` built: one run per placement, the
/// placements of a profile sharing one segment memo), and per decision with a `Decision` built.
struct WorkloadBench {
  let ruleSet: RuleSet
  let lines: [[UInt8]]

  init(rulesPath: String, profilesPath: String) throws {
    let text = try String(contentsOfFile: rulesPath, encoding: .utf8)
    let compilation = Compilation.compile([RuleSource(name: rulesPath, text: text)])
    guard let ruleSet = compilation.ruleSet else {
      throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "\(rulesPath) does not compile"])
    }
    self.ruleSet = ruleSet
    let data = try Data(contentsOf: URL(fileURLWithPath: profilesPath))
    lines = data.split(separator: UInt8(ascii: "\n")).map(Array.init)
  }

  func run(rounds: Int) throws {
    let bound = try lines.map { try ruleSet.bind(jsonBytes: $0) }
    let placements = try ruleSet.placementNames.map { try ruleSet.placementIndex(of: $0) }
    let now = Instant(millisecondsSince1970: 1_764_547_200_000)
    let decisions = Double(bound.count * placements.count)
    let bind =
      median(rounds) { for line in lines { blackHole(try! ruleSet.bind(jsonBytes: line)) } } / Double(lines.count)
    let batchBind =
      median(rounds) {
        var storage = ruleSet.emptyProfile()
        for line in lines {
          line.withUnsafeBufferPointer {
            try! ruleSet.bind(jsonBytes: $0, limits: .default, into: &storage, keepingEveryValue: false)
          }
        }
        blackHole(storage)
      } / Double(lines.count)
    // As the batch resolves a line: one segment memo per profile, shared by its placements.
    func resolving(_ resolve: (BoundProfile, inout SegmentMemo) -> Int32) -> Double {
      median(rounds) {
        var sum: Int32 = 0
        var memo = SegmentMemo(for: ruleSet)
        for profile in bound {
          memo.reset()
          sum &+= resolve(profile, &memo)
        }
        blackHole(sum)
      } / decisions
    }
    var unobserved = NoObserver()
    let resolveOnly = resolving { profile, memo in
      placements.reduce(0) {
        $0 &+ ruleSet.resolution($1, for: profile, now: now, memo: &memo, observer: &unobserved).row
      }
    }
    let options = ResolveOptions(now: now)
    let withDecision =
      median(rounds) {
        for profile in bound {
          for name in ruleSet.placementNames { blackHole(try! ruleSet.resolve(name, for: profile, options: options)) }
        }
      } / decisions
    print("workload: \(lines.count) profiles x \(placements.count) placements, \(ruleSet.segments.count) segments")
    print(String(format: "  bind: %.1f ns per profile line (median of %d rounds, thread CPU)", bind, rounds))
    print(String(format: "  bind as the batch does (reused profile, values a run reads): %.1f ns per line", batchBind))
    print(String(format: "  resolve only: %.1f ns per decision (indices, no Decision built)", resolveOnly))
    print(String(format: "  resolve to a Decision value: %.1f ns per decision", withDecision))
  }

  /// Median thread-CPU nanoseconds of `rounds` runs of `body`.
  func median(_ rounds: Int, _ body: () -> Void) -> Double {
    body()
    let samples = (0..<rounds).map { _ in
      let start = Measure.threadCPUNanoseconds()
      body()
      return Double(Measure.threadCPUNanoseconds() - start)
    }
    return Measure.median(samples)
  }
}
