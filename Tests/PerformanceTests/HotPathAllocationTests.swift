import BenchmarkWorkload
import Foundation
import Testing

/// The batch hot path allocates nothing per unit of work once its reused storage has grown: an index resolution
/// without explain, a decision line of the batch encoder, and binding a line into the reused profile, except for
/// one documented case: a string value a run reads (here `email`, for `ends_with`) that equals no literal of its
/// slot and is over 15 bytes is a heap `String`. Counted by `MallocCounter` (glibc's allocator interposed, per
/// thread) in the release `placement-bench` over a whole pass of the benchmark workload's 1,024 profiles, after a
/// warm-up pass.
@Suite(PerformanceLane.withReleaseBench, .serialized)
struct HotPathAllocationTests {
  @Test(arguments: HotPath.Operation.allCases)
  func noHeapAllocationPerUnit(_ operation: HotPath.Operation) throws {
    let report = try HotPathBench.hotPath(operation, passes: 1)
    try #require(report.allocations >= 0, "the bench's allocation counter is inactive: it needs glibc")
    #expect(report.units == (operation == .bind ? 1_024 : 5_120))  // 1,024 profiles, 5 placements
    let expected = operation == .bind ? Self.longKeptStrings : 0
    #expect(
      report.allocations == expected,
      """
      \(operation): \(report.allocations) heap allocations in \(report.units) units of work (expected \(expected)\
      \(operation == .bind ? ", one per kept string over 15 bytes" : ""))
      """)
  }

  /// The workload's lines with an `email` over 15 bytes: 418 of 1,024 (about 40 % have an email; of those, only
  /// `user0@gmail.com` to `user9@gmail.com`, 15 bytes, are short enough to be stored inline).
  static let longKeptStrings = ProfileGenerator.lines(1_024).count { line in
    guard let start = line.range(of: #""email":""#)?.upperBound else { return false }
    return line[start...].prefix { $0 != "\"" }.utf8.count > 15
  }

  @Test func theLongKeptStringsAreCounted() {
    #expect(Self.longKeptStrings == 418)
  }
}

/// The bench's report, and the workload's passes: every line binds, resolutions reach many rows, and a profile's
/// decision lines are one JSON line per placement (in every build).
@Suite struct HotPathWorkloadTests {
  @Test func theReportIsParsed() throws {
    let report = try HotPathBench.Report("units=5120 allocations=3 checksum=99\n")
    #expect(report == (try HotPathBench.Report("allocations=3 units=5120")))
    #expect(report.units == 5_120 && report.allocations == 3)
    #expect(throws: HotPathBench.Failure.self) { try HotPathBench.Report("units=5120 checksum=9") }
  }

  @Test func thePassesDoTheBatchesWork() {
    var hotPath = HotPath(profiles: 64)
    hotPath.run(.decisionLine, passes: 1)
    let lines = hotPath.lastDecisionLines.split(separator: "\n")
    #expect(lines.count == 5)
    for (index, line) in lines.enumerated() {
      #expect(line.hasPrefix(#"{"placement":"placement_\#(index)","profile_id":"p-63-"#), "\(line)")
      #expect(line.hasSuffix("}"), "\(line)")
    }
    #expect(hotPath.unitsPerPass(.bind) == 64 && hotPath.unitsPerPass(.resolve) == 320)
    let resolved = hotPath.checksum
    hotPath.run(.resolve, passes: 1)
    // The sum of the deciding rows of 320 resolutions: most profiles pass a few rows before one decides.
    #expect(hotPath.checksum - resolved > 320)
  }
}
