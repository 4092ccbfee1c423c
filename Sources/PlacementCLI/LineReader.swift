import Foundation

/// Reads a file (or standard input) line by line in fixed-size chunks, so memory does not grow with the input.
/// Lines are returned as bytes without the terminator (`\n` or `\r\n`).
struct LineReader {
  private let handle: FileHandle?
  private let console: Console?
  private var buffer: [UInt8] = []
  private var start = 0
  private var finished = false
  private let chunkSize = 1 << 16

  /// Opens `path`, or standard input for `-` (through the console, so tests can feed it).
  init(path: String, console: Console) throws(CommandFailure) {
    if path == "-" {
      handle = nil
      self.console = console
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
      return console.readLine().map { ArraySlice(Array($0.utf8)) }
    }
    while true {
      if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
        var end = newline
        if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let line = buffer[start..<end]
        start = newline + 1
        return line
      }
      if finished {
        guard start < buffer.count else { return nil }
        let line = buffer[start...]
        start = buffer.count
        return line
      }
      if start > 0 {
        buffer.removeSubrange(0..<start)
        start = 0
      }
      let data = handle?.readData(ofLength: chunkSize) ?? Data()
      if data.isEmpty { finished = true } else { buffer.append(contentsOf: data) }
    }
  }
}
