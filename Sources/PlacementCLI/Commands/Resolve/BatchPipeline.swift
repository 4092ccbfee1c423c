import Dispatch
import PlacementKit
import Synchronization

/// The chunks of one batch run, as its workers share them. A worker takes one of its own free slots and fills
/// its chunk from the input (``take(worker:)``: one reader at a time, so chunks are numbered in input order),
/// resolves it on its own thread, and hands it in (``handIn(_:_:write:)``); the worker that hands in the oldest
/// chunk not yet written writes it, then every later chunk already handed in, in order. So each chunk's lines
/// are read and resolved by one thread, into an output buffer only that thread ever writes, and its bytes stay
/// in the caches of the core that runs it; a worker waits for another only to take its turn at the input, or for
/// one of its slots to be written. At most `slotsPerWorker` chunks per worker are in flight, whatever the input size.
final class BatchPipeline: @unchecked Sendable {
  // @unchecked: `input` and `turns` are read and written under their locks; a slot belongs to the worker that
  // took it until it is handed in; `write` runs for one worker at a time (`Turns.writing`), the turn passing
  // under the `turns` lock.

  private struct Input {
    var reader: LineReader
    var nextLine = 1
    var nextSequence = 0
    var left = true
  }

  private struct Turns {
    /// Each worker's free slots.
    var free: [[BatchSlot]]
    /// Chunks resolved and handed in, by number, waiting for the chunks before them to be written.
    var ready: [Int: BatchSlot] = [:]
    var nextToWrite = 0
    /// Whether a worker is writing (it writes every ready chunk in order before it gives the turn up).
    var writing = false
  }

  private let input: PthreadLocked<Input>
  private let turns: PthreadLocked<Turns>
  /// Per worker, counts its slots in ``Turns/free``: the worker waits on it before it takes one.
  private let freeSlots: [DispatchSemaphore]
  private let lines = Atomic<Int>(0)
  private let chunkLines: Int
  private let console: Console

  init(reader: LineReader, workers: Int, slotsPerWorker: Int, chunkLines: Int, console: Console) {
    input = PthreadLocked(Input(reader: reader))
    turns = PthreadLocked(
      Turns(free: (0..<workers).map { worker in (0..<slotsPerWorker).map { _ in BatchSlot(owner: worker) } }))
    freeSlots = (0..<workers).map { _ in DispatchSemaphore(value: slotsPerWorker) }
    self.chunkLines = chunkLines
    self.console = console
  }

  /// The lines read so far (every line, after the run).
  var linesRead: Int { lines.load(ordering: .relaxed) }

  /// The reader, for the caller to report a read failure after the run.
  var reader: LineReader { input.withLock { $0.reader } }

  /// A free slot of `worker` (numbered from 0) holding the next chunk of input, and the chunk's number; nil at
  /// the end of the input, and once standard output failed (a closed pipe: nothing more could be seen).
  func take(worker: Int) -> (slot: BatchSlot, sequence: Int)? {
    freeSlots[worker].wait()
    let slot = turns.withLock { $0.free[worker].removeLast() }
    let sequence = input.withLock { input -> Int? in
      guard input.left, !console.outputFailed,
        slot.chunk.fill(from: &input.reader, lines: chunkLines, firstLine: input.nextLine)
      else {
        input.left = false
        return nil
      }
      input.nextLine += slot.chunk.lineCount
      lines.store(input.nextLine - 1, ordering: .relaxed)
      defer { input.nextSequence += 1 }
      return input.nextSequence
    }
    guard let sequence else {
      giveBack(slot)
      return nil
    }
    return (slot, sequence)
  }

  /// Hands in chunk `sequence`, resolved in `slot`. When it is the oldest chunk not yet written and no worker
  /// is writing, this worker takes the turn: `write` gets it and every later chunk already handed in, in order,
  /// and each slot becomes free for its worker once written.
  func handIn(_ slot: BatchSlot, _ sequence: Int, write: (BatchSlot) -> Void) {
    var next = turns.withLock { turns -> BatchSlot? in
      turns.ready[sequence] = slot
      guard !turns.writing, let oldest = turns.ready.removeValue(forKey: turns.nextToWrite) else { return nil }
      turns.writing = true
      return oldest
    }
    while let written = next {
      write(written)
      next = turns.withLock { turns -> BatchSlot? in
        turns.nextToWrite += 1
        turns.free[written.owner].append(written)
        if let following = turns.ready.removeValue(forKey: turns.nextToWrite) { return following }
        turns.writing = false
        return nil
      }
      freeSlots[written.owner].signal()
    }
  }

  private func giveBack(_ slot: BatchSlot) {
    turns.withLock { $0.free[slot.owner].append(slot) }
    freeSlots[slot.owner].signal()
  }
}

/// Writes resolved chunks in input order and keeps the run's totals and progress line: what the worker holding
/// the turn to write (``BatchPipeline/handIn(_:_:write:)``) calls, one at a time.
final class BatchWriter: @unchecked Sendable {
  // @unchecked: ``write(_:linesRead:)`` runs for one worker at a time, the turn passing under a lock
  // (``BatchPipeline``); ``finish(lines:inlineErrors:)`` after every worker ended.
  private let console: Console
  private let exposures: OutputFile?
  private let assignments: OutputFile?
  /// With a record stream: its summary record (`--summary-json`) and exit status.
  private let records: BatchRecords?
  private var totals = (resolved: 0, failed: 0)
  private var counts = BatchRecords.Counts()
  /// When resolving began, for the summary record's timings.
  private let started = ContinuousClock.now
  private var progress: Progress
  /// The last line whose chunk's decisions were written (all lines, unless standard output failed).
  private var writtenThrough = 0

  init(console: Console, exposures: OutputFile?, assignments: OutputFile?, records: BatchRecords? = nil) {
    (self.console, self.exposures, self.assignments, self.records) = (console, exposures, assignments, records)
    progress = Progress(console: console)
  }

  /// Writes a resolved chunk: its decisions, exposure log and assignment lines, and errors.
  func write(_ slot: BatchSlot, linesRead: Int) {
    if slot.result.out.count > 0 { slot.result.out.withBytes { console.out(buffer: $0) } }
    // A chunk whose decisions could not be written was never shown: log none of its exposures or assignments
    // (with SIGPIPE ignored, the failed write returns here instead of ending the process). Its lines are still
    // counted and its bad lines reported, so the summary accounts for every line read (none is "blank").
    if !console.outputFailed {
      writtenThrough = slot.chunk.firstLine + slot.chunk.lineCount - 1
      exposures?.write(slot.result.exposures)
      assignments?.write(slot.result.assignments)
    }
    if !slot.result.errors.isEmpty {
      progress.clear()  // a diagnostic never shares the progress line; it is redrawn below
      console.err(slot.result.errors)
    }
    totals.resolved += slot.result.resolved
    totals.failed += slot.result.failed
    counts += slot.result.counts
    progress.update(lines: linesRead, resolved: totals.resolved)
  }

  /// Prints the summary of a run that read `lines` lines (and, with `--summary-json`, writes the summary record);
  /// exit 1 when a line failed, unless failed lines are error records in the output (`inlineErrors`).
  func finish(lines: Int, inlineErrors: Bool) -> ExitCode {
    progress.clear()
    let written = console.outputFailed ? writtenThrough : nil
    if let records, records.summary, !console.outputFailed {
      let run = BatchRecords.Run(
        lines: lines, resolved: totals.resolved, failed: totals.failed, counts: counts,
        resolving: ContinuousClock.now - started)
      console.out(records.summaryLine(run))
    }
    console.err(
      BatchResolution.summary(lines: lines, resolved: totals.resolved, failed: totals.failed, writtenThrough: written)
        + "\n")
    return totals.failed > 0 && !inlineErrors ? .findings : .ok
  }
}
