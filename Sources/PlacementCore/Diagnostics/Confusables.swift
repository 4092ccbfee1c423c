/// Characters that read as something they are not: look-alikes of ASCII (Cyrillic and Greek letters,
/// fullwidth forms, typographic quotes, dashes and spaces), invisible characters and bidirectional controls,
/// with their Unicode names (UTS #39 calls the first kind confusables).
///
/// The table is deliberately small: the characters a keyboard layout, a word processor or a copied web page
/// puts in place of ASCII. It names them in diagnostics (`U+043E CYRILLIC SMALL LETTER O, looks like 'o'`); the
/// invisible and bidirectional ones are also what ``UntrustedText`` escapes and lint's `confusable-literal`
/// reports.
package enum Confusables {
  /// What a scalar is taken for, when the table knows it.
  package enum Kind: Sendable, Equatable {
    /// Looks like this ASCII character.
    case looksLike(Unicode.Scalar)
    /// Shows as nothing (or as a plain space gap).
    case invisible
    /// Reorders the text around it (bidirectional formatting).
    case bidiControl
  }

  /// The Unicode name (nil for an invisible character the table does not name) and kind of a scalar of the
  /// table, nil for any other scalar.
  package static func entry(_ scalar: Unicode.Scalar) -> (name: String?, kind: Kind)? {
    let value = scalar.value
    if let (name, ascii) = letters[value] { return (name, .looksLike(ascii)) }
    if let (name, ascii) = punctuation[value] { return (name, .looksLike(ascii)) }
    if value >= 0xFF01, value <= 0xFF5E, let ascii = Unicode.Scalar(value - 0xFEE0) {
      return ("FULLWIDTH " + asciiName(ascii), .looksLike(ascii))
    }
    if let name = bidiControls[value] { return (name, .bidiControl) }
    if let name = invisibleNames[value] { return (name, .invisible) }
    if (0xFE00...0xFE0F).contains(value) { return ("VARIATION SELECTOR-\(value - 0xFE00 + 1)", .invisible) }
    if (0xE0100...0xE01EF).contains(value) { return ("VARIATION SELECTOR-\(value - 0xE0100 + 17)", .invisible) }
    if isInvisible(scalar) { return (nil, .invisible) }
    return nil
  }

  /// `U+043E CYRILLIC SMALL LETTER O, looks like 'o'`, `U+200B ZERO WIDTH SPACE, invisible`,
  /// `U+202E RIGHT-TO-LEFT OVERRIDE, reorders text`, or `U+4E00` for a scalar the table does not know.
  package static func describe(_ scalar: Unicode.Scalar) -> String {
    guard let kind = entry(scalar)?.kind else { return named(scalar) }
    switch kind {
    case .looksLike(let ascii): return named(scalar) + ", looks like " + (ascii == " " ? "a space" : "'\(ascii)'")
    case .invisible: return named(scalar) + ", invisible"
    case .bidiControl: return named(scalar) + ", reorders text"
    }
  }

  /// `U+043E CYRILLIC SMALL LETTER O`, or `U+4E00` for a scalar the table does not name.
  package static func named(_ scalar: Unicode.Scalar) -> String {
    let code = "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4, with: "0")
    return entry(scalar)?.name.map { "\(code) \($0)" } ?? code
  }

  /// The ASCII character `scalar` imitates, nil when the table lists none.
  package static func asciiLookAlike(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
    guard scalar.value >= 0x80, case .looksLike(let ascii)? = entry(scalar)?.kind else { return nil }
    return ascii
  }

  /// Bidirectional formatting characters (UAX #9 explicit formatting and marks): text around them is shown in
  /// another order than it is stored.
  package static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// Characters that show as nothing wherever they are: zero-width spaces and joiners, invisible operators,
  /// fillers, variation selectors, tags, interlinear annotation marks and other format characters without a
  /// glyph. Some of them have a visible effect in a context (``isInvisible(_:after:before:)``).
  package static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00AD, 0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B...0x180F, 0x200B...0x200D, 0x2060...0x2064,
      0x206A...0x206F, 0x3164, 0xFE00...0xFE0F, 0xFEFF, 0xFFA0, 0xFFF9...0xFFFB, 0x1BCA0...0x1BCA3,
      0x1D173...0x1D17A, 0xE0000...0xE007F, 0xE0100...0xE01EF:
      true
    default: false
    }
  }

  /// Whether `scalar`, between `previous` and `next` (nil at either end), is invisible there. A joiner joins
  /// emoji (`👩‍💻`) or letters of a script that uses it (Persian, Devanagari: not Latin, Greek or Cyrillic); a
  /// variation selector follows a non-ASCII character (`❤️`) or makes a keycap (`1️⃣`); tags follow the black
  /// flag of a subdivision flag. Anywhere else they only hide a difference between two texts.
  package static func isInvisible(
    _ scalar: Unicode.Scalar, after previous: Unicode.Scalar?, before next: Unicode.Scalar?
  ) -> Bool {
    guard isInvisible(scalar) else { return false }
    switch scalar.value {
    case 0x200C, 0x200D:
      guard let previous, let next else { return true }
      if scalar.value == 0x200D, isEmoji(previous), isEmoji(next) { return false }
      return !(joinsLetters(previous) && joinsLetters(next))
    case 0xFE00...0xFE0F, 0xE0100...0xE01EF:
      guard let previous else { return true }
      return previous.isASCII ? next != "\u{20E3}" : isInvisible(previous)
    case 0xE0020...0xE007F:
      guard let previous else { return true }
      return previous != "\u{1F3F4}" && !(0xE0020...0xE007F).contains(previous.value)
    default:
      return true
    }
  }

  /// The script a letter belongs to among those whose letters are confused with each other: Latin (fullwidth
  /// Latin apart), Greek, Cyrillic; nil for any other character.
  package static func confusableScript(_ scalar: Unicode.Scalar) -> String? {
    switch scalar.value {
    case 0x41...0x5A, 0x61...0x7A, 0xAA, 0xBA, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2AF, 0x1D00...0x1D7F,
      0x1E00...0x1EFF, 0x2C60...0x2C7F, 0xA720...0xA7FF, 0xAB30...0xAB6F, 0xFB00...0xFB06:
      "Latin"
    case 0xFF21...0xFF3A, 0xFF41...0xFF5A: "fullwidth Latin"
    case 0x370...0x3FF, 0x1F00...0x1FFF: "Greek"
    case 0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F: "Cyrillic"
    default: nil
    }
  }

  private static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0x2000 && scalar.properties.isEmoji
  }

  private static func joinsLetters(_ scalar: Unicode.Scalar) -> Bool {
    !scalar.isASCII && confusableScript(scalar) == nil
      && (scalar.properties.isAlphabetic || scalar.properties.generalCategory == .spacingMark
        || scalar.properties.generalCategory == .nonspacingMark)
  }

  private static let letters: [UInt32: (String, Unicode.Scalar)] = [
    0x0430: ("CYRILLIC SMALL LETTER A", "a"), 0x0435: ("CYRILLIC SMALL LETTER IE", "e"),
    0x043E: ("CYRILLIC SMALL LETTER O", "o"), 0x0440: ("CYRILLIC SMALL LETTER ER", "p"),
    0x0441: ("CYRILLIC SMALL LETTER ES", "c"), 0x0443: ("CYRILLIC SMALL LETTER U", "y"),
    0x0445: ("CYRILLIC SMALL LETTER HA", "x"), 0x0455: ("CYRILLIC SMALL LETTER DZE", "s"),
    0x0456: ("CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I", "i"), 0x0458: ("CYRILLIC SMALL LETTER JE", "j"),
    0x04BB: ("CYRILLIC SMALL LETTER SHHA", "h"), 0x04CF: ("CYRILLIC SMALL LETTER PALOCHKA", "l"),
    0x0501: ("CYRILLIC SMALL LETTER KOMI DE", "d"), 0x051B: ("CYRILLIC SMALL LETTER QA", "q"),
    0x051D: ("CYRILLIC SMALL LETTER WE", "w"),
    0x0405: ("CYRILLIC CAPITAL LETTER DZE", "S"), 0x0406: ("CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I", "I"),
    0x0408: ("CYRILLIC CAPITAL LETTER JE", "J"), 0x0410: ("CYRILLIC CAPITAL LETTER A", "A"),
    0x0412: ("CYRILLIC CAPITAL LETTER VE", "B"), 0x0415: ("CYRILLIC CAPITAL LETTER IE", "E"),
    0x041A: ("CYRILLIC CAPITAL LETTER KA", "K"), 0x041C: ("CYRILLIC CAPITAL LETTER EM", "M"),
    0x041D: ("CYRILLIC CAPITAL LETTER EN", "H"), 0x041E: ("CYRILLIC CAPITAL LETTER O", "O"),
    0x0420: ("CYRILLIC CAPITAL LETTER ER", "P"), 0x0421: ("CYRILLIC CAPITAL LETTER ES", "C"),
    0x0422: ("CYRILLIC CAPITAL LETTER TE", "T"), 0x0423: ("CYRILLIC CAPITAL LETTER U", "Y"),
    0x0425: ("CYRILLIC CAPITAL LETTER HA", "X"), 0x04C0: ("CYRILLIC LETTER PALOCHKA", "I"),
    0x051A: ("CYRILLIC CAPITAL LETTER QA", "Q"), 0x051C: ("CYRILLIC CAPITAL LETTER WE", "W"),
    0x03B1: ("GREEK SMALL LETTER ALPHA", "a"), 0x03B9: ("GREEK SMALL LETTER IOTA", "i"),
    0x03BA: ("GREEK SMALL LETTER KAPPA", "k"), 0x03BD: ("GREEK SMALL LETTER NU", "v"),
    0x03BF: ("GREEK SMALL LETTER OMICRON", "o"), 0x03C1: ("GREEK SMALL LETTER RHO", "p"),
    0x03C5: ("GREEK SMALL LETTER UPSILON", "u"),
    0x0391: ("GREEK CAPITAL LETTER ALPHA", "A"), 0x0392: ("GREEK CAPITAL LETTER BETA", "B"),
    0x0395: ("GREEK CAPITAL LETTER EPSILON", "E"), 0x0396: ("GREEK CAPITAL LETTER ZETA", "Z"),
    0x0397: ("GREEK CAPITAL LETTER ETA", "H"), 0x0399: ("GREEK CAPITAL LETTER IOTA", "I"),
    0x039A: ("GREEK CAPITAL LETTER KAPPA", "K"), 0x039C: ("GREEK CAPITAL LETTER MU", "M"),
    0x039D: ("GREEK CAPITAL LETTER NU", "N"), 0x039F: ("GREEK CAPITAL LETTER OMICRON", "O"),
    0x03A1: ("GREEK CAPITAL LETTER RHO", "P"), 0x03A4: ("GREEK CAPITAL LETTER TAU", "T"),
    0x03A5: ("GREEK CAPITAL LETTER UPSILON", "Y"), 0x03A7: ("GREEK CAPITAL LETTER CHI", "X"),
    0x0131: ("LATIN SMALL LETTER DOTLESS I", "i"),
  ]

  private static let punctuation: [UInt32: (String, Unicode.Scalar)] = [
    0x00A0: ("NO-BREAK SPACE", " "), 0x2000: ("EN QUAD", " "), 0x2001: ("EM QUAD", " "),
    0x2002: ("EN SPACE", " "), 0x2003: ("EM SPACE", " "), 0x2004: ("THREE-PER-EM SPACE", " "),
    0x2005: ("FOUR-PER-EM SPACE", " "), 0x2006: ("SIX-PER-EM SPACE", " "), 0x2007: ("FIGURE SPACE", " "),
    0x2008: ("PUNCTUATION SPACE", " "), 0x2009: ("THIN SPACE", " "), 0x200A: ("HAIR SPACE", " "),
    0x202F: ("NARROW NO-BREAK SPACE", " "), 0x205F: ("MEDIUM MATHEMATICAL SPACE", " "),
    0x3000: ("IDEOGRAPHIC SPACE", " "),
    0x2018: ("LEFT SINGLE QUOTATION MARK", "'"), 0x2019: ("RIGHT SINGLE QUOTATION MARK", "'"),
    0x201C: ("LEFT DOUBLE QUOTATION MARK", "\""), 0x201D: ("RIGHT DOUBLE QUOTATION MARK", "\""),
    0x201E: ("DOUBLE LOW-9 QUOTATION MARK", "\""), 0x00AB: ("LEFT-POINTING DOUBLE ANGLE QUOTATION MARK", "\""),
    0x00BB: ("RIGHT-POINTING DOUBLE ANGLE QUOTATION MARK", "\""),
    0x2010: ("HYPHEN", "-"), 0x2011: ("NON-BREAKING HYPHEN", "-"), 0x2012: ("FIGURE DASH", "-"),
    0x2013: ("EN DASH", "-"), 0x2014: ("EM DASH", "-"), 0x2212: ("MINUS SIGN", "-"),
    0x2044: ("FRACTION SLASH", "/"), 0x2215: ("DIVISION SLASH", "/"),
  ]

  private static let bidiControls: [UInt32: String] = [
    0x061C: "ARABIC LETTER MARK", 0x200E: "LEFT-TO-RIGHT MARK", 0x200F: "RIGHT-TO-LEFT MARK",
    0x202A: "LEFT-TO-RIGHT EMBEDDING", 0x202B: "RIGHT-TO-LEFT EMBEDDING", 0x202C: "POP DIRECTIONAL FORMATTING",
    0x202D: "LEFT-TO-RIGHT OVERRIDE", 0x202E: "RIGHT-TO-LEFT OVERRIDE", 0x2066: "LEFT-TO-RIGHT ISOLATE",
    0x2067: "RIGHT-TO-LEFT ISOLATE", 0x2068: "FIRST STRONG ISOLATE", 0x2069: "POP DIRECTIONAL ISOLATE",
  ]

  private static let invisibleNames: [UInt32: String] = [
    0x00AD: "SOFT HYPHEN", 0x034F: "COMBINING GRAPHEME JOINER", 0x115F: "HANGUL CHOSEONG FILLER",
    0x1160: "HANGUL JUNGSEONG FILLER", 0x17B4: "KHMER VOWEL INHERENT AQ", 0x17B5: "KHMER VOWEL INHERENT AA",
    0x180E: "MONGOLIAN VOWEL SEPARATOR", 0x200B: "ZERO WIDTH SPACE", 0x200C: "ZERO WIDTH NON-JOINER",
    0x200D: "ZERO WIDTH JOINER", 0x2060: "WORD JOINER", 0x2061: "FUNCTION APPLICATION", 0x2062: "INVISIBLE TIMES",
    0x2063: "INVISIBLE SEPARATOR", 0x2064: "INVISIBLE PLUS", 0x3164: "HANGUL FILLER",
    0xFEFF: "ZERO WIDTH NO-BREAK SPACE", 0xFFA0: "HALFWIDTH HANGUL FILLER",
  ]

  /// The Unicode name of a printable ASCII character other than a letter or digit, or `LATIN CAPITAL LETTER A`,
  /// `DIGIT ZERO` (the fullwidth forms are named `FULLWIDTH` + this).
  private static func asciiName(_ ascii: Unicode.Scalar) -> String {
    let digits = ["ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"]
    switch ascii {
    case "A"..."Z": return "LATIN CAPITAL LETTER \(ascii)"
    case "a"..."z": return "LATIN SMALL LETTER \(String(ascii).uppercased())"
    case "0"..."9": return "DIGIT " + digits[Int(ascii.value - 0x30)]
    default: return asciiPunctuationNames[ascii.value] ?? "CHARACTER"
    }
  }

  private static let asciiPunctuationNames: [UInt32: String] = [
    0x21: "EXCLAMATION MARK", 0x22: "QUOTATION MARK", 0x23: "NUMBER SIGN", 0x24: "DOLLAR SIGN",
    0x25: "PERCENT SIGN", 0x26: "AMPERSAND", 0x27: "APOSTROPHE", 0x28: "LEFT PARENTHESIS",
    0x29: "RIGHT PARENTHESIS", 0x2A: "ASTERISK", 0x2B: "PLUS SIGN", 0x2C: "COMMA", 0x2D: "HYPHEN-MINUS",
    0x2E: "FULL STOP", 0x2F: "SOLIDUS", 0x3A: "COLON", 0x3B: "SEMICOLON", 0x3C: "LESS-THAN SIGN",
    0x3D: "EQUALS SIGN", 0x3E: "GREATER-THAN SIGN", 0x3F: "QUESTION MARK", 0x40: "COMMERCIAL AT",
    0x5B: "LEFT SQUARE BRACKET", 0x5C: "REVERSE SOLIDUS", 0x5D: "RIGHT SQUARE BRACKET", 0x5E: "CIRCUMFLEX ACCENT",
    0x5F: "LOW LINE", 0x60: "GRAVE ACCENT", 0x7B: "LEFT CURLY BRACKET", 0x7C: "VERTICAL LINE",
    0x7D: "RIGHT CURLY BRACKET", 0x7E: "TILDE",
  ]
}
