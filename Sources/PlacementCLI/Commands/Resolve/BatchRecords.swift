import Glibc
import PlacementKit

/// The record stream of `resolve --profiles` with `--emit`, `--key` or `--summary-json`: everything on standard
/// output, one JSON object per line, each opening with `"record"` (`decision`, `exposure`, `assignment`, `error`,
/// `summary`), so that an engine (Spark) takes every result of a task from its output and nothing from side files.
///
/// A record is the plain output line with members put in front: `"record"`, then `"key"` (with `--key`: the
/// member's JSON as written in the input line, `null` when the line has none), then, where the plain line lacks
/// them, `"rules_version"` and `"resolved_at"` (the run's `now`). So a decision record is
/// `{"record":"decision","key":…,"rules_version":"…","resolved_at":"…","placement":…}` followed by the decision's
/// members exactly as without the flags, and an exposure record is the `--exposures` log line with `record` and
/// `key` in front. docs/Batch.md describes every column.
struct BatchRecords: Sendable {
  /// Which records the stream carries (`--emit`); error records come with `--errors inline`.
  struct Kinds: OptionSet, Sendable {
    let rawValue: Int
    static let decisions = Kinds(rawValue: 1)
    static let exposures = Kinds(rawValue: 2)
    static let assignments = Kinds(rawValue: 4)
    static let names: [(String, Kinds)] = [
      ("decisions", .decisions), ("exposures", .exposures), ("assignments", .assignments),
    ]
  }

  /// How many records of each kind a chunk (or the run) wrote.
  struct Counts: Sendable {
    var decisions = 0
    var exposures = 0
    var assignments = 0
    var errors = 0

    static func += (total: inout Counts, chunk: Counts) {
      total.decisions += chunk.decisions
      total.exposures += chunk.exposures
      total.assignments += chunk.assignments
      total.errors += chunk.errors
    }
  }

  let emits: Kinds
  /// With `--key`: the member copied into every record.
  let key: BatchKey?
  /// With `--key`: the unknown-member warning binding raises for the key's member, dropped from the profile.
  let keyWarning: String?
  /// Whether the key's member is no attribute of the rules, so that each line is bound without it (a member
  /// the binder does not know takes its slow path; the key is the caller's, not the profile's).
  let bindsWithoutKey: Bool
  /// With `--summary-json`: the stream ends with a summary record.
  let summary: Bool
  let rulesVersion: String
  let now: Instant
  /// The time loading and compiling the rules took, for the summary record.
  var compiling: Duration = .zero
  /// `,"rules_version":"…","resolved_at":"…"`: the same in every record of the run.
  private let context: [UInt8]

  init(emits: Kinds, key: String?, summary: Bool, ruleSet: RuleSet, now: Instant) {
    (self.emits, self.summary, rulesVersion, self.now) = (emits, summary, ruleSet.version, now)
    self.key = key.map(BatchKey.init)
    keyWarning = key.map(Profile.unknownMemberWarning)
    bindsWithoutKey =
      key.map { key in
        var probe = JSONWriter()
        probe.beginObject()
        probe.key(key)
        probe.null()
        probe.endObject()
        let warnings = (try? ruleSet.bind(jsonBytes: probe.bytes))?.warnings ?? []
        return warnings.contains(Profile.unknownMemberWarning(key))
      } ?? false
    var json = JSONWriter(reservingCapacity: 96)
    json.raw(#","rules_version":"#)
    json.rawString(ruleSet.version)
    json.raw(#","resolved_at":"#)
    json.rawString(now.iso8601)
    context = json.bytes
  }

  /// The kinds a comma-separated `--emit` list names.
  /// - Throws: ``CommandFailure`` (usage) for an empty list or an unknown name.
  static func kinds(_ list: String) throws(CommandFailure) -> Kinds {
    var kinds: Kinds = []
    for name in list.split(separator: ",", omittingEmptySubsequences: false) {
      guard let kind = names(name) else {
        throw CommandFailure(
          .usage, "--emit takes decisions, exposures and assignments, comma-separated; found '\(name)'")
      }
      kinds.insert(kind)
    }
    return kinds
  }

  private static func names(_ name: Substring) -> Kinds? {
    Kinds.names.first { $0.0 == name }?.1
  }

  /// Moves one input line's output into `out` as records: its decision lines (`decisions`, one per line), then
  /// the exposure log lines and the assignment line it appended to `exposures` and `assignments` from the given
  /// offsets (those stay for the `--exposures` and `--assignments-out` files). `key` is the line's key value.
  func appendLine(
    decisions: JSONWriter, exposures: [UInt8], from exposuresStart: Int, assignments: [UInt8],
    from assignmentsStart: Int, key: UnsafeBufferPointer<UInt8>?, to out: inout JSONWriter, counts: inout Counts
  ) {
    if emits.contains(.decisions) {
      decisions.withBytes { bytes in
        counts.decisions += forEachLine(bytes[...]) { line in
          head("decision", key: key, to: &out)
          out.raw(bytes: context)
          tail(line, to: &out)
        }
      }
    }
    if emits.contains(.exposures), exposures.count > exposuresStart {
      exposures.withUnsafeBufferPointer { bytes in
        counts.exposures += forEachLine(bytes[exposuresStart...]) { line in
          head("exposure", key: key, to: &out)
          tail(line, to: &out)
        }
      }
    }
    if emits.contains(.assignments), assignments.count > assignmentsStart {
      assignments.withUnsafeBufferPointer { bytes in
        counts.assignments += forEachLine(bytes[assignmentsStart...]) { line in
          head("assignment", key: key, to: &out)
          out.raw(bytes: context)
          tail(line, to: &out)
        }
      }
    }
  }

  /// An error record: `{"record":"error","key":…,"line":n,"column":c,"error":"…","rules_version":…,
  /// "resolved_at":…}` (`column` only for invalid JSON; `line` counts the lines this process read, from 1).
  func writeError(
    _ message: String, line number: Int, column: Int?, key: UnsafeBufferPointer<UInt8>?, to out: inout JSONWriter
  ) {
    head("error", key: key, to: &out)
    out.raw(#","line":"#)
    out.rawInteger(number)
    if let column {
      out.raw(#","column":"#)
      out.rawInteger(column)
    }
    out.raw(#","error":"#)
    out.rawString(message)
    out.raw(bytes: context)
    out.raw("}")
    out.endLine()
  }

  /// `{"record":"<kind>"` and, with `--key`, `,"key":<value or null>`.
  private func head(_ kind: StaticString, key value: UnsafeBufferPointer<UInt8>?, to out: inout JSONWriter) {
    out.raw(#"{"record":""#)
    out.raw(kind)
    out.raw("\"")
    guard key != nil else { return }
    out.raw(#","key":"#)
    if let value { out.raw(buffer: value) } else { out.raw("null") }
  }

  /// The members of the object `line` (`{…}` without its line feed) after a head: `,` and all but its `{`.
  private func tail(_ line: Slice<UnsafeBufferPointer<UInt8>>, to out: inout JSONWriter) {
    let members = line.dropFirst()
    if members.first != UInt8(ascii: "}") { out.raw(",") }
    out.raw(buffer: UnsafeBufferPointer(rebasing: members))
    out.endLine()
  }

  /// Calls `body` with each line of `bytes` (without its line feed); returns how many.
  private func forEachLine(
    _ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ body: (Slice<UnsafeBufferPointer<UInt8>>) -> Void
  ) -> Int {
    var count = 0
    var start = bytes.startIndex
    guard let base = bytes.base.baseAddress else { return 0 }
    while start < bytes.endIndex {
      let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.endIndex - start)
      let end = found.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? bytes.endIndex
      if end > start {
        body(bytes[start..<end])
        count += 1
      }
      start = end + 1
    }
    return count
  }
}
