import BenchmarkWorkload
import MallocCounter
import Testing

/// The batch hot path allocates nothing per unit of work once its reused storage has grown: binding a line into
/// the reused profile, an index resolution without explain, a decision line of the batch encoder. Counted by
/// `MallocCounter` (glibc's allocator interposed, per thread) over a whole pass of the benchmark workload's 1,024
/// profiles, after a warm-up pass.
@Suite(PerformanceLane.releaseOnly, .serialized)
struct HotPathAllocationTests {
  @Test(arguments: HotPath.Operation.allCases)
  func noHeapAllocationPerUnit(_ operation: HotPath.Operation) throws {
    try #require(malloc_counter_is_active() == 1, "the allocation counter is inactive: it needs glibc and no sanitizer")
    var hotPath = HotPath()
    hotPath.run(operation, passes: 1)
    let before = malloc_counter_thread_allocations()
    hotPath.run(operation, passes: 1)
    let allocations = malloc_counter_thread_allocations() - before
    let units = hotPath.unitsPerPass(operation)
    #expect(allocations == 0, "\(operation): \(allocations) heap allocations in \(units) units of work (expected 0)")
  }

  /// The counter sees this thread's allocations, so a 0 above is a real 0.
  @Test func theCounterCountsAnAllocation() throws {
    try #require(malloc_counter_is_active() == 1, "the allocation counter is inactive: it needs glibc and no sanitizer")
    let before = malloc_counter_thread_allocations()
    let array = [Int](repeating: 7, count: 1_000)
    withExtendedLifetime(array) {}
    #expect(malloc_counter_thread_allocations() - before == 1)
  }

  /// The measured passes do the batch's work: every line binds, resolutions reach many rows, and a profile's
  /// decision lines are one JSON line per placement.
  @Test func thePassesDoTheBatchesWork() {
    var hotPath = HotPath()
    hotPath.run(.decisionLine, passes: 1)
    let lines = hotPath.lastDecisionLines.split(separator: "\n")
    #expect(lines.count == 5)
    for (index, line) in lines.enumerated() {
      #expect(line.hasPrefix(#"{"placement":"placement_\#(index)","profile_id":"p-1023-"#), "\(line)")
      #expect(line.hasSuffix("}"), "\(line)")
    }
    let resolved = hotPath.checksum
    hotPath.run(.resolve, passes: 1)
    // The sum of the deciding rows of 5,120 resolutions: most profiles pass a few rows before one decides.
    #expect(hotPath.checksum - resolved > 5_120)
  }
}
