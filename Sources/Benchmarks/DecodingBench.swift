import BenchmarkWorkload
import Foundation
import PlacementKit

/// How a profile line becomes a bound profile, timed three ways on the same generated lines (CPU ns per line):
/// Foundation's `JSONSerialization` (parsing only, for scale), the reference path (`JSONReader` → `JSONValue` →
/// `Profile` → `bind`), and the binder batch resolution uses (`RuleSet.bind(jsonBytes:)`).
struct DecodingBench {
  let ruleSet: RuleSet
  let lines: [[UInt8]]

  init(ruleSet: RuleSet) {
    self.ruleSet = ruleSet
    lines = ProfileGenerator.lines(4_096).map { Array($0.utf8) }
  }

  func run(rounds: Int) -> (foundation: Double, reference: Double, binder: Double) {
    let datas = lines.map { Data($0) }
    let foundation = median(rounds) {
      for data in datas { blackHole(try! JSONSerialization.jsonObject(with: data)) }
    }
    let reference = median(rounds) {
      for line in lines { blackHole(ruleSet.bind(try! Profile(jsonBytes: line))) }
    }
    let binder = median(rounds) {
      for line in lines { blackHole(try! ruleSet.bind(jsonBytes: line)) }
    }
    return (foundation, reference, binder)
  }

  /// The binder alone, for `placement-bench bind`: median CPU ns per line over `rounds`, and heap allocations per
  /// line (nil without the counter).
  func binderOnly(rounds: Int) -> (nanoseconds: Double, allocations: Double?) {
    let nanoseconds = median(rounds) {
      for line in lines { blackHole(try! ruleSet.bind(jsonBytes: line)) }
    }
    guard let before = Measure.allocations() else { return (nanoseconds, nil) }
    for line in lines { blackHole(try! ruleSet.bind(jsonBytes: line)) }
    return (nanoseconds, Double(Measure.allocations()! - before) / Double(lines.count))
  }

  /// The median over `rounds` of the CPU nanoseconds per line of `body` (which handles every line once).
  private func median(_ rounds: Int, _ body: () -> Void) -> Double {
    body()
    var samples: [Double] = []
    for _ in 0..<rounds {
      let start = Measure.threadCPUNanoseconds()
      body()
      samples.append(Double(Measure.threadCPUNanoseconds() - start) / Double(lines.count))
    }
    return Measure.median(samples)
  }
}
