/// Unicode Normalization Form C (canonical composition) for text compared scalar by scalar: a `matches` pattern's
/// literal text and the value it searches, so that `matches` follows the canonical equivalence `==`, `contains`
/// and `in` follow (a precomposed `é` and `e` + U+0301 are one text).
///
/// Each grapheme cluster is normalized on its own (normalization never crosses a cluster boundary: a combining
/// mark never starts a cluster), and a cluster of more than ``maxClusterScalars`` scalars is left as it is. The
/// standard library's normalizer sorts a cluster's combining marks in time quadratic in their number; the cap
/// keeps the whole pass linear in the text's length. UAX #15's stream-safe format allows at most 30 combining
/// marks in a row, so no real text reaches the cap.
enum CanonicalText {
  /// The longest grapheme cluster normalized, in scalars.
  static let maxClusterScalars = 32

  /// `text` in NFC (clusters over ``maxClusterScalars`` unchanged). A text without a scalar from U+0300 on
  /// (ASCII, Latin-1, Latin Extended: no combining mark) is already in NFC and is returned as it is.
  static func nfc(_ text: String) -> String {
    // UTF-8 lead bytes from 0xCC on start the scalars from U+0300 on.
    guard text.utf8.contains(where: { $0 >= 0xCC }) else { return text }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for cluster in text {
      let scalars = cluster.unicodeScalars
      if scalars.count > maxClusterScalars || scalars.allSatisfy({ $0.value < 0x300 }) {
        // Below U+0300 (Latin-1 and Latin Extended, no combining mark) a text is already in NFC.
        bytes.append(contentsOf: String(cluster).utf8)
      } else {
        String(cluster)._withNFCCodeUnits { bytes.append($0) }
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The scalars of `scalars` as a text in NFC.
  static func nfc(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
    var text = ""
    text.unicodeScalars.append(contentsOf: scalars)
    return Array(nfc(text).unicodeScalars)
  }
}
