import Foundation
import MallocCounter

/// Timing, allocation counting and memory readings for the benchmark.
enum Measure {
  /// Monotonic wall-clock nanoseconds.
  static func nanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
  }

  /// CPU nanoseconds used by the calling thread. Timings use CPU time, not wall time, because the machine is
  /// shared: time the thread spends waiting for a core is not the engine's cost.
  static func threadCPUNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
  }

  /// CPU seconds (user + system) used by the whole process so far, all threads.
  static func processCPUSeconds() -> Double {
    var usage = rusage()
    #if os(Linux)
      getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    return user + system
  }

  /// CPU seconds the calling thread spent in `body`.
  static func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = threadCPUNanoseconds()
    try body()
    return Double(threadCPUNanoseconds() - start) / 1e9
  }

  /// The median of `values` (the mean of the middle two for an even count).
  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// Heap allocations made by this thread so far (see MallocCounter.c); nil when counting is unavailable.
  static func allocations() -> UInt64? {
    // Self-check: one array allocation must be counted, or the interposition did not take.
    let before = malloc_counter_thread_allocations()
    blackHole([UInt8](repeating: 1, count: 100))
    guard malloc_counter_is_active() == 1, malloc_counter_thread_allocations() > before else { return nil }
    return malloc_counter_thread_allocations()
  }

  /// A field of `/proc/self/status` in KiB (`VmHWM` is the peak resident set size, `VmRSS` the current one).
  static func status(_ field: String) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
      return Int(line.dropFirst(field.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
    }
    return nil
  }

  static func mebibytes(_ kib: Int?) -> String {
    guard let kib else { return "n/a" }
    return String(format: "%.1f MiB", Double(kib) / 1024)
  }
}

/// Keeps the optimiser from deleting the measured work.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
