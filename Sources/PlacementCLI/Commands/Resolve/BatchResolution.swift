import Dispatch
import Foundation
import PlacementKit

/// `resolve --profiles FILE|-`: JSON Lines in, one decision line per profile and placement out, in input order.
///
/// Lines are read in chunks. With `--jobs N`, N threads (the calling one and N − 1 more) each read a chunk,
/// resolve it and write it when every chunk before it is written (``BatchPipeline``), so a chunk's bytes stay on
/// the core that resolves them; with `--jobs 1` the calling thread does it all. At most 2N chunks are in flight,
/// whatever the input size, and the output is byte-identical whatever N is. A bad line is reported (on stderr,
/// or inline as `{"line": n, "error": "..."}`) and the others continue.
struct BatchResolution {
  let ruleSet: RuleSet
  let placements: [PlacementHandle]
  let options: ResolveOptions
  let output: DecisionOutput
  /// Bounds on each profile line (size, depth, string lengths).
  let limits: ProfileLimits
  /// Write error records into the output instead of stderr.
  let inlineErrors: Bool
  let jobs: Int
  /// The input's name in messages: the path, or `<stdin>`.
  let sourceName: String
  /// With `--exposures FILE`: encodes each exposure as a log line (written to the file in input order).
  var exposureLog: ExposureLog? = nil
  /// With `--assignments-out FILE`: collect each profile's new sticky assignments (written in input order).
  var collectsAssignments = false
  /// With `--emit`, `--key` or `--summary-json`: the output is a stream of records (``BatchRecords``); the
  /// exposure log and the assignments are then collected when emitted, file or not.
  var records: BatchRecords? = nil

  /// Lines per chunk: large enough to amortise the hand-off between threads, small enough to bound memory.
  static let chunkLines = 2_048

  /// Resolves every line of `reader` and prints the summary; exit 1 when a line failed. The exposure log lines
  /// (with ``exposureLog``) go to `exposures`, in input order.
  func run(_ reader: inout LineReader, exposures: OutputFile? = nil, assignments: OutputFile? = nil) -> ExitCode {
    let console = output.console
    // Without explain, JSON lines are written from index resolutions and pre-encoded fragments; the fragments
    // are encoded once per run (per chunk they cost ~400 instructions per line). The default audience takes the
    // general path, which resolves through ResolveOptions.
    let encoder =
      output.format == .json && !options.explain && !options.defaultAudience
      ? DecisionEncoder(ruleSet: ruleSet, placements: placements.map(\.index)) : nil
    let pipeline = BatchPipeline(
      reader: reader, workers: jobs, slotsPerWorker: 2, chunkLines: Self.chunkLines, console: console)
    let writer = BatchWriter(console: console, exposures: exposures, assignments: assignments, records: records)
    let work: @Sendable (_ worker: Int) -> Void = { worker in
      while let (slot, sequence) = pipeline.take(worker: worker) {
        resolve(slot, encoder: encoder)
        pipeline.handIn(slot, sequence) { writer.write($0, linesRead: pipeline.linesRead) }
      }
    }
    // The calling thread is worker 0.
    let finished = DispatchGroup()
    for worker in 1..<jobs {
      finished.enter()
      let thread = Thread {
        work(worker)
        finished.leave()
      }
      thread.stackSize = WorkerThread.stackSize
      thread.start()
    }
    work(0)
    finished.wait()
    reader = pipeline.reader
    return writer.finish(lines: pipeline.linesRead, inlineErrors: inlineErrors)
  }

  /// Resolves a slot's chunk into its result; text decisions go through the slot's ``BatchSlot/textWriter``
  /// (made on first use), whose rendered lines serve every chunk the slot holds.
  func resolve(_ slot: BatchSlot, encoder: DecisionEncoder?) {
    slot.result.reset()
    if output.format == .text, !options.explain, !options.defaultAudience, slot.textWriter == nil {
      slot.textWriter = DecisionTextWriter(ruleSet: ruleSet, output: output, placements: placements)
    }
    resolve(slot.chunk, into: &slot.result, encoder: encoder, textWriter: &slot.textWriter)
  }

  /// Resolves the lines of one chunk into output bytes and error text; with `encoder` (JSON output without
  /// explain, encoded for ``placements``), decision lines are written from index resolutions, and so are text
  /// decisions with `textWriter`.
  func resolve(
    _ chunk: Chunk, into result: inout ChunkResult, encoder: DecisionEncoder?,
    textWriter: inout DecisionTextWriter?
  ) {
    result.out.reserveCapacity(chunk.lineBytes + chunk.lineCount * placements.count * 160)
    var oversized = chunk.oversized[...]
    var cache = DecisionJSONCache()
    var trail = ExposureTrail()
    // The segments of one line, shared by its placements (reset per line).
    var memo = SegmentMemo(for: ruleSet)
    var draws = LineDraws(ruleSet: ruleSet, placements: placements, exposureLog: exposureLog)
    // One profile for the chunk: each line binds into its storage (no allocation per line).
    var profile = ruleSet.emptyProfile()
    var profileIDJSON = JSONWriter(reservingCapacity: 64)
    // Held by the caller for the whole chunk: unwrapping the Optional on every line retained and released it.
    let unretainedEncoder = encoder.map { Unmanaged.passUnretained($0) }
    // Decisions written from index resolutions need only the values a run reads; an explanation shows them.
    let keepingEveryValue = options.explain
    // With records: the line's decisions, before they become records (the chunk's output waits in `lineOut`'s
    // place, swapped in and out once per line).
    var lineOut = JSONWriter()
    // With a key that is no attribute: the line without its key member, which is what is bound.
    var keyless = ScratchBytes()
    defer { keyless.deallocate() }
    chunk.forEachLine { number, whole in
      var key: UnsafeBufferPointer<UInt8>? = nil
      var line = whole
      let marks = records.map { records in
        if let member = records.key?.member(in: whole) {
          key = UnsafeBufferPointer(rebasing: whole[member.value])
          if records.bindsWithoutKey { line = keyless.copy(whole, removing: member.removal) }
        }
        swap(&result.out, &lineOut)
        return (exposures: result.exposures.count, assignments: result.assignments.count, failed: result.failed)
      }
      defer {
        if let records, let marks {
          swap(&result.out, &lineOut)
          if result.failed > marks.failed {
            // The line's output is its error record.
            lineOut.withBytes { result.out.raw(buffer: $0) }
            if inlineErrors { result.counts.errors += 1 }
          } else {
            records.appendLine(
              decisions: lineOut, exposures: result.exposures, from: marks.exposures, assignments: result.assignments,
              from: marks.assignments, key: key, to: &result.out, counts: &result.counts)
          }
          lineOut.removeAll(keepingCapacity: true)
        }
      }
      do throws(ProfileError) {
        // A line the reader cut for its size is reported with its full length, never read as JSON (the chunk
        // holds none of its bytes).
        if let cut = oversized.first, cut.line == number {
          oversized.removeFirst()
          throw ProfileError.tooLarge(size: cut.length, limit: limits.json.maxBytes)
        }
        if BatchResolution.isBlank(line) { return }
        do throws(ProfileError) {
          try ruleSet.bind(jsonBytes: line, limits: limits, into: &profile, keepingEveryValue: keepingEveryValue)
        } catch  where line.baseAddress != whole.baseAddress {
          // The line itself, key member and all, says where it fails.
          line = whole
          try ruleSet.bind(jsonBytes: line, limits: limits, into: &profile, keepingEveryValue: keepingEveryValue)
        }
      } catch {
        result.failed += 1
        report(error.message, line: number, column: error.position?.column, key: key, into: &result)
        return
      }
      if let warning = records?.keyWarning { profile.removeWarning(warning) }
      ruleSet.force(&profile, allowOverrides: options.allowOverrides)
      if let unretainedEncoder {
        unretainedEncoder._withUnsafeGuaranteedRef { encoder in
          // Decision lines go straight into the chunk's output. The id's JSON is the line's own bytes when the binder
          // found it there without escapes; any other id is encoded once for the line's placements, with the
          // line's number when the profile has no usable id.
          memo.reset()
          if let idInLine = profile.profileIDSource.map({ UnsafeBufferPointer(rebasing: line[$0]) }),
            Self.isUsableID(idInLine)
          {
            encoder.writeLines(
              profile: profile, profileID: idInLine, now: options.now, memo: &memo, trail: &trail, to: &result.out
            ) { draws.drew(position: $0, trail: $1, profile: $2) }
          } else {
            DecisionEncoder.profileIDJSON(profile, line: number, into: &profileIDJSON)
            profileIDJSON.withBytes { id in
              encoder.writeLines(
                profile: profile, profileID: id, now: options.now, memo: &memo, trail: &trail, to: &result.out
              ) { draws.drew(position: $0, trail: $1, profile: $2) }
            }
          }
        }
        finishLine(&draws, profile: profile, into: &result)
        return
      }
      if textWriter != nil {
        textWriter!.write(
          profile: profile, line: number, bytes: line, now: options.now, memo: &memo, trail: &trail, to: &result.out
        ) { draws.drew(position: $0, trail: $1, profile: $2) }
        finishLine(&draws, profile: profile, into: &result)
        return
      }
      var assigned: [String: String] = [:]
      if output.format == .json { DecisionEncoder.profileIDJSON(profile, line: number, into: &profileIDJSON) }
      defer {
        if collectsAssignments {
          result.assignments += AssignmentsOutput.line(
            profileID: profile.bucketingID, assigned, ruleSet: ruleSet, now: options.now)
        }
      }
      // Every prerequisite decided once for the line's placements, as the decision line writers decide them.
      let decided = ruleSet.decidingPrerequisites(profile, now: options.now, keepingRecord: options.explain)
      for (position, placement) in placements.enumerated() {
        let decision: Decision
        do throws(ResolveError) {
          decision = try ruleSet.resolve(placement, for: decided, options: options)
        } catch {
          // Not reached: the handles and the profile are this rule set's. Reported, never a crash.
          report(error.description, line: number, key: key, into: &result)
          return
        }
        if collectsAssignments { assigned.merge(ruleSet.newAssignments(decision.exposures)) { a, _ in a } }
        if let exposureLog, !decision.exposures.isEmpty {
          result.exposures.append(contentsOf: exposureLog.lines(of: decision))
        }
        if output.format == .json {
          profileIDJSON.withBytes { id in cache.write(decision, position: position, idJSON: id, to: &result.out) }
          result.out.endLine()
        } else {
          if position == 0 { result.out.raw(utf8: output.profileHeader(decision.profileID, line: number)) }
          result.out.raw(utf8: output.text(decision))
        }
      }
      result.resolved += 1
    }
  }

  /// Moves the exposure log lines and new sticky assignments (`draws`) of `profile`'s line into `result`, and
  /// counts the line.
  @inline(__always)
  private func finishLine(_ draws: inout LineDraws, profile: BoundProfile, into result: inout ChunkResult) {
    if !draws.exposures.isEmpty {
      result.exposures.append(contentsOf: draws.exposures)
      draws.exposures.removeAll(keepingCapacity: true)
    }
    if collectsAssignments {
      result.assignments += AssignmentsOutput.line(
        profileID: profile.bucketingID, draws.assigned, ruleSet: ruleSet, now: options.now)
      draws.assigned.removeAll()
    }
    result.resolved += 1
  }

  /// A failed line: `<source>:<n>[:<column>]: error: <message>` on stderr, or an error record in the output
  /// (with records, ``BatchRecords/writeError(_:line:column:key:to:)`` and the line's `key`). `column` (1-based,
  /// in characters) is where invalid JSON was found in the line.
  func report(
    _ message: String, line number: Int, column: Int? = nil, key: UnsafeBufferPointer<UInt8>? = nil,
    into result: inout ChunkResult
  ) {
    let at = column.map { ":\($0)" } ?? ""
    guard inlineErrors else {
      result.errors += "\(sourceName):\(number)\(at): error: \(message)\n"
      return
    }
    if let records {
      records.writeError(message, line: number, column: column, key: key, to: &result.out)
      return
    }
    guard output.format == .json else {
      result.out.raw(utf8: "line \(number)\(at): error: \(message)\n")
      return
    }
    result.out.lineError(message, line: number, column: column)
  }
}

extension BatchResolution {
  /// Whether `idJSON`, a profile's id as the binder found it in the line (``BoundProfile/profileIDSource``:
  /// printable ASCII without escapes, quotes included), is a usable id: one whose first character is not a space
  /// is (``BoundProfile/bucketingID``). False leaves the question to `DecisionEncoder.profileIDJSON`.
  @inline(__always)
  static func isUsableID(_ idJSON: UnsafeBufferPointer<UInt8>) -> Bool {
    idJSON.count > 2 && idJSON[1] != UInt8(ascii: " ")
  }

  /// A line of spaces, tabs and carriage returns (or nothing): skipped, and counted as blank in the summary.
  static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
  }

  /// `3 profiles resolved, 1 line failed, 1 blank line skipped` (the blank count only when there are some):
  /// every input line is accounted for. When standard output failed, `writtenThrough` is the last line whose
  /// decisions were written, and the summary says so: lines resolved after it were never delivered.
  static func summary(lines: Int, resolved: Int, failed: Int, writtenThrough: Int? = nil) -> String {
    let blank = lines - resolved - failed
    func counted(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
    var summary =
      "\(counted(resolved, "profile")) resolved, \(counted(failed, "line")) failed"
      + (blank > 0 ? ", \(counted(blank, "blank line")) skipped" : "")
    if let writtenThrough {
      summary +=
        writtenThrough == 0
        ? "; standard output failed: no decision was written"
        : "; standard output failed: decisions written for lines 1–\(writtenThrough) only"
    }
    return summary
  }
}

/// What one chunk produced.
struct ChunkResult: Sendable {
  /// The chunk's standard output: decision lines (written in place by the encoder), text, inline errors.
  var out = JSONWriter()
  /// Exposure log lines (`--exposures`).
  var exposures: [UInt8] = []
  /// New sticky assignment lines (`--assignments-out`).
  var assignments: [UInt8] = []
  var errors = ""
  var resolved = 0
  var failed = 0
  /// With records: how many of each kind the chunk wrote.
  var counts = BatchRecords.Counts()

  /// Empties the result, keeping the output buffer's storage.
  mutating func reset() {
    out.removeAll(keepingCapacity: true)
    exposures.removeAll(keepingCapacity: true)
    assignments.removeAll(keepingCapacity: true)
    errors = ""
    resolved = 0
    failed = 0
    counts = BatchRecords.Counts()
  }
}

/// A batch line's exposure log lines and new sticky assignments, from the tests its placements drew: what
/// ``DecisionEncoder/writeLines(profile:profileID:now:memo:trail:to:drew:)`` reports.
struct LineDraws {
  let ruleSet: RuleSet
  let placements: [PlacementHandle]
  /// With `--exposures`: the log's encoder (nil: no exposure lines).
  let exposureLog: ExposureLog?
  /// The exposure log lines of the line so far.
  var exposures: [UInt8] = []
  /// The line's new sticky assignments so far, `version_id` → variation id.
  var assigned: [String: String] = [:]
  private var log = JSONWriter()

  init(ruleSet: RuleSet, placements: [PlacementHandle], exposureLog: ExposureLog?) {
    (self.ruleSet, self.placements, self.exposureLog) = (ruleSet, placements, exposureLog)
  }

  /// The placement at `position` drew the tests of `trail` for `profile`.
  mutating func drew(position: Int, trail: ExposureTrail, profile: BoundProfile) {
    let index = placements[position].index
    assigned.merge(ruleSet.newAssignments(trail, placement: index)) { kept, _ in kept }
    guard let exposureLog else { return }
    log.removeAll(keepingCapacity: true)
    exposureLog.write(
      RuleSet.exposures(trail, placement: ruleSet.placements[index]), profileID: profile.profileID,
      placement: placements[position].name, to: &log)
    log.withBytes { exposures.append(contentsOf: $0) }
  }
}

/// One chunk and its result. Its worker fills and resolves it, then the worker whose turn it is writes it
/// (``BatchPipeline``), the slot passing between them under a lock: never two threads at once, hence
/// `@unchecked Sendable`.
final class BatchSlot: @unchecked Sendable {
  /// The worker whose slot this is (``BatchPipeline``): only it fills the slot's buffers.
  let owner: Int
  var chunk = Chunk()
  var result = ChunkResult()
  /// With `--format text` and no `--explain`: the text decisions rendered so far, kept from chunk to chunk.
  var textWriter: DecisionTextWriter?

  init(owner: Int) { self.owner = owner }
}
