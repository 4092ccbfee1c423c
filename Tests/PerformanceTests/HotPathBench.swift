import BenchmarkWorkload
import Foundation

/// The release `placement-bench` whose `hot-path OPERATION PASSES` mode the performance tests measure, named by
/// `PLACEMENT_BENCH`: the tests measure the code as the release build optimises it, whatever the configuration
/// of the test executable.
enum HotPathBench {
  struct Failure: Error, Sendable, CustomStringConvertible {
    let description: String
  }

  /// What one run printed: the units of work of the measured passes and their heap allocations (-1 when the
  /// bench could not count them).
  struct Report: Sendable, Equatable {
    let units: Int
    let allocations: Int

    /// Parses `units=U allocations=A checksum=C`.
    init(_ printed: String) throws {
      var fields: [Substring: Int] = [:]
      for field in printed.split(whereSeparator: \.isWhitespace) {
        let parts = field.split(separator: "=", maxSplits: 1)
        if parts.count == 2, let value = Int(parts[1]) { fields[parts[0]] = value }
      }
      guard let units = fields["units"], let allocations = fields["allocations"] else {
        throw Failure(description: "no units and allocations in the bench's output: \(printed)")
      }
      (self.units, self.allocations) = (units, allocations)
    }
  }

  /// The bench's path: `PLACEMENT_BENCH`, or nil when it is not set (the suites are then skipped).
  static var path: String? { ProcessInfo.processInfo.environment["PLACEMENT_BENCH"] }

  /// The bench's path, checked to be an executable.
  static func executable() throws(Failure) -> String {
    guard let path, FileManager.default.isExecutableFile(atPath: path) else {
      throw Failure(
        description: "PLACEMENT_BENCH=\(path ?? "") is not an executable: build it with "
          + "swift build -c release --product placement-bench")
    }
    return path
  }

  /// Runs `executable` with `arguments` (hashing made deterministic) and returns what it printed.
  static func run(_ executable: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
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
      throw Failure(
        description: "\(executable) \(arguments) failed (\(process.terminationStatus)): \(printed)\(reported)")
    }
    return printed
  }

  /// One run of `placement-bench hot-path OPERATION PASSES`.
  static func hotPath(_ operation: HotPath.Operation, passes: Int) throws -> Report {
    try Report(run(try executable(), ["hot-path", operation.rawValue, String(passes)]))
  }
}
