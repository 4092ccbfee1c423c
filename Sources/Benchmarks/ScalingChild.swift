import BenchmarkWorkload
import Foundation
import PlacementKit

/// The segment-scaling rows, each in a child process (`placement-bench scale-child SEGMENTS`), so that the peak
/// resident memory reported is that of compiling and serving one rule set, not of everything before it.
enum ScalingChild {
  struct Result {
    let compileSeconds: Double
    let resolveNanoseconds: Double
    let peakKiB: Int?
  }

  /// Runs the child for `segments` segments and parses its report line.
  static func run(segments: Int, rounds: Int) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
    process.arguments = ["scale-child", String(segments), String(rounds)]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    var fields: [String: String] = [:]
    for pair in report.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
      let parts = pair.split(separator: "=", maxSplits: 1)
      if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
    }
    guard process.terminationStatus == 0, let compile = Double(fields["compile"] ?? ""),
      let resolve = Double(fields["resolve"] ?? "")
    else { throw BenchError("scale child failed: \(report)") }
    return Result(compileSeconds: compile, resolveNanoseconds: resolve, peakKiB: Int(fields["peak_kib"] ?? ""))
  }

  /// The child's side: compile generated rules with `segments` segments and one 20-row placement, time a
  /// resolution, report on stdout.
  static func child(_ arguments: [String]) -> Int32 {
    guard let segments = arguments.first.flatMap(Int.init) else { return 64 }
    let rounds = arguments.dropFirst().first.flatMap(Int.init) ?? 31
    let text = RulesGenerator.rules(segments: segments, placements: 1, rows: 20)
    let compile = Measure.seconds { blackHole(Compilation.compile([RuleSource(name: "s.rules", text: text)])) }
    let resolve = ResolveBench(rules: text).medianNanoseconds(rounds: rounds)
    let peak = Measure.status("VmHWM").map(String.init) ?? "n/a"
    print("compile=\(compile) resolve=\(resolve) peak_kib=\(peak)")
    return 0
  }
}
