/// Unicode Normalization Form C (canonical composition) for text compared scalar by scalar: a `matches` pattern's
/// literal text and the value it searches, so that `matches` follows the canonical equivalence `==`, `contains`
/// and `in` follow (a precomposed `é` and `e` + U+0301 are one text).
///
/// A text with more than ``maxCombiningRun`` combining marks in a row (scalars of a non-zero canonical combining
/// class) is left as it is. The standard library's normalizer sorts each run of combining marks in time quadratic
/// in its length; with runs bounded the whole pass is linear in the text's length. UAX #15's stream-safe format
/// allows at most 30 combining marks in a row, so no real text is left out.
enum CanonicalText {
  /// The longest run of combining marks a normalized text may hold (UAX #15's stream-safe limit).
  static let maxCombiningRun = 30

  /// `text` in NFC, or `text` itself when it has a run of more than ``maxCombiningRun`` combining marks.
  ///
  /// Scalars below U+0300 (ASCII, Latin-1, Latin Extended) are in NFC, never reorder and never compose with what
  /// precedes them, so only the stretches of scalars from U+0300 on, each with the scalar before it (which a mark
  /// may compose with), go through the standard library's normalizer; a text with no such scalar is returned as
  /// it is after one pass over its bytes.
  static func nfc(_ text: String) -> String {
    // UTF-8 lead bytes from 0xCC on start the scalars from U+0300 on; continuation bytes are 0x80–0xBF.
    guard text.utf8.contains(where: { $0 >= 0xCC }) else { return text }
    let bytes = Array(text.utf8)
    guard var next = bytes.firstIndex(where: { $0 >= 0xCC }) else { return text }
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + 16)
    var done = 0
    while true {
      var start = next  // the stretch starts at the scalar before the first one from U+0300 on
      if start > done {
        start -= 1
        while bytes[start] & 0xC0 == 0x80 { start -= 1 }
      }
      var end = next  // and ends before the next scalar below U+0300
      while end < bytes.count, bytes[end] >= 0xCC || bytes[end] & 0xC0 == 0x80 { end += 1 }
      result.append(contentsOf: bytes[done..<start])
      guard let normalized = normalized(bytes[start..<end]) else { return text }
      result.append(contentsOf: normalized)
      done = end
      guard let following = bytes[end...].firstIndex(where: { $0 >= 0xCC }) else { break }
      next = following
    }
    result.append(contentsOf: bytes[done...])
    return String(decoding: result, as: UTF8.self)
  }

  /// The UTF-8 of one stretch in NFC, or nil when it holds a run of more than ``maxCombiningRun`` marks.
  private static func normalized(_ stretch: ArraySlice<UInt8>) -> [UInt8]? {
    let text = String(decoding: stretch, as: UTF8.self)
    var marks = 0
    for scalar in text.unicodeScalars {
      marks = scalar.properties.canonicalCombiningClass == .notReordered ? 0 : marks + 1
      if marks > maxCombiningRun { return nil }
    }
    return text._nfcCodeUnits
  }

  /// The scalars of `scalars` as a text in NFC.
  static func nfc(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
    var text = ""
    text.unicodeScalars.append(contentsOf: scalars)
    return Array(nfc(text).unicodeScalars)
  }
}
