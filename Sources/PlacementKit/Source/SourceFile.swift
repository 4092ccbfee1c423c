/// One rules file: its name (as given on the command line or by the API), its text and a line table.
///
/// Syntax nodes and diagnostics hold UTF-8 byte offsets into ``bytes``; line and column are computed on
/// demand by ``location(of:)`` (cel-go's `common/source.go` does the same), so the lexer and parser never
/// count lines.
public struct SourceFile: Sendable, Hashable {
  /// The name shown in diagnostics, e.g. `Rules/onboarding.rules` or `<memory>`.
  public let name: String
  /// The text, as UTF-8 bytes. Invalid UTF-8 in a file is replaced with U+FFFD when the file is read.
  public let bytes: [UInt8]
  /// Byte offset of the first byte of each line; `lineStarts[0] == 0`.
  let lineStarts: [Int]
  /// Whether each line is plain ASCII without a carriage return: there a column is a byte count, so
  /// ``location(of:)`` is O(log lines) instead of O(line length) (a 4 MiB one-line file stays cheap to report on).
  let asciiLines: [Bool]

  /// Creates a source file from its text.
  public init(name: String, text: String) {
    self.name = name
    self.bytes = Array(text.utf8)
    var starts = [0]
    var ascii = [true]
    for (index, byte) in bytes.enumerated() {
      if byte == UInt8(ascii: "\n") {
        starts.append(index + 1)
        ascii.append(true)
      } else if byte >= 0x80 || byte == UInt8(ascii: "\r") {
        ascii[ascii.count - 1] = false
      }
    }
    self.lineStarts = starts
    self.asciiLines = ascii
  }

  /// The text of the file.
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// The 1-based line and column of a byte offset. Columns count characters (grapheme clusters), so a
  /// caret lines up under the character a person sees.
  public func location(of offset: Int) -> SourcePosition {
    let offset = max(0, min(offset, bytes.count))
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    if asciiLines[low] { return SourcePosition(line: low + 1, column: offset - lineStarts[low] + 1) }
    let prefix = String(decoding: bytes[lineStarts[low]..<offset], as: UTF8.self)
    return SourcePosition(line: low + 1, column: prefix.count + 1)
  }

  /// The text of a 1-based line, without its line terminator.
  public func lineText(_ line: Int) -> String {
    guard line >= 1, line <= lineStarts.count else { return "" }
    let start = lineStarts[line - 1]
    var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
    if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
  }

  /// The source text of a byte range.
  public func text(of range: SourceRange) -> String {
    let lower = max(0, min(range.start, bytes.count))
    let upper = max(lower, min(range.end, bytes.count))
    return String(decoding: bytes[lower..<upper], as: UTF8.self)
  }
}

/// A 1-based line and column.
public struct SourcePosition: Sendable, Hashable, CustomStringConvertible {
  public let line: Int
  public let column: Int
  public var description: String { "\(line):\(column)" }
}

/// A half-open range of UTF-8 byte offsets in one ``SourceFile``.
public struct SourceRange: Sendable, Hashable {
  public var start: Int
  public var end: Int

  public init(start: Int, end: Int) {
    self.start = start
    self.end = max(start, end)
  }

  /// The smallest range covering both.
  public func union(_ other: SourceRange) -> SourceRange {
    SourceRange(start: min(start, other.start), end: max(end, other.end))
  }
}
