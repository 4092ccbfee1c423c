import BenchmarkWorkload
import Foundation

/// Instruction counts of the hot path's operations, by running `placement-bench instructions` under
/// `valgrind --tool=callgrind` (this VM has no hardware counters for `perf_event_open`). Each count is marginal:
/// the run with `passes` measured passes minus the run with none, both after the same set-up and warm-up pass,
/// divided by the units of work of the passes; hashing is deterministic (`SWIFT_DETERMINISTIC_HASHING=1`), so
/// the figure is the same from run to run.
enum Callgrind {
  struct Failure: Error, Sendable, CustomStringConvertible {
    let description: String
  }

  /// Measured passes per count: enough work (4 to 16 million instructions) that the few instructions two runs
  /// differ by outside the passes do not show.
  static let passes = 4

  /// Instructions per unit of `operation` (a bound line, a resolution, a decision line).
  static func instructionsPerUnit(_ operation: HotPath.Operation) throws -> Double {
    let base = try run(operation, passes: 0)
    let measured = try run(operation, passes: passes)
    guard measured.units > 0, measured.instructions > base.instructions else {
      throw Failure(description: "no marginal count: \(base) then \(measured)")
    }
    return Double(measured.instructions - base.instructions) / Double(measured.units)
  }

  /// The instructions of one run of `placement-bench instructions OPERATION PASSES`, and the units it measured.
  static func run(_ operation: HotPath.Operation, passes: Int) throws -> (instructions: UInt64, units: Int) {
    let outFile = FileManager.default.temporaryDirectory.appendingPathComponent("callgrind-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: outFile) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try valgrind())
    process.arguments = [
      "--tool=callgrind", "--callgrind-out-file=\(outFile.path)", "--dump-line=no", "--quiet",
      try benchWithoutDebugInfo.get(), "instructions", operation.rawValue, String(passes),
    ]
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
    process.environment = environment
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let reported = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(description: "callgrind run failed (\(process.terminationStatus)): \(printed)\(reported)")
    }
    let profile = try String(contentsOf: outFile, encoding: .utf8)
    guard let summary = field("summary:", in: profile).flatMap({ UInt64($0) }),
      let units = field("units=", in: printed).flatMap({ Int($0.split(separator: " ")[0]) })
    else { throw Failure(description: "no instruction count in the callgrind output, or no units in: \(printed)") }
    return (summary, units)
  }

  /// The text after `prefix` on the first line that starts with it.
  private static func field(_ prefix: String, in text: String) -> String? {
    text.split(separator: "\n").first { $0.hasPrefix(prefix) }.map {
      $0.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
    }
  }

  /// `valgrind` on the `PATH`.
  private static func valgrind() throws -> String {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
    guard let path = folders.map({ "\($0)/valgrind" }).first(where: FileManager.default.isExecutableFile) else {
      throw Failure(description: "valgrind is not on the PATH: install it (apt-get install valgrind, as .ci/run does)")
    }
    return path
  }

  /// A copy of ``bench()`` without its debug information, made once: valgrind 3.19 (Debian 12) gives up on the
  /// DWARF 5 that clang writes for `MallocCounter.c`, and callgrind needs only the symbol table.
  static let benchWithoutDebugInfo: Result<String, Failure> = Result { () throws(Failure) in
    let original = try bench()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("placement-perf-\(getpid())")
    let copy = folder.appendingPathComponent("placement-bench").path
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try? FileManager.default.removeItem(atPath: copy)
      try FileManager.default.copyItem(atPath: original, toPath: copy)
    } catch {
      throw Failure(description: "cannot copy \(original) to \(copy): \(error)")
    }
    let strip = Process()
    strip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    strip.arguments = ["objcopy", "--strip-debug", copy]
    do { try strip.run() } catch { throw Failure(description: "cannot run objcopy: \(error)") }
    strip.waitUntilExit()
    guard strip.terminationStatus == 0 else {
      throw Failure(description: "objcopy --strip-debug \(copy) failed (\(strip.terminationStatus))")
    }
    return copy
  }

  /// The `placement-bench` built beside this test executable (the same build: `swift test -c release` builds
  /// every product), or `PLACEMENT_BENCH`.
  private static func bench() throws(Failure) -> String {
    if let path = ProcessInfo.processInfo.environment["PLACEMENT_BENCH"] { return path }
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let sibling = executable.deletingLastPathComponent().appendingPathComponent("placement-bench").path
    guard FileManager.default.isExecutableFile(atPath: sibling) else {
      throw Failure(description: "\(sibling) is missing: build it in the same configuration (swift build -c release)")
    }
    return sibling
  }
}
