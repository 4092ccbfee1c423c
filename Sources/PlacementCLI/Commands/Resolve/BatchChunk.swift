/// A run of consecutive input lines that a worker thread owns: the buffer the reader read them into
/// (``LineReader/fill(_:lines:firstLine:)``), with where each line lies in it.
struct Chunk: Sendable {
  /// The storage the lines lie in (other bytes in it are no line's).
  var bytes: [UInt8] = []
  /// The start and end offsets in `bytes` of each line (the end excludes the terminator).
  var lineStarts: [Int] = []
  var lineEnds: [Int] = []
  /// The 1-based number of the first line in the input.
  var firstLine = 1
  /// Lines the reader cut for being over its size limit: their 1-based number and full length in bytes.
  var oversized: [(line: Int, length: Int)] = []

  var lineCount: Int { lineEnds.count }

  /// The bytes of the lines, from the first's start to the last's end.
  var lineBytes: Int { (lineEnds.last ?? 0) - (lineStarts.first ?? 0) }

  /// Replaces the contents with up to `lines` lines from `reader`, keeping the buffers' storage; false at the
  /// end of the input.
  mutating func fill(from reader: inout LineReader, lines: Int, firstLine: Int) -> Bool {
    reader.fill(&self, lines: lines, firstLine: firstLine)
  }

  /// Forgets the lines (keeping the storage) before the lines from `firstLine` on are recorded.
  mutating func removeLines(firstLine: Int) {
    lineStarts.removeAll(keepingCapacity: true)
    lineEnds.removeAll(keepingCapacity: true)
    oversized.removeAll(keepingCapacity: true)
    self.firstLine = firstLine
  }

  /// Appends a copy of `line` to `bytes` as the next line.
  mutating func appendCopy(of line: ArraySlice<UInt8>) {
    lineStarts.append(bytes.count)
    bytes.append(contentsOf: line)
    lineEnds.append(bytes.count)
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
