/// Text that came from a profile or an event, made safe to embed in a message, a warning or a log line.
///
/// Profiles are untrusted: a member name or value may hold a line break (forging a second `file:line: error:`
/// line in a batch log), terminal escape sequences (recolouring or retitling a terminal), bidirectional
/// overrides (making text read differently than it is) or invisible characters (making two different texts
/// look the same). Every such scalar is written as `\u{XX}` (and `\n`, `\r`, `\t` as themselves escaped), and
/// the text is cut at `limit` characters with `…`.
package enum UntrustedText {
  /// The text with control, bidirectional, invisible and line-separator scalars escaped, at most `limit`
  /// characters (plus `…` when cut). With `escapingBackslashes` false a backslash is kept as written (rules
  /// text, where `/\d+/` must read as the rules spell it); the result is then unchanged by escaping it again.
  /// `quote`, when given, is written `\"` (or `\'`): the text is shown between such quotes, and must not end
  /// them early.
  package static func escaped(
    _ text: String, limit: Int = 60, escapingBackslashes: Bool = true, quote: Unicode.Scalar? = nil
  ) -> String {
    var out = ""
    var count = 0
    var scalars = text.unicodeScalars.makeIterator()
    var previous: Unicode.Scalar?
    var next = scalars.next()
    while let scalar = next {
      next = scalars.next()
      defer { previous = scalar }
      if count == limit {
        out += "…"
        break
      }
      count += 1
      append(scalar, after: previous, before: next, to: &out, escapingBackslashes: escapingBackslashes, quote: quote)
    }
    return out
  }

  /// Appends `scalar` to `out` as ``escaped(_:limit:escapingBackslashes:quote:)`` shows it; a tab is kept as it
  /// is when `keepingTabs` is true.
  private static func append(
    _ scalar: Unicode.Scalar, after previous: Unicode.Scalar?, before next: Unicode.Scalar?, to out: inout String,
    escapingBackslashes: Bool, quote: Unicode.Scalar? = nil, keepingTabs: Bool = false
  ) {
    switch scalar {
    case "\n": out += "\\n"
    case "\r": out += "\\r"
    case "\t" where !keepingTabs: out += "\\t"
    case "\\" where escapingBackslashes: out += "\\\\"
    case quote: out += "\\" + String(scalar)
    default:
      if scalar != "\t", isUnsafe(scalar, after: previous, before: next) {
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
  }

  /// Rules text as ``displayRuleText(_:)`` shows it, one string per character of `text` (a tab kept as it is):
  /// a source excerpt counts the columns its caret goes under.
  package static func escapedCharacters(_ text: String) -> [String] {
    var shown: [String] = []
    var previous: Unicode.Scalar?
    var scalars = text.unicodeScalars.makeIterator()
    _ = scalars.next()
    for character in text {
      var cell = ""
      for scalar in character.unicodeScalars {
        let next = scalars.next()
        defer { previous = scalar }
        append(scalar, after: previous, before: next, to: &cell, escapingBackslashes: false, keepingTabs: true)
      }
      shown.append(cell)
    }
    return shown
  }

  /// C0 and C1 controls, DEL, line and paragraph separators, bidirectional formatting characters, and
  /// characters invisible where they stand (``Confusables/isInvisible(_:after:before:)``).
  static func isUnsafe(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar?, before next: Unicode.Scalar?)
    -> Bool
  {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
    case 0x20...0x7E: false
    default: Confusables.isBidiControl(scalar) || Confusables.isInvisible(scalar, after: previous, before: next)
    }
  }
}

/// Untrusted text (profile ids, values) escaped and cut as in warnings, for the command-line tool's output.
package func displayEscaped(_ text: String) -> String { UntrustedText.escaped(text) }

/// Text from the rules or a rule test file (names, conditions, ids, test case names), or a line that embeds
/// already-escaped profile text, made safe for a terminal: control characters, line breaks and bidi overrides
/// escaped as in warnings (`\n`, `\u{1B}`), backslashes kept as written (a pattern's `\d` stays `\d`, and escaping
/// twice changes nothing), and not cut: this text is semi-trusted and bounded by the compile limits, and a cut
/// condition would hide the rule a reader looks for (docs/Reliability.md, "Untrusted text in output").
package func displayRuleText(_ text: String) -> String {
  // Printable ASCII (most text): nothing to escape, known from the bytes alone.
  guard text.utf8.contains(where: { $0 >= 0x7F || $0 < 0x20 }) else { return text }
  return UntrustedText.escaped(text, limit: .max, escapingBackslashes: false)
}

/// A report of several lines whose text comes from the rules (conditions, example profiles), each line made safe
/// for a terminal as ``displayRuleText(_:)`` makes it; the line breaks between them are kept.
package func displayRuleLines(_ text: String) -> String {
  guard text.utf8.contains(where: { $0 >= 0x7F || ($0 < 0x20 && $0 != UInt8(ascii: "\n")) }) else { return text }
  return text.split(separator: "\n", omittingEmptySubsequences: false).map { displayRuleText(String($0)) }
    .joined(separator: "\n")
}
