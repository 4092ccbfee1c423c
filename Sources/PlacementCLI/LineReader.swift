import Foundation
import PlacementKit

/// Reads a file (or standard input) line by line through one reused buffer, so memory does not grow with the
/// input. Lines are returned as bytes without the terminator (`\n` or `\r\n`); a returned slice is valid until
/// the next call.
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
  /// The input's name in messages: the path, or `<stdin>`.
  let name: String
  private static let chunkSize = 1 << 16

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
    if file != nil { buffer = [UInt8](repeating: 0, count: 2 * Self.chunkSize) }
  }

  /// The next line, or nil at the end of the input (or after a read error, see ``failure``).
  mutating func next() -> ArraySlice<UInt8>? {
    guard let line = nextLine() else { return nil }
    linesRead += 1
    return line
  }

  /// The failure that cut the input, as the command reports it: exit 74 naming the last complete line.
  var commandFailure: CommandFailure? {
    failure.map { CommandFailure(.ioError, "\($0.message) after line \(linesRead); the rest of the input was not read") }
  }

  private mutating func nextLine() -> ArraySlice<UInt8>? {
    if let console {
      guard let line = console.readLine() else { return nil }
      let bytes = Array(line.utf8)
      lastLineLength = bytes.count
      return bytes.count > maxLineBytes ? bytes[...maxLineBytes] : bytes[...]
    }
    while true {
      if let newline = newlineIndex() {
        var lineEnd = newline
        if lineEnd > start, buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
        let line = buffer[start..<lineEnd]
        start = newline + 1
        return cut(line)
      }
      if finished {
        guard start < end else { return nil }
        let line = buffer[start..<end]
        start = end
        return cut(line)
      }
      if end - start > maxLineBytes { return discardLongLine() }
      refill()
    }
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
    if start > 0 {
      let count = end - start
      buffer.withUnsafeMutableBufferPointer { all in
        _ = memmove(all.baseAddress!, all.baseAddress! + start, count)
      }
      start = 0
      end = count
    }
    if buffer.count - end < Self.chunkSize {
      buffer.append(contentsOf: repeatElement(0, count: buffer.count))
    }
    let read = buffer.withUnsafeMutableBufferPointer { all in
      file!.read(into: all.baseAddress! + end, count: all.count - end)
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
    var length = end - start
    start = 0
    end = 0
    while !finished {
      refill()
      if let newline = newlineIndex() {
        length += newline
        start = newline + 1
        break
      }
      length += end
      end = 0
    }
    lastLineLength = length
    return kept[...]
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
