/// A run of consecutive input lines, copied out of the reader so that a worker thread can own them.
struct Chunk: Sendable {
  /// The lines' bytes, back to back, without terminators.
  var bytes: [UInt8] = []
  /// The end offset in `bytes` of each line.
  var lineEnds: [Int] = []
  /// The 1-based number of the first line in the input.
  var firstLine = 1
  /// Lines the reader cut for being over its size limit: their 1-based number and full length in bytes.
  var oversized: [(line: Int, length: Int)] = []

  var lineCount: Int { lineEnds.count }

  /// Replaces the contents with up to `lines` lines from `reader`, keeping the buffers' storage; false at the
  /// end of the input.
  mutating func fill(from reader: inout LineReader, lines: Int, firstLine: Int) -> Bool {
    bytes.removeAll(keepingCapacity: true)
    lineEnds.removeAll(keepingCapacity: true)
    oversized.removeAll(keepingCapacity: true)
    self.firstLine = firstLine
    while lineEnds.count < lines, let line = reader.next() {
      if reader.lastLineLength > line.count { oversized.append((firstLine + lineEnds.count, reader.lastLineLength)) }
      bytes.append(contentsOf: line)
      lineEnds.append(bytes.count)
    }
    return !lineEnds.isEmpty
  }

  /// Calls `body` with each line's number and bytes, in order.
  func forEachLine(_ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
    bytes.withUnsafeBufferPointer { all in
      var start = 0
      for (offset, end) in lineEnds.enumerated() {
        body(firstLine + offset, UnsafeBufferPointer(rebasing: all[start..<end]))
        start = end
      }
    }
  }
}

/// A progress line on stderr, only when stderr is a terminal, at most once per `interval` (from the second
/// update on, so short runs show none); cleared (`\r\e[K`) before a diagnostic is printed, redrawn at the next
/// update, and cleared at the end.
struct Progress {
  let console: Console
  let interval: Duration
  private var last: ContinuousClock.Instant?
  private var shown = false
  /// The line was shown, then cleared for a diagnostic: the next update redraws it at once.
  private var cleared = false

  init(console: Console, interval: Duration = .milliseconds(500)) {
    self.console = console
    self.interval = interval
  }

  mutating func update(lines: Int, resolved: Int) {
    guard console.stderrIsTerminal else { return }
    let now = ContinuousClock.now
    if let last, now - last < interval, !cleared { return }
    if last == nil {
      last = now
      return
    }
    last = now
    shown = true
    cleared = false
    console.err("\r\(lines) lines read, \(resolved) profiles resolved\u{1B}[K")
  }

  mutating func clear() {
    guard shown else { return }
    console.err("\r\u{1B}[K")
    shown = false
    cleared = true
  }
}
