import Foundation
import PlacementKit

/// Reads a file (or standard input) line by line through one reused buffer, so memory does not grow with the
/// input. Lines are returned as bytes without the terminator (`\n` or `\r\n`); a returned slice is valid until
/// the next call. The batch takes runs of lines instead (``fill(_:lines:firstLine:)``): a chunk takes the buffer
/// they were read into, and the reader goes on in the chunk's previous one, so lines are never copied.
///
/// A line longer than `maxLineBytes` is not kept: ``next()`` returns only its first `maxLineBytes + 1` bytes
/// (so a consumer's size check fails) and ``lastLineLength`` holds its full length; the rest is discarded as it
/// is read, so memory stays bounded by the limit plus one chunk whatever the input.
///
/// A read error is never taken for the end of the input: ``next()`` then returns nil, the unterminated bytes
/// read so far are dropped, and ``failure`` says what happened (the command exits 74).
struct LineReader {
  private let file: InputFile?
  private let console: Console?
  private var buffer: [UInt8]
  /// Unread bytes are `buffer[start..<end]`.
  private var start = 0
  private var end = 0
  private var finished = false
  private let maxLineBytes: Int
  /// The full length in bytes of the line ``next()`` returned last (more than its count when it was cut).
  private(set) var lastLineLength = 0
  /// The lines returned so far.
  private(set) var linesRead = 0
  /// Set when a read failed (the input was cut there); nil at a normal end of input.
  private(set) var failure: FileReading.Failure?
  /// The size of the read buffer, and the bytes read but not yet returned: bounded by the longest line kept plus
  /// one read, whatever the input (LineReaderChunkTests).
  var bufferSize: Int { buffer.count }
  var unreadBytes: Int { end - start }
  /// The input's name in messages: the path, or `<stdin>`.
  let name: String
  private static let chunkSize = 1 << 16
  /// The buffers' first size: a batch chunk of 2,048 lines of up to 512 bytes, read without growing (each
  /// doubling copied and zero-filled the buffer: ~40 instructions per line over a 20,000-line file).
  private static let initialSize = 1 << 20

  /// Opens `path`, or standard input for `-`: as bytes when the console has the process's standard input,
  /// otherwise line by line through the console's `readLine` (so tests can feed it).
  init(path: String, console: Console, maxLineBytes: Int = .max) throws(CommandFailure) {
    self.maxLineBytes = maxLineBytes
    name = Support.displayName(path)
    buffer = []
    if path == "-" {
      if let input = console.standardInput {
        var info = stat()
        if fstat(input.fileDescriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
          throw CommandFailure(.noInput, "'\(Support.standardInputName)' is a directory")
        }
        file = InputFile(descriptor: input.fileDescriptor, closes: false)
        self.console = nil
      } else {
        file = nil
        self.console = console
      }
    } else {
      let descriptor: Int32
      do {
        descriptor = try FileReading.openFile(path)
      } catch {
        throw Support.failure(error)
      }
      file = InputFile(descriptor: descriptor, closes: true)
      self.console = nil
    }
    if file != nil { buffer = [UInt8](repeating: 0, count: Self.initialSize) }
  }

  /// The next line, or nil at the end of the input (or after a read error, see ``failure``).
  mutating func next() -> ArraySlice<UInt8>? {
    guard let line = nextLine() else { return nil }
    linesRead += 1
    return line
  }

  /// Replaces `chunk`'s lines with up to `limit` lines from the input (false when there were none), without
  /// copying them: the lines stay in the buffer they were read into, the chunk takes that buffer, and the
  /// reader goes on in the chunk's previous one, into which only the bytes read past the last line are copied.
  /// A line over `maxLineBytes` stands as an empty line, listed in ``Chunk/oversized`` with its full length; the
  /// buffer holds at most `maxLineBytes` plus one read of it. From the console (tests), lines are copied one by
  /// one through ``next()``.
  mutating func fill(_ chunk: inout Chunk, lines limit: Int, firstLine: Int) -> Bool {
    chunk.removeLines(firstLine: firstLine)
    guard console == nil else {
      chunk.bytes.removeAll(keepingCapacity: true)
      while chunk.lineCount < limit, let line = next() {
        if lastLineLength > line.count { chunk.oversized.append((firstLine + chunk.lineCount, lastLineLength)) }
        chunk.appendCopy(of: line)
      }
      return chunk.lineCount > 0
    }
    // The chunk's lines are read from the front of the buffer on, and reading more never moves them.
    compact()
    reading: while chunk.lineCount < limit {
      switch scan() {
      case .line(let line):
        take(line, into: &chunk)
      case .end:
        break reading
      case .longLine:
        // Counted by reading past it, in the buffer after the chunk's lines.
        let length = skipLongLine()
        takeCut(length: length, at: start, into: &chunk)
      case .needsInput:
        readMore()
      }
    }
    guard chunk.lineCount > 0 else { return false }
    handOver(to: &chunk)
    return true
  }

  /// Records `line`, a range of the buffer, as the chunk's next line (``takeCut(length:at:into:)`` when it is
  /// over `maxLineBytes`).
  private mutating func take(_ line: Range<Int>, into chunk: inout Chunk) {
    guard line.count <= maxLineBytes else { return takeCut(length: line.count, at: line.lowerBound, into: &chunk) }
    linesRead += 1
    lastLineLength = line.count
    chunk.lineStarts.append(line.lowerBound)
    chunk.lineEnds.append(line.upperBound)
  }

  /// Records a line cut for its size as the chunk's next line: empty (at `offset`), listed in ``Chunk/oversized``
  /// with its full `length`.
  private mutating func takeCut(length: Int, at offset: Int, into chunk: inout Chunk) {
    linesRead += 1
    lastLineLength = length
    chunk.oversized.append((chunk.firstLine + chunk.lineCount, length))
    chunk.lineStarts.append(offset)
    chunk.lineEnds.append(offset)
  }

  /// Gives the buffer (holding the chunk's lines) to `chunk` and takes the chunk's previous storage, with the
  /// unread bytes copied to its front.
  private mutating func handOver(to chunk: inout Chunk) {
    let unread = start..<end
    swap(&buffer, &chunk.bytes)
    let needed = max(Self.initialSize, unread.count + Self.chunkSize)
    if buffer.count < needed { buffer.append(contentsOf: repeatElement(0, count: needed - buffer.count)) }
    chunk.bytes.withUnsafeBufferPointer { lines in
      buffer.withUnsafeMutableBufferPointer { next in
        _ = memcpy(next.baseAddress!, lines.baseAddress! + unread.lowerBound, unread.count)
      }
    }
    start = 0
    end = unread.count
  }

  /// The failure that cut the input, as the command reports it: exit 74 naming the last complete line.
  var commandFailure: CommandFailure? {
    failure.map {
      CommandFailure(.ioError, "\($0.message) after line \(linesRead); the rest of the input was not read")
    }
  }

  private mutating func nextLine() -> ArraySlice<UInt8>? {
    if let console {
      guard let line = console.readLine() else { return nil }
      let bytes = Array(line.utf8)
      lastLineLength = bytes.count
      return bytes.count > maxLineBytes ? bytes[...maxLineBytes] : bytes[...]
    }
    while true {
      switch scan() {
      case .line(let line): return cut(buffer[line])
      case .end: return nil
      case .longLine: return discardLongLine()
      case .needsInput: refill()
      }
    }
  }

  /// What the buffer holds next.
  private enum Scan {
    /// A line (a range of the buffer, without its terminator), now consumed.
    case line(Range<Int>)
    /// Nothing: the input ended.
    case end
    /// An unterminated line already over `maxLineBytes`.
    case longLine
    /// An unterminated line: more input is needed.
    case needsInput
  }

  /// Consumes the next line when the buffer holds all of it (a line ends at `\n` or `\r\n`, or at the end of the
  /// input), or says why not.
  private mutating func scan() -> Scan {
    if let newline = newlineIndex() {
      var lineEnd = newline
      if lineEnd > start, buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
      defer { start = newline + 1 }
      return .line(start..<lineEnd)
    }
    if finished {
      guard start < end else { return .end }
      defer { start = end }
      return .line(start..<end)
    }
    return end - start > maxLineBytes ? .longLine : .needsInput
  }

  private mutating func cut(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    lastLineLength = line.count
    return line.count > maxLineBytes ? line.prefix(maxLineBytes + 1) : line
  }

  /// The index of the next `\n` in the unread bytes (memchr), or nil.
  private func newlineIndex(from offset: Int? = nil) -> Int? {
    let from = offset ?? start
    guard from < end else { return nil }
    return buffer.withUnsafeBufferPointer { all -> Int? in
      guard let found = memchr(all.baseAddress! + from, 0x0A, end - from) else { return nil }
      return all.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
  }

  /// Moves the unread bytes to the front, grows the buffer when a line fills it, and reads more.
  private mutating func refill() {
    compact()
    readMore()
  }

  /// Moves the unread bytes to the front of the buffer.
  private mutating func compact() {
    guard start > 0 else { return }
    let count = end - start
    buffer.withUnsafeMutableBufferPointer { all in
      _ = memmove(all.baseAddress!, all.baseAddress! + start, count)
    }
    start = 0
    end = count
  }

  /// Grows the buffer when less than a read's worth is free (keeping every byte), and reads up to 64 KiB more
  /// after `end`. One read's worth at a time, however large the buffer has grown: a buffer that once held big
  /// lines would otherwise read (and a chunk's hand-over copy) the rest of a file, and keep a long line whole.
  private mutating func readMore() {
    if buffer.count - end < Self.chunkSize {
      buffer.append(contentsOf: repeatElement(0, count: buffer.count))
    }
    let read = buffer.withUnsafeMutableBufferPointer { all in
      file!.read(into: all.baseAddress! + end, count: Self.chunkSize)
    }
    if read > 0 {
      end += read
    } else {
      finished = true
      if read < 0 {
        // The unterminated bytes before the error are not a line: drop them rather than report a cut line.
        failure = FileReading.Failure(errno == EISDIR ? .isDirectory : .readFailed, path: name, code: errno)
        end = start
      }
    }
  }

  /// Keeps the first `maxLineBytes + 1` bytes of the current (so far unterminated) line, then reads and drops
  /// input up to its newline, counting it.
  private mutating func discardLongLine() -> ArraySlice<UInt8> {
    let kept = Array(buffer[start..<(start + maxLineBytes + 1)])
    lastLineLength = skipLongLine()
    return kept[...]
  }

  /// Reads and drops input up to the end of the current (so far unterminated) line, reusing only the buffer
  /// from `start` on (the bytes before it, a chunk's lines, stay); returns the line's full length, without its
  /// terminator (`\n` or `\r\n`, as for any line).
  private mutating func skipLongLine() -> Int {
    var length = end - start
    // The byte before the newline may have been read, and dropped, in an earlier read.
    var lastByte = end > start ? buffer[end - 1] : 0
    end = start
    while !finished {
      readMore()
      if let newline = newlineIndex() {
        length += newline - start
        if (newline > start ? buffer[newline - 1] : lastByte) == UInt8(ascii: "\r") { length -= 1 }
        start = newline + 1
        break
      }
      if end > start { lastByte = buffer[end - 1] }
      length += end - start
      end = start
    }
    return length
  }
}

extension Chunk {
  /// Calls `body` with each line's number and bytes, in order: the bytes lie in the chunk's buffer, lent for the
  /// call.
  func forEachLine(_ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
    bytes.withUnsafeBufferPointer { all in
      for offset in lineEnds.indices {
        body(firstLine + offset, UnsafeBufferPointer(rebasing: all[lineStarts[offset]..<lineEnds[offset]]))
      }
    }
  }
}

/// An open file descriptor, closed when the reader is done with it (not for standard input).
private final class InputFile {
  let descriptor: Int32
  let closes: Bool

  init(descriptor: Int32, closes: Bool) {
    self.descriptor = descriptor
    self.closes = closes
  }

  /// Reads up to `count` bytes as soon as any are available (a pipe's partial line is returned, so a batch fed
  /// interactively still streams); 0 at the end, -1 on an error other than an interruption.
  func read(into pointer: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
    while true {
      let result = Foundation.read(descriptor, pointer, count)
      if result < 0 && errno == EINTR { continue }
      return result
    }
  }

  deinit {
    if closes { close(descriptor) }
  }
}
