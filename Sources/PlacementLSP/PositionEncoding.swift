import PlacementKit

/// How LSP positions count characters within a line (LSP 3.17 `PositionEncodingKind`): UTF-16 code units
/// unless the client offers `utf-8` in `general.positionEncodings`.
enum PositionEncoding: String {
  case utf16 = "utf-16"
  case utf8 = "utf-8"
}

/// A zero-based LSP position: line and character offset in the negotiated encoding.
struct LSPPosition: Equatable {
  var line: Int
  var character: Int

  init(line: Int, character: Int) {
    self.line = line
    self.character = character
  }

  init?(_ json: JSONValue?) {
    guard let line = json?["line"]?.intValue, let character = json?["character"]?.intValue else { return nil }
    self.init(line: max(0, line), character: max(0, character))
  }

  var json: JSONValue { ["line": .number(Double(line)), "character": .number(Double(character))] }
}

/// Converts between the byte offsets of a ``SourceFile`` and LSP positions.
///
/// Line breaks are `\n` (a `\r` before it belongs to the line's end, as LSP counts `\r\n` as one break); a
/// position past the end of a line is clamped to the line's end, a line past the end to the end of the text.
struct LineIndex {
  let bytes: [UInt8]
  /// Where each line starts: the core's table, shared with the ``SourceFile`` of a compiled file.
  let lines: LineTable
  let encoding: PositionEncoding

  /// Byte offset of the first byte of each line.
  var lineStarts: [Int] { lines.starts }

  /// The index of a compiled file: its bytes (after any byte order mark) and the line table it already has.
  init(_ source: SourceFile, encoding: PositionEncoding) {
    bytes = source.bytes
    lines = source.lines
    self.encoding = encoding
  }

  /// The index of text outside a compilation (a document being edited, a rule test file), as it is.
  init(_ bytes: [UInt8], encoding: PositionEncoding) {
    self.bytes = bytes
    lines = LineTable(bytes)
    self.encoding = encoding
  }

  /// The byte where a line's content ends (before `\r\n` or `\n`).
  func lineEnd(_ line: Int) -> Int {
    var end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
    if end > lineStarts[line], bytes[end - 1] == 13 { end -= 1 }
    return end
  }

  /// The position of a byte offset (an offset inside a UTF-8 sequence counts from the sequence's start).
  func position(of offset: Int) -> LSPPosition {
    let offset = max(0, min(offset, bytes.count))
    let line = lines.line(of: offset)
    let start = lineStarts[line]
    if encoding == .utf8 { return LSPPosition(line: line, character: offset - start) }
    var units = 0
    var index = start
    while index < offset {
      let length = Self.sequenceLength(bytes[index])
      if index + length > offset { break }
      units += length == 4 ? 2 : 1
      index += length
    }
    return LSPPosition(line: line, character: units)
  }

  /// The byte offset of a position, clamped to the text.
  func offset(of position: LSPPosition) -> Int {
    guard position.line < lineStarts.count else { return bytes.count }
    let start = lineStarts[position.line]
    let end = lineEnd(position.line)
    if encoding == .utf8 {
      var offset = min(start + position.character, end)
      while offset > start, offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
      return offset
    }
    var units = 0
    var index = start
    while index < end, units < position.character {
      let length = Self.sequenceLength(bytes[index])
      units += length == 4 ? 2 : 1
      index = min(end, index + length)
    }
    return index
  }

  func range(_ range: SourceRange) -> JSONValue {
    ["start": position(of: range.start).json, "end": position(of: range.end).json]
  }

  /// The byte range of an LSP `Range` object, or nil when it is malformed.
  func sourceRange(_ json: JSONValue?) -> SourceRange? {
    guard let start = LSPPosition(json?["start"]), let end = LSPPosition(json?["end"]) else { return nil }
    let a = offset(of: start)
    let b = offset(of: end)
    return SourceRange(start: min(a, b), end: max(a, b))
  }

  /// Bytes in the UTF-8 sequence a lead byte starts (1 for a stray continuation or invalid byte).
  static func sequenceLength(_ lead: UInt8) -> Int {
    switch lead {
    case 0xF0...0xF4: 4
    case 0xE0...0xEF: 3
    case 0xC2...0xDF: 2
    default: 1
    }
  }
}
