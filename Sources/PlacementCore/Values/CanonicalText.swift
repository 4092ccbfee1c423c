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

  /// `text` in NFC, or `text` itself when it has a run of more than ``maxCombiningRun`` combining marks. A text
  /// without a scalar from U+0300 on (ASCII, Latin-1, Latin Extended: no combining mark) is already in NFC and is
  /// returned as it is after one pass over its bytes.
  static func nfc(_ text: String) -> String {
    // UTF-8 lead bytes from 0xCC on start the scalars from U+0300 on.
    let plain = text.utf8.withContiguousStorageIfAvailable { !$0.contains { $0 >= 0xCC } }
    if plain ?? !text.utf8.contains(where: { $0 >= 0xCC }) { return text }
    var run = 0
    for scalar in text.unicodeScalars {
      run = scalar.properties.canonicalCombiningClass == .notReordered ? 0 : run + 1
      if run > maxCombiningRun { return text }
    }
    return String(decoding: text._nfcCodeUnits, as: UTF8.self)
  }

  /// The scalars of `scalars` as a text in NFC.
  static func nfc(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
    var text = ""
    text.unicodeScalars.append(contentsOf: scalars)
    return Array(nfc(text).unicodeScalars)
  }
}
