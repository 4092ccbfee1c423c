import Glibc
import PlacementKit

extension BatchRecords {
  /// What a run did, for its summary record.
  struct Run {
    /// Lines read, lines resolved (profiles), lines failed; the rest were blank.
    var lines: Int
    var resolved: Int
    var failed: Int
    /// Records written, per kind.
    var counts: Counts
    /// Wall-clock time from the first line read to the last record written.
    var resolving: Duration
  }

  /// The summary record that ends the stream with `--summary-json`, with its line feed:
  ///
  /// ```json
  /// {"record":"summary","lines":10000,"profiles":9999,"failed":1,"blank":0,"decisions":29997,"exposures":812,
  ///  "assignments":640,"errors":1,"rules_version":"3b1f…","now":"2026-12-01T00:00:00Z",
  ///  "timings":{"compile_ms":41.2,"resolve_ms":512.9,"cpu_ms":540.0}}
  /// ```
  /// `errors` counts error records (failed lines with `--errors inline`, else 0). `compile_ms` is the time to
  /// load and compile the rules, `resolve_ms` the time from the first line read to the last record written (wall
  /// clock, milliseconds), `cpu_ms` the user and system CPU time of the whole process so far.
  func summaryLine(_ run: Run) -> String {
    var json = JSONWriter(reservingCapacity: 320)
    json.beginObject()
    json.key("record")
    json.value("summary")
    for (name, count) in [
      ("lines", run.lines), ("profiles", run.resolved), ("failed", run.failed),
      ("blank", run.lines - run.resolved - run.failed), ("decisions", run.counts.decisions),
      ("exposures", run.counts.exposures), ("assignments", run.counts.assignments), ("errors", run.counts.errors),
    ] {
      json.key(name)
      json.value(count)
    }
    json.key("rules_version")
    json.value(rulesVersion)
    json.key("now")
    json.value(now.iso8601)
    json.key("timings")
    json.beginObject()
    json.key("compile_ms")
    json.value(Self.milliseconds(compiling))
    json.key("resolve_ms")
    json.value(Self.milliseconds(run.resolving))
    json.key("cpu_ms")
    json.value(Self.milliseconds(Self.processCPUTime()))
    json.endObject()
    json.endObject()
    return json.string + "\n"
  }

  /// `duration` in milliseconds, to the microsecond.
  static func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return (Double(seconds) * 1e6 + Double(attoseconds / 1_000_000_000_000)) / 1e3
  }

  /// The user and system CPU time this process used so far.
  static func processCPUTime() -> Duration {
    var usage = rusage()
    guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return .zero }
    let micros =
      (Int64(usage.ru_utime.tv_sec) + Int64(usage.ru_stime.tv_sec)) * 1_000_000
      + Int64(usage.ru_utime.tv_usec) + Int64(usage.ru_stime.tv_usec)
    return .microseconds(micros)
  }
}
