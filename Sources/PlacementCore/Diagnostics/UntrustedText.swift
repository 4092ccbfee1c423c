/// Text that came from a profile or an event, made safe to embed in a message, a warning or a log line.
///
/// Profiles are untrusted: a member name or value may hold a line break (forging a second `file:line: error:`
/// line in a batch log), terminal escape sequences (recolouring or retitling a terminal) or bidirectional
/// overrides (making text read differently than it is). Every such scalar is written as `\u{XX}` (and `\n`,
/// `\r`, `\t` as themselves escaped), and the text is cut at `limit` characters with `…`.
package enum UntrustedText {
  /// The text with control, format-override and line-separator scalars escaped, at most `limit` characters
  /// (plus `…` when cut). With `escapingBackslashes` false a backslash is kept as written (rules text, where
  /// `/\d+/` must read as the rules spell it); the result is then unchanged by escaping it again. `quote`, when
  /// given, is written `\"` (or `\'`): the text is shown between such quotes, and must not end them early.
  package static func escaped(
    _ text: String, limit: Int = 60, escapingBackslashes: Bool = true, quote: Unicode.Scalar? = nil
  ) -> String {
    var out = ""
    var count = 0
    for scalar in text.unicodeScalars {
      if count == limit {
        out += "…"
        break
      }
      count += 1
      switch scalar {
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\\" where escapingBackslashes: out += "\\\\"
      case quote: out += "\\" + String(scalar)
      default:
        if isUnsafe(scalar) {
          out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }

  /// C0 and C1 controls, DEL, line and paragraph separators, and bidirectional formatting characters.
  static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C: true
    default: false
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
  UntrustedText.escaped(text, limit: .max, escapingBackslashes: false)
}
