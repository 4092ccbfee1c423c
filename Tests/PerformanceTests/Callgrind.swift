import BenchmarkWorkload
import Foundation

/// Instruction counts of the hot path's operations, by running `placement-bench hot-path` under
/// `valgrind --tool=callgrind` (this VM has no hardware counters for `perf_event_open`). Each count is marginal:
/// the run with `passes` measured passes minus the run with none, both after the same set-up and warm-up pass,
/// divided by the units of work of the passes; hashing is deterministic (`SWIFT_DETERMINISTIC_HASHING=1`), so
/// the figure is the same from run to run.
enum Callgrind {
  /// Measured passes per count: enough work (4 to 25 million instructions) that the few instructions two runs
  /// differ by outside the passes do not show.
  static let passes = 4

  /// Instructions per unit of `operation` (a bound line, a resolution, a decision line).
  static func instructionsPerUnit(_ operation: HotPath.Operation) throws -> Double {
    let base = try run(operation, passes: 0)
    let measured = try run(operation, passes: passes)
    guard measured.units > 0, measured.instructions > base.instructions else {
      throw HotPathBench.Failure(description: "no marginal count: \(base) then \(measured)")
    }
    return Double(measured.instructions - base.instructions) / Double(measured.units)
  }

  /// The instructions of one run of `placement-bench hot-path OPERATION PASSES`, and the units it measured.
  static func run(_ operation: HotPath.Operation, passes: Int) throws -> (instructions: UInt64, units: Int) {
    let outFile = FileManager.default.temporaryDirectory.appendingPathComponent("callgrind-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: outFile) }
    let printed = try HotPathBench.run(
      try valgrind(),
      [
        "--tool=callgrind", "--callgrind-out-file=\(outFile.path)", "--dump-line=no", "--quiet",
        try benchWithoutDebugInfo.get(), "hot-path", operation.rawValue, String(passes),
      ])
    let profile = try String(contentsOf: outFile, encoding: .utf8)
    guard let summary = profile.split(separator: "\n").first(where: { $0.hasPrefix("summary:") }),
      let instructions = UInt64(summary.dropFirst("summary:".count).trimmingCharacters(in: .whitespaces))
    else { throw HotPathBench.Failure(description: "no instruction count in the callgrind output") }
    return (instructions, try HotPathBench.Report(printed).units)
  }

  /// `valgrind` on the `PATH`.
  private static func valgrind() throws -> String {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
    guard let path = folders.map({ "\($0)/valgrind" }).first(where: FileManager.default.isExecutableFile) else {
      throw HotPathBench.Failure(
        description: "valgrind is not on the PATH: install it (apt-get install valgrind, as .ci/run does)")
    }
    return path
  }

  /// A copy of the bench without its debug information, made once: valgrind 3.19 (Debian 12) gives up on the
  /// DWARF 5 that clang writes for `MallocCounter.c`, and callgrind needs only the symbol table.
  static let benchWithoutDebugInfo: Result<String, HotPathBench.Failure> = Result {
    () throws(HotPathBench.Failure) in
    let original = try HotPathBench.executable()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("placement-perf-\(getpid())")
    let copy = folder.appendingPathComponent("placement-bench").path
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try? FileManager.default.removeItem(atPath: copy)
      try FileManager.default.copyItem(atPath: original, toPath: copy)
      _ = try HotPathBench.run("/usr/bin/env", ["objcopy", "--strip-debug", copy])
    } catch {
      throw HotPathBench.Failure(description: "cannot make a copy of \(original) without debug information: \(error)")
    }
    return copy
  }
}
