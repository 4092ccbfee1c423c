import BenchmarkWorkload
import Foundation
import MallocCounter

// `swift run -c release placement-bench [--quick]`: prints the figures of docs/Performance.md.
// `placement-bench batch-child <resolve arguments>` and `scale-child SEGMENTS` are the child processes of the
// batch and segment-scaling runs; `write-inputs COUNT FOLDER` writes the generated rules and profiles;
// `write-rules SEGMENTS PLACEMENTS ROWS FOLDER` writes only the generated rules, as files under 3 MiB;
// `write-worst-case ROWS FILE` the rules whose every row is tried;
// `profile-resolve [ROWS] [ROUNDS]` resolves in a loop for perf/callgrind; `bind [ROUNDS]` times the binder alone;
// `hot-path OPERATION PASSES` runs a hot-path operation for PerformanceTests (allocations, callgrind counts);
// `id-list [COUNT]` measures an id list; `workload RULES PROFILES [ROUNDS]` times binding and resolving a given rules file and profiles file (the
// peerbench workload); `serve-handler [ROUNDS]` times placement serve's handlers in-process.

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "batch-child" {
  exit(BatchBench.child(Array(arguments.dropFirst())))
}
if arguments.first == "scale-child" {
  exit(ScalingChild.child(Array(arguments.dropFirst())))
}
if arguments.first == "write-inputs", arguments.count == 3, let count = Int(arguments[1]) {
  // Writes the generated rules and `count` profiles into a folder, to rerun a batch by hand (docs/Performance.md).
  let batch = try BatchBench(rules: RulesGenerator.rules(segments: 200, placements: 5, rows: 20), folder: arguments[2])
  print(try batch.profilesFile(count))
  exit(0)
}
if arguments.first == "write-rules", arguments.count == 5, let segments = Int(arguments[1]),
  let placements = Int(arguments[2]), let rows = Int(arguments[3])
{
  // The rule sets of the lint and compile scaling figures (docs/Performance.md), as one folder.
  let text = RulesGenerator.rules(segments: segments, placements: placements, rows: rows)
  for path in try RulesGenerator.write(text, into: arguments[4]) { print(path) }
  exit(0)
}
if arguments.first == "write-worst-case", arguments.count == 3, let rows = Int(arguments[1]) {
  // `write-worst-case ROWS FILE`: a placement of ROWS rows, each `country == "Z<i>" and …`, that no generated
  // profile matches (``RulesGenerator/worstCaseRules(rows:)``), for callgrind per row tried.
  try RulesGenerator.worstCaseRules(rows: rows).write(toFile: arguments[2], atomically: true, encoding: .utf8)
  exit(0)
}
if arguments.first == "profile-resolve" {
  // For `perf record` or callgrind: resolves in a loop (`profile-resolve [ROWS] [ROUNDS]`).
  let rows = arguments.count > 1 ? Int(arguments[1]) ?? 20 : 20
  let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 300 : 300
  let bench = ResolveBench(rules: RulesGenerator.rules(segments: 200, placements: 5, rows: rows))
  print(bench.medianNanoseconds(rounds: rounds, perRound: 10_000))
  exit(0)
}
if arguments.first == "id-list" {
  // `id-list [COUNT]`: an id list's load time, memory and lookup cost (docs/Performance.md, "Id lists").
  try IdListBench.run(count: arguments.count > 1 ? Int(arguments[1]) ?? 10_000_000 : 10_000_000)
  exit(0)
}
if arguments.first == "bind" {
  // `bind [ROUNDS]`: the JSON-bytes binder alone on the generated ~330-byte lines (also a loop for perf).
  let rounds = arguments.count > 1 ? Int(arguments[1]) ?? 31 : 31
  let ruleSet = ResolveBench(rules: RulesGenerator.rules(segments: 200, placements: 5, rows: 20)).ruleSet
  let (nanoseconds, allocations) = DecodingBench(ruleSet: ruleSet).binderOnly(rounds: rounds)
  print(String(format: "bind(jsonBytes:): %.0f ns per line (median of %d rounds of 4,096 lines)", nanoseconds, rounds))
  if let allocations { print(String(format: "heap allocations: %.2f per line", allocations)) }
  exit(0)
}
if arguments.first == "hot-path", arguments.count == 3,
  let operation = HotPath.Operation(rawValue: arguments[1]), let passes = Int(arguments[2])
{
  // `hot-path bind|resolve|decisionLine PASSES`: one warm-up pass over the workload's profiles, then PASSES more,
  // whose heap allocations are counted (`allocations=-1` without a counter). PerformanceTests runs it for the
  // allocations, and twice under callgrind with different PASSES: the difference of the counts is the passes'.
  var hotPath = HotPath()
  hotPath.run(operation, passes: 1)
  let counted = Measure.allocations() != nil
  let before = malloc_counter_thread_allocations()
  hotPath.run(operation, passes: passes)
  let allocations = counted ? Int(malloc_counter_thread_allocations() - before) : -1
  print("units=\(hotPath.unitsPerPass(operation) * passes) allocations=\(allocations) checksum=\(hotPath.checksum)")
  exit(0)
}
if arguments.first == "workload", arguments.count >= 3 {
  do {
    let rounds = arguments.count > 3 ? Int(arguments[3]) ?? 21 : 21
    try WorkloadBench(rulesPath: arguments[1], profilesPath: arguments[2]).run(rounds: rounds)
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("placement-bench: \(error)\n".utf8))
    exit(1)
  }
}
if arguments.first == "serve-handler" {
  // `serve-handler [ROUNDS]`: placement serve's handlers in-process, per request (docs/Performance.md).
  do {
    try ServeBench.run(rounds: arguments.count > 1 ? Int(arguments[1]) ?? 21 : 21)
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("placement-bench: \(error)\n".utf8))
    exit(1)
  }
}
let quick = arguments.contains("--quick")
do {
  try Report(quick: quick).run()
} catch {
  FileHandle.standardError.write(Data("placement-bench: \(error)\n".utf8))
  exit(1)
}
