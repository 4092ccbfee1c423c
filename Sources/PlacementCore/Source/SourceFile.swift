/// One rules file: its name (as given on the command line or by the API), its bytes and a line table.
///
/// Syntax nodes and diagnostics hold UTF-8 byte offsets into ``bytes``; line and column are computed on
/// demand by ``location(of:)`` (cel-go's `common/source.go` does the same), so the lexer and parser never
/// count lines.
///
/// Encodings (see `docs/Language.md`): a leading UTF-8 byte order mark is not part of ``bytes`` (offsets and
/// columns count from after it; `hasByteOrderMark` remembers it so `fmt` can keep it). Bytes that are not
/// well-formed UTF-8 are kept as they are and listed in `invalidUTF8`; the lexer reports each as an
/// `invalid-utf8` error, so such a file never compiles and is never rewritten by `fmt`. Lines may end in
/// `\n` or `\r\n`.
public struct SourceFile: Sendable, Hashable {
  /// The name shown in diagnostics, e.g. `Rules/onboarding.rules` or `<memory>`.
  public let name: String
  /// The bytes after any byte order mark, as read (ill-formed UTF-8 included; see `invalidUTF8`).
  public let bytes: [UInt8]
  /// Whether the file began with the UTF-8 byte order mark `EF BB BF` (not part of ``bytes``).
  package let hasByteOrderMark: Bool
  /// Each maximal ill-formed UTF-8 subsequence of ``bytes`` (Unicode 15, §3.9 "U+FFFD substitution"), in order.
  package let invalidUTF8: [SourceRange]
  /// Where each line starts, and the search for the line of an offset.
  package let lines: LineTable
  /// Whether each line is plain ASCII: there a column is a byte count, so ``location(of:)`` needs no table.
  let asciiLines: [Bool]
  /// Column tables of non-ASCII lines, built once per line on first use (shared by copies of this value).
  let columns: ColumnCache

  static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// Creates a source file from its text (a leading U+FEFF is taken as a byte order mark).
  public init(name: String, text: String) {
    self.init(name: name, bytes: Array(text.utf8))
  }

  /// Creates a source file from the bytes of a file as read: a leading byte order mark is skipped, ill-formed
  /// UTF-8 is kept and listed in `invalidUTF8`.
  public init(name: String, bytes: [UInt8]) {
    self.name = name
    let bom = bytes.starts(with: Self.byteOrderMark)
    self.hasByteOrderMark = bom
    self.bytes = bom ? Array(bytes.dropFirst(3)) : bytes
    var starts = [0]
    var ascii = [true]
    var anyNonASCII = false
    for (index, byte) in self.bytes.enumerated() {
      if byte == UInt8(ascii: "\n") {
        starts.append(index + 1)
        ascii.append(true)
      } else if byte >= 0x80 {
        ascii[ascii.count - 1] = false
        anyNonASCII = true
      }
    }
    self.lines = LineTable(starts: starts)
    self.asciiLines = ascii
    self.invalidUTF8 = anyNonASCII ? UTF8Validation.invalidRanges(in: self.bytes) : []
    self.columns = ColumnCache()
  }

  public static func == (lhs: SourceFile, rhs: SourceFile) -> Bool {
    lhs.name == rhs.name && lhs.hasByteOrderMark == rhs.hasByteOrderMark && lhs.bytes == rhs.bytes
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(bytes)
  }

  /// The text of the file (ill-formed UTF-8 shown as U+FFFD; without the byte order mark).
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Whether the file's first line break is `\r\n` (`fmt` then writes `\r\n` throughout).
  package var usesCRLF: Bool {
    guard lineStarts.count > 1 else { return false }
    let newline = lineStarts[1] - 1
    return newline > 0 && bytes[newline - 1] == UInt8(ascii: "\r")
  }

  /// The 1-based line and column of a byte offset. Columns count characters (grapheme clusters), so a
  /// caret lines up under the character a person sees; on a line with ill-formed UTF-8 they count Unicode
  /// scalars and each ill-formed byte. O(log lines) per call, plus one pass over a non-ASCII line the first time
  /// one of its offsets is asked for.
  public func location(of offset: Int) -> SourcePosition {
    let (line, offset) = lineAndOffset(offset)
    let column = asciiLines[line] ? offset - lineStarts[line] : table(line).characters(offset - lineStarts[line])
    return SourcePosition(line: line + 1, column: column + 1)
  }

  /// The 1-based line and UTF-16 column of a byte offset (SARIF's default `columnKind`, and what LSP clients
  /// count): each character outside the Basic Multilingual Plane counts 2.
  package func utf16Location(of offset: Int) -> SourcePosition {
    let (line, offset) = lineAndOffset(offset)
    let column = asciiLines[line] ? offset - lineStarts[line] : table(line).utf16(offset - lineStarts[line])
    return SourcePosition(line: line + 1, column: column + 1)
  }

  /// Byte offset of the first byte of each line; `lineStarts[0] == 0`.
  var lineStarts: [Int] { lines.starts }

  /// The 0-based line holding `offset` (clamped to the file) and the clamped offset.
  private func lineAndOffset(_ offset: Int) -> (line: Int, offset: Int) {
    let offset = max(0, min(offset, bytes.count))
    return (lines.line(of: offset), offset)
  }

  /// Byte range of a 0-based line without its `\n` (a `\r` before it stays: it is a character of the line).
  func lineRange(_ line: Int) -> Range<Int> {
    lineStarts[line]..<(line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count)
  }

  private func table(_ line: Int) -> LineColumns {
    columns.table(for: line) { LineColumns(bytes[lineRange(line)]) }
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
