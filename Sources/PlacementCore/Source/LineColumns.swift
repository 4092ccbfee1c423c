import Synchronization

/// The 0-based columns of every byte offset of one non-ASCII line, in characters and in UTF-16 code units.
///
/// Built in one pass over the line, then each lookup is O(1): rendering 200 diagnostics on a 4 MiB line costs
/// one pass, not 200. Memory: 8 bytes per byte of the line, only for lines a
/// diagnostic points into.
struct LineColumns: Sendable {
  /// `characterColumns[i]`: characters before the one holding byte `i`; the last entry is the line's length.
  private let characterColumns: [Int32]
  /// `utf16Columns[i]`: UTF-16 code units before the scalar holding byte `i`.
  private let utf16Columns: [Int32]

  init(_ line: ArraySlice<UInt8>) {
    var characters = [Int32](repeating: 0, count: line.count + 1)
    var utf16 = [Int32](repeating: 0, count: line.count + 1)
    var characterColumn: Int32 = 0
    var utf16Column: Int32 = 0
    var position = 0
    if let text = String(validating: line, as: UTF8.self) {
      for character in text {
        for scalar in character.unicodeScalars {
          let length = UTF8.width(scalar)
          for k in 0..<length {
            characters[position + k] = characterColumn
            utf16[position + k] = utf16Column
          }
          position += length
          utf16Column += Int32(UTF16.width(scalar))
        }
        characterColumn += 1
      }
    } else {
      // Ill-formed UTF-8 (already an error): count scalars, and each ill-formed byte as one column.
      let bytes = Array(line)
      while position < bytes.count {
        let length = max(1, UTF8Validation.validSequenceLength(bytes, at: position))
        for k in position..<position + length {
          characters[k] = characterColumn
          utf16[k] = utf16Column
        }
        utf16Column += length == 4 ? 2 : 1
        characterColumn += 1
        position += length
      }
    }
    characters[line.count] = characterColumn
    utf16[line.count] = utf16Column
    self.characterColumns = characters
    self.utf16Columns = utf16
  }

  /// Characters before byte `offset` of the line.
  func characters(_ offset: Int) -> Int { Int(characterColumns[min(offset, characterColumns.count - 1)]) }
  /// UTF-16 code units before byte `offset` of the line.
  func utf16(_ offset: Int) -> Int { Int(utf16Columns[min(offset, utf16Columns.count - 1)]) }
}

/// The column tables of a ``SourceFile``'s lines, built on first use. A reference so copies of the file share
/// them; guarded by a mutex because a ``SourceFile`` is `Sendable`.
final class ColumnCache: Sendable {
  private let tables = Mutex<[Int: LineColumns]>([:])
  /// How many line tables were built (tests check that a line is passed over once).
  var builtCount: Int { tables.withLock { $0.count } }

  func table(for line: Int, build: () -> LineColumns) -> LineColumns {
    if let table = tables.withLock({ $0[line] }) { return table }
    let table = build()
    tables.withLock { $0[line] = table }
    return table
  }
}

/// Finds ill-formed UTF-8.
enum UTF8Validation {
  /// Each maximal ill-formed subsequence of `bytes`, as byte ranges, in order (empty for valid UTF-8).
  static func invalidRanges(in bytes: [UInt8]) -> [SourceRange] {
    guard String(validating: bytes, as: UTF8.self) == nil else { return [] }
    var ranges: [SourceRange] = []
    var index = 0
    while index < bytes.count {
      let length = validSequenceLength(bytes, at: index)
      if length > 0 {
        index += length
        continue
      }
      // One ill-formed subsequence: this byte, plus the continuation bytes that follow it.
      var end = index + 1
      while end < bytes.count, bytes[end] & 0xC0 == 0x80, validSequenceLength(bytes, at: end) == 0 { end += 1 }
      if let last = ranges.last, last.end == index {
        ranges[ranges.count - 1] = SourceRange(start: last.start, end: end)
      } else {
        ranges.append(SourceRange(start: index, end: end))
      }
      index = end
    }
    return ranges
  }

  /// The length of the well-formed sequence starting at `index`, or 0 (Unicode 15, table 3-7).
  static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
    let b0 = bytes[index]
    func byte(_ k: Int) -> UInt8? { index + k < bytes.count ? bytes[index + k] : nil }
    func inRange(_ k: Int, _ low: UInt8, _ high: UInt8) -> Bool { byte(k).map { $0 >= low && $0 <= high } ?? false }
    switch b0 {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: return inRange(1, 0x80, 0xBF) ? 2 : 0
    case 0xE0: return inRange(1, 0xA0, 0xBF) && inRange(2, 0x80, 0xBF) ? 3 : 0
    case 0xE1...0xEC, 0xEE...0xEF: return inRange(1, 0x80, 0xBF) && inRange(2, 0x80, 0xBF) ? 3 : 0
    case 0xED: return inRange(1, 0x80, 0x9F) && inRange(2, 0x80, 0xBF) ? 3 : 0
    case 0xF0: return inRange(1, 0x90, 0xBF) && inRange(2, 0x80, 0xBF) && inRange(3, 0x80, 0xBF) ? 4 : 0
    case 0xF1...0xF3: return inRange(1, 0x80, 0xBF) && inRange(2, 0x80, 0xBF) && inRange(3, 0x80, 0xBF) ? 4 : 0
    case 0xF4: return inRange(1, 0x80, 0x8F) && inRange(2, 0x80, 0xBF) && inRange(3, 0x80, 0xBF) ? 4 : 0
    default: return 0
    }
  }
}
