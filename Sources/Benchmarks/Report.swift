import BenchmarkWorkload
import Foundation
import PlacementKit

/// Runs every measurement and prints the figures with their targets.
struct Report {
  let quick: Bool

  func run() throws {
    print("placement-bench (\(quick ? "quick" : "full") run)")
    print("machine: \(Machine.cpuModel()), \(ProcessInfo.processInfo.activeProcessorCount) cores")
    print("")
    try headline()
    print("")
    try scaling()
  }

  func headline() throws {
    let bench = ResolveBench(rules: RulesGenerator.rules(segments: 200, placements: 5, rows: 20))
    let histogram = bench.rowHistogram().sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }
    print("resolution: placement of 20 rows over 200 generated segments, 64 bound profiles cycled (in cache, as a")
    print("            profile bound for the request is)")
    print("  rows deciding (row:profiles): \(histogram.joined(separator: " "))")
    let median = bench.medianNanoseconds(rounds: quick ? 21 : 101)
    print(String(format: "  median: %.0f ns per resolution (target <= 1,000 ns)", median))
    let cold = ResolveBench(rules: RulesGenerator.rules(segments: 200, placements: 5, rows: 20), profiles: 4_096)
    let coldMedian = cold.medianNanoseconds(rounds: quick ? 21 : 101)
    print(String(format: "  median with 4,096 profiles cycled (profiles mostly out of cache): %.0f ns", coldMedian))
    if let allocations = bench.allocationsPerResolution() {
      print(String(format: "  heap allocations: %.3f per resolution (target 0)", allocations))
    } else {
      print("  heap allocations: not counted (needs glibc)")
    }
    if let perProfile = bench.batchAllocationsPerProfile() {
      print(
        String(format: "  batch path (bind JSON + resolve + write JSON): %.2f heap allocations per profile", perProfile)
      )
    }

    let decoding = DecodingBench(ruleSet: bench.ruleSet).run(rounds: quick ? 5 : 15)
    print("profile decoding, CPU ns per line (~330 bytes):")
    print(
      String(
        format:
          "  Foundation JSONSerialization, parse only: %.0f ns; JSONReader + Profile + bind: %.0f ns; binder: %.0f ns",
        decoding.foundation, decoding.reference, decoding.binder))

    let compileText = RulesGenerator.rules(segments: 10_000, placements: 1_000, rows: 10)
    var samples: [Double] = []
    for _ in 0..<(quick ? 1 : 3) {
      samples.append(
        Measure.seconds { blackHole(Compilation.compile([RuleSource(name: "big.rules", text: compileText)])) })
    }
    print(
      String(
        format:
          "compile: 10,000 segments + 1,000 placements of 10 rows (%.1f MiB of rules): %.3f s median (target < 1 s)",
        Double(compileText.utf8.count) / 1_048_576, Measure.median(samples)))

    let batch = try BatchBench(rules: RulesGenerator.rules(segments: 200, placements: 5, rows: 20))
    defer { batch.cleanUp() }
    let count = quick ? 50_000 : 200_000
    let one = try batch.run(profiles: count, jobs: 1)
    print("batch: \(count) profiles, JSON Lines -> JSON Lines, 1 placement, output to /dev/null")
    print(
      String(
        format: "  --jobs 1: %.0f profiles per CPU second (target >= 200,000/s/core); wall %.2f s, %.0f profiles/s",
        one.profilesPerCPUSecond, one.seconds, one.profilesPerSecond))
    let two = try batch.run(profiles: count, jobs: 2)
    print(
      String(
        format: "  --jobs 2: %.0f profiles per CPU second; wall %.2f s, %.0f profiles/s",
        two.profilesPerCPUSecond, two.seconds, two.profilesPerSecond))
  }

  func scaling() throws {
    print("scaling (CPU time; peak resident memory (VmHWM) of a child process per row)")
    print("  segments  compile     resolve (20 rows)  peak memory")
    for segments in quick ? [10, 1_000] : [10, 100, 1_000, 10_000] {
      let result = try ScalingChild.run(segments: segments, rounds: quick ? 11 : 31)
      print(
        "  \(pad(segments, 8))  \(pad(String(format: "%.1f ms", result.compileSeconds * 1000), 10))  "
          + "\(pad(String(format: "%.0f ns", result.resolveNanoseconds), 17))  \(Measure.mebibytes(result.peakKiB))")
    }
    print("  rows      resolve, typical  resolve, all rows tried")
    for rows in [2, 20, 200] {
      let typical = ResolveBench(rules: RulesGenerator.rules(segments: 1_000, placements: 1, rows: rows))
      let worst = ResolveBench(rules: RulesGenerator.worstCaseRules(rows: rows))
      let rounds = quick ? 11 : 31
      print(
        "  \(pad(rows, 8))  \(pad(String(format: "%.0f ns", typical.medianNanoseconds(rounds: rounds)), 16))  "
          + String(format: "%.0f ns", worst.medianNanoseconds(rounds: rounds)))
    }
    print("  profiles  wall time   CPU time    profiles/CPU s  peak memory (child)")
    let batch = try BatchBench(rules: RulesGenerator.rules(segments: 200, placements: 5, rows: 20))
    defer { batch.cleanUp() }
    for count in quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000] {
      let result = try batch.run(profiles: count, jobs: 1)
      print(
        "  \(pad(count, 8))  \(pad(String(format: "%.2f s", result.seconds), 10))  "
          + "\(pad(String(format: "%.2f s", result.cpuSeconds), 10))  "
          + "\(pad(String(format: "%.0f", result.profilesPerCPUSecond), 14))  \(Measure.mebibytes(result.peakKiB))")
    }
  }

  func pad(_ value: Any, _ width: Int) -> String {
    let text = "\(value)"
    return text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }
}

enum Machine {
  /// The CPU model as `lscpu` shows it ("Model name" of /proc/cpuinfo).
  static func cpuModel() -> String {
    guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown CPU" }
    for line in text.split(separator: "\n") where line.hasPrefix("model name") {
      return line.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    }
    return "unknown CPU"
  }
}
