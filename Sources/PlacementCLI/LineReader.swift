import Foundation

/// Reads a file (or standard input) line by line in fixed-size chunks, so memory does not grow with the input.
/// Lines are returned as bytes without the terminator (`\n` or `\r\n`).
///
/// A line longer than `maxLineBytes` is not kept: ``next()`` returns only its first `maxLineBytes + 1` bytes
/// (so a consumer's size check fails) and ``lastLineLength`` holds its full length; the rest is discarded as it
/// is read, so memory stays bounded by the limit plus one chunk whatever the input.
struct LineReader {
  private let handle: FileHandle?
  private let console: Console?
  private var buffer: [UInt8] = []
  private var start = 0
  private var finished = false
  private let chunkSize = 1 << 16
  private let maxLineBytes: Int
  /// The full length in bytes of the line ``next()`` returned last (more than its count when it was cut).
  private(set) var lastLineLength = 0

  /// Opens `path`, or standard input for `-` (as bytes when the console has the process's standard input,
  /// else line by line through the console, so tests can feed it).
  init(path: String, console: Console, maxLineBytes: Int = .max) throws(CommandFailure) {
    self.maxLineBytes = maxLineBytes
    if path == "-" {
      handle = console.standardInput
      self.console = console.standardInput == nil ? console : nil
      return
    }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw CommandFailure(.noInput, "no such file: '\(path)'")
    }
    self.handle = handle
    self.console = nil
  }

  mutating func next() -> ArraySlice<UInt8>? {
    if let console {
      guard let line = console.readLine() else { return nil }
      let bytes = Array(line.utf8)
      lastLineLength = bytes.count
      return bytes.count > maxLineBytes ? bytes[...maxLineBytes] : bytes[...]
    }
    while true {
      if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
        var end = newline
        if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let line = buffer[start..<end]
        start = newline + 1
        lastLineLength = line.count
        return line.count > maxLineBytes ? line.prefix(maxLineBytes + 1) : line
      }
      if finished {
        guard start < buffer.count else { return nil }
        let line = buffer[start...]
        start = buffer.count
        lastLineLength = line.count
        return line.count > maxLineBytes ? line.prefix(maxLineBytes + 1) : line
      }
      if buffer.count - start > maxLineBytes { return discardLongLine() }
      if start > 0 {
        buffer.removeSubrange(0..<start)
        start = 0
      }
      let data = readChunk()
      if data.isEmpty { finished = true } else { buffer.append(contentsOf: data) }
    }
  }

  /// Keeps the first `maxLineBytes + 1` bytes of the current (unterminated so far) line, then reads and drops
  /// chunks up to its newline, counting them.
  private mutating func discardLongLine() -> ArraySlice<UInt8> {
    let kept = Array(buffer[start...].prefix(maxLineBytes + 1))
    var length = buffer.count - start
    buffer.removeAll(keepingCapacity: true)
    start = 0
    while true {
      let data = readChunk()
      if data.isEmpty {
        finished = true
        break
      }
      if let newline = data.firstIndex(of: UInt8(ascii: "\n")) {
        length += newline
        buffer.append(contentsOf: data[(newline + 1)...])
        break
      }
      length += data.count
    }
    lastLineLength = length
    return kept[...]
  }

  /// Up to one chunk of bytes, as soon as any are available (a pipe's partial line is returned, so a batch
  /// fed interactively still streams); empty at the end of the input or on a read error.
  private func readChunk() -> [UInt8] {
    guard let handle else { return [] }
    var chunk = [UInt8](repeating: 0, count: chunkSize)
    var count: Int
    repeat {
      count = chunk.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, chunkSize) }
    } while count < 0 && errno == EINTR
    return count > 0 ? Array(chunk[..<count]) : []
  }
}
