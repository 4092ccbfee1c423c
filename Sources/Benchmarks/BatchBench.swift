import BenchmarkWorkload
import Foundation
import PlacementCLI

/// End-to-end batch runs (`placement resolve --profiles FILE`) in a child process, so that each run's peak
/// memory is its own. The child is this executable started with `batch-child`.
struct BatchBench {
  /// A folder holding `rules.rules` and generated profile files; removed by `cleanUp()`.
  let folder: String

  init(rules: String, folder: String = NSTemporaryDirectory() + "placement-bench-\(getpid())") throws {
    self.folder = folder
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try rules.write(toFile: folder + "/rules.rules", atomically: true, encoding: .utf8)
  }

  func cleanUp() { try? FileManager.default.removeItem(atPath: folder) }

  /// Writes `count` generated profiles as JSON Lines (streamed in blocks, so the parent stays small).
  func profilesFile(_ count: Int) throws -> String {
    let path = folder + "/profiles-\(count).jsonl"
    if FileManager.default.fileExists(atPath: path) { return path }
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    var random = SplitMix64(state: 42)
    var block = ""
    for index in 0..<count {
      block += ProfileGenerator.line(index, random: &random)
      block += "\n"
      if block.utf8.count > 1 << 20 {
        try handle.write(contentsOf: Data(block.utf8))
        block = ""
      }
    }
    try handle.write(contentsOf: Data(block.utf8))
    return path
  }

  struct Result {
    let profiles: Int
    /// Wall-clock seconds from the tool's start to its end (rules compiled, every line resolved and written).
    let seconds: Double
    /// CPU seconds of the child over the same span, all threads (user + system).
    let cpuSeconds: Double
    let peakKiB: Int?
    /// Profiles per wall-clock second.
    var profilesPerSecond: Double { Double(profiles) / seconds }
    /// Profiles per CPU second: the throughput of one core.
    var profilesPerCPUSecond: Double { Double(profiles) / cpuSeconds }
  }

  /// Runs `placement resolve --profiles <file> --placement placement_0` for `count` profiles with `jobs` threads
  /// in a child process whose standard output is /dev/null. The time is the child's own (tool start to end).
  func run(profiles count: Int, jobs: Int) throws -> Result {
    let file = try profilesFile(count)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
    process.arguments =
      [
        "batch-child", "resolve", "--profiles", file, "--rules", folder + "/rules.rules", "--placement", "placement_0",
        "--now", "2026-11-30T12:00:00Z",
      ] + (jobs == 1 ? [] : ["--jobs", String(jobs)])
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let report = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0,
      let line = report.split(separator: "\n").last(where: { $0.hasPrefix("bench:") })
    else {
      throw BenchError("batch child failed with status \(process.terminationStatus):\n\(report)")
    }
    var fields: [String: String] = [:]
    for pair in line.dropFirst("bench:".count).split(separator: " ") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
    }
    return Result(
      profiles: count, seconds: Double(fields["seconds"] ?? "") ?? .nan,
      cpuSeconds: Double(fields["cpu"] ?? "") ?? .nan,
      peakKiB: Int(fields["peak_kib"] ?? ""))
  }

  /// The child's side: runs the tool on the real standard streams and reports time and peak memory on stderr.
  static func child(_ arguments: [String]) -> Int32 {
    let start = Measure.nanoseconds()
    let cpuStart = Measure.processCPUSeconds()
    let status = PlacementTool.run(arguments, console: .standard())
    let seconds = Double(Measure.nanoseconds() - start) / 1e9
    let cpu = Measure.processCPUSeconds() - cpuStart
    let peak = Measure.status("VmHWM").map(String.init) ?? "n/a"
    FileHandle.standardError.write(Data("bench: seconds=\(seconds) cpu=\(cpu) peak_kib=\(peak)\n".utf8))
    return status
  }
}

struct BenchError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
