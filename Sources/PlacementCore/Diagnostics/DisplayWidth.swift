extension Character {
  /// The number of terminal columns the character takes: 2 for East Asian wide and fullwidth characters and
  /// for emoji shown as emoji (Unicode UAX #11 `W`/`F`, `Emoji_Presentation`), 0 for a lone combining mark or
  /// zero-width character, else 1. Used to put a caret under the character it points at.
  var displayWidth: Int {
    // Printable ASCII, most of any line: one column, without the Unicode property lookups below.
    if let ascii = asciiValue, ascii >= 0x20, ascii < 0x7F { return 1 }
    guard let first = unicodeScalars.first else { return 0 }
    if unicodeScalars.contains(where: { $0.properties.isEmojiPresentation })
      || unicodeScalars.contains(where: { $0 == "\u{FE0F}" }) && first.properties.isEmoji
    {
      return 2
    }
    if Self.isWide(first.value) { return 2 }
    switch first.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: return 1
    }
  }

  /// East Asian Wide (W) and Fullwidth (F) ranges of Unicode 15 (`EastAsianWidth.txt`, merged).
  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
      0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
      0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
      0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      true
    default: false
    }
  }
}
