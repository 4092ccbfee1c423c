import BenchmarkWorkload
import Foundation
import Testing

/// Instructions per unit of each hot-path operation (``Callgrind``), held to `baselines.json` within
/// ``InstructionBaselines/tolerance``: more fails as a regression, fewer asks to re-record, so that the baseline
/// keeps every improvement. ``InstructionBaselines/recordCommand`` re-records (review the diff of
/// `baselines.json`).
@Suite(PerformanceLane.withReleaseBench, .serialized)
struct InstructionCountTests {
  @Test(arguments: HotPath.Operation.allCases)
  func instructionsPerUnitMatchTheBaseline(_ operation: HotPath.Operation) throws {
    let measured = try Callgrind.instructionsPerUnit(operation)
    // The figure in the log of every run, passing or not.
    print("\(operation.rawValue): \(Int(measured.rounded())) instructions per \(operation.unit)")
    if let problem = try InstructionBaselines.check(operation, measured: measured) {
      Issue.record(Comment(rawValue: problem))
    }
  }
}

/// The comparison with the baselines (in every build): within the tolerance passes, beyond it fails either way
/// with the figures and what to do.
@Suite struct InstructionBaselineTests {
  let baselines = ["bind": 1_000.0]

  @Test func withinTheTolerancePasses() {
    #expect(InstructionBaselines.compare(.bind, measured: 1_029.9, baselines: baselines) == nil)
    #expect(InstructionBaselines.compare(.bind, measured: 970.1, baselines: baselines) == nil)
  }

  @Test func aRegressionFailsWithItsFigure() {
    #expect(
      InstructionBaselines.compare(.bind, measured: 1_031, baselines: baselines)
        == "bind: 1031 instructions per bound line, 3.1 % over the baseline of 1000 (tolerance 3 %): a regression; "
        + "find it with callgrind (docs/Performance.md), or if it is intended, re-record with "
        + "PLACEMENT_RECORD_BASELINES=1 PLACEMENT_BENCH=.build/release/placement-bench swift test --filter "
        + "InstructionCountTests")
  }

  @Test func anImprovementAsksToReRecord() {
    #expect(
      InstructionBaselines.compare(.bind, measured: 900, baselines: baselines)
        == "bind: 900 instructions per bound line, 10.0 % under the baseline of 1000 (tolerance 3 %): an "
        + "improvement; re-record with PLACEMENT_RECORD_BASELINES=1 PLACEMENT_BENCH=.build/release/placement-bench "
        + "swift test --filter InstructionCountTests so that the baseline keeps it")
  }

  @Test func aMissingBaselineSaysHowToRecordIt() {
    let message = InstructionBaselines.compare(.resolve, measured: 5, baselines: baselines)
    #expect(
      message?.hasPrefix("resolve: 5 instructions per resolution, and no baseline in ") == true, "\(message ?? "")")
  }

  @Test func theBaselinesFileHasEveryOperation() throws {
    let recorded = try InstructionBaselines.load()
    #expect(Set(recorded.keys) == Set(HotPath.Operation.allCases.map(\.rawValue)))
  }
}

/// The instruction-count baselines: `baselines.json` beside this file, operation → instructions per unit, as
/// measured on `swift build -c release --product placement-bench` (Swift 6.3.1, x86-64 Linux).
enum InstructionBaselines {
  /// The deviation either way that passes.
  static let tolerance = 0.03
  static let recordCommand =
    "PLACEMENT_RECORD_BASELINES=1 PLACEMENT_BENCH=.build/release/placement-bench swift test --filter "
    + "InstructionCountTests"

  static var file: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("baselines.json")
  }

  /// Nil when `measured` is within the tolerance of the baseline of `operation`, or was just recorded
  /// (`PLACEMENT_RECORD_BASELINES=1`); else what is wrong.
  static func check(_ operation: HotPath.Operation, measured: Double) throws -> String? {
    var baselines = try load()
    if ProcessInfo.processInfo.environment["PLACEMENT_RECORD_BASELINES"] == "1" {
      baselines[operation.rawValue] = measured.rounded()
      try save(baselines)
      return nil
    }
    return compare(operation, measured: measured, baselines: baselines)
  }

  static func compare(_ operation: HotPath.Operation, measured: Double, baselines: [String: Double]) -> String? {
    let head = "\(operation.rawValue): \(String(format: "%.0f", measured)) instructions per \(operation.unit)"
    guard let baseline = baselines[operation.rawValue] else {
      return head + ", and no baseline in \(file.path); record it with \(recordCommand)"
    }
    let deviation = measured / baseline - 1
    guard abs(deviation) > tolerance else { return nil }
    let percent = String(format: "%.1f %%", abs(deviation) * 100)
    let figures =
      head + ", \(percent) \(deviation > 0 ? "over" : "under") the baseline of "
      + "\(String(format: "%.0f", baseline)) (tolerance \(Int(tolerance * 100)) %)"
    if deviation > 0 {
      return figures + ": a regression; find it with callgrind (docs/Performance.md), or if it is intended, "
        + "re-record with \(recordCommand)"
    }
    return figures + ": an improvement; re-record with \(recordCommand) so that the baseline keeps it"
  }

  static func load() throws -> [String: Double] {
    guard let data = FileManager.default.contents(atPath: file.path) else { return [:] }
    return try JSONDecoder().decode([String: Double].self, from: data)
  }

  static func save(_ baselines: [String: Double]) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    var data = try encoder.encode(baselines.mapValues { Int($0) })
    data.append(UInt8(ascii: "\n"))
    try data.write(to: file)
  }
}
