/// Renders diagnostics as text in the Swift compiler's format:
///
/// ```
/// Rules/x.rules:3:17: error: unknown segment 'music_fan' [unknown-segment]
///  3 | placement x: flow { music_fan -> flow a }
///    |                     ^~~~~~~~~
///    = note: did you mean 'music_fans'?
///    = fix-it: use 'music_fans'
/// ```
///
/// A fix-it is shown by its summary, as the other formats show it; its edits follow, one a line, when they
/// say more than the summary and the caret (several edits, or text other than the underlined one).
///
/// Rendering is separate from the model: the same ``Diagnostic`` values feed the JSON, GitHub and SARIF
/// reporters of the command-line tool.
public struct DiagnosticRenderer: Sendable {
  /// Whether to emit ANSI colours (only on a terminal, never with `NO_COLOR`; the caller decides).
  public var colors: Bool

  /// Where a finding about the rule set as a whole (no source position, e.g. `no-placements`) is located: the
  /// rules path a command read, or `<rules>`.
  public var rules: String

  public init(colors: Bool = false, rules: String = "<rules>") {
    self.colors = colors
    self.rules = rules
  }

  /// The rendering of several diagnostics, each one of several lines followed by a blank line that sets it
  /// apart; a diagnostic of one line (no position, notes or fix-its, e.g. `no-placements`) is not.
  public func render(_ diagnostics: [Diagnostic]) -> String {
    diagnostics.map { diagnostic in
      let text = render(diagnostic)
      return text.utf8.count(where: { $0 == UInt8(ascii: "\n") }) > 1 ? text + "\n" : text
    }.joined()
  }

  /// The rendering of one diagnostic: header, source excerpt with caret, notes and fix-its. Text from the rules
  /// (names, literals, example profiles) is escaped as in every text output (`displayRuleText`).
  public func render(_ diagnostic: Diagnostic) -> String {
    var out = displayRuleText(diagnostic.span == nil ? rules : diagnostic.locationDescription) + ": "
    out += paint(diagnostic.severity.rawValue, severityColor(diagnostic.severity))
    out += ": " + paint(displayRuleText(diagnostic.message), "1") + " [\(diagnostic.code)]\n"
    if let span = diagnostic.span { out += excerpt(span) }
    let gutter = String(repeating: " ", count: gutterWidth(diagnostic.span))
    for note in diagnostic.notes {
      let location = note.span.map { " (\($0.file.name):\($0.location))" } ?? ""
      out += "\(gutter) = note: \(displayRuleText(note.message + location))\n"
    }
    for fix in diagnostic.fixIts.groupedByMessage() {
      out += "\(gutter) = fix-it: \(displayRuleText(fix.message))\n"
      guard Self.editsAddInformation(fix.edits, to: diagnostic) else { continue }
      let indent = gutter + String(repeating: " ", count: " = fix-it: ".count)
      for edit in fix.edits { out += indent + displayRuleText(Self.describe(edit)) + "\n" }
    }
    return out
  }

  /// False for one edit of the underlined text whose summary quotes the replacement (`use 'pros'`): the caret
  /// and the summary say all it does. Several edits, another span or an unquoted replacement are listed.
  static func editsAddInformation(_ edits: [FixIt], to diagnostic: Diagnostic) -> Bool {
    guard edits.count == 1, let edit = edits.first, let span = diagnostic.span, edit.span.range == span.range,
      edit.span.file.name == span.file.name
    else { return true }
    let replacement = edit.replacement.trimmingWhitespace()
    return replacement.isEmpty || !edit.message.contains("'\(replacement)'")
  }

  /// One edit as a person reads it: `replace 'pro' with 'pros'`, `remove ', "DE"'`, `insert ' is set'`.
  static func describe(_ edit: FixIt) -> String {
    let original = edit.span.file.text(of: edit.span.range)
    if edit.replacement.isEmpty { return "remove '\(original)'" }
    if original.isEmpty { return "insert '\(edit.replacement)'" }
    return "replace '\(original)' with '\(edit.replacement)'"
  }

  private func gutterWidth(_ span: SourceSpan?) -> Int {
    guard let span else { return 0 }
    return String(span.location.line).count + 1
  }

  /// Source lines longer than this many characters are shown as a window around the caret.
  static let maxExcerptWidth = 120

  private func excerpt(_ span: SourceSpan) -> String {
    let file = span.file
    let start = file.location(of: span.range.start)
    let width = String(start.line).count + 1
    let pad = String(repeating: " ", count: width)
    // Work on a byte window around the caret (at most 4 bytes per shown character), so a 4 MiB line costs no
    // more than a short one; whole characters only, and without the line terminator. A lone `\r` ends the
    // shown line too (a file with classic Mac line endings is one line to the line table).
    var lineStart = file.lineStarts[start.line - 1]
    var lineEnd = start.line < file.lineStarts.count ? file.lineStarts[start.line] - 1 : file.bytes.count
    if lineEnd > lineStart, file.bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
    let caret = max(lineStart, min(span.range.start, lineEnd))
    var from = max(lineStart, caret - 4 * 40)
    while from > lineStart, file.bytes[from] & 0xC0 == 0x80 { from -= 1 }
    var to = min(lineEnd, from + 4 * Self.maxExcerptWidth)
    while to < lineEnd, file.bytes[to] & 0xC0 == 0x80 { to += 1 }
    if let cr = file.bytes[from..<caret].lastIndex(of: UInt8(ascii: "\r")) { (from, lineStart) = (cr + 1, cr + 1) }
    if let cr = file.bytes[caret..<to].firstIndex(of: UInt8(ascii: "\r")) { (to, lineEnd) = (cr, cr) }
    var line = String(decoding: file.bytes[from..<to], as: UTF8.self)
    var caretColumn = String(decoding: file.bytes[from..<caret], as: UTF8.self).count + 1
    let spanEnd = max(caret, min(span.range.end, to))
    var lastColumn =
      span.range.end > lineEnd
      ? line.count + 1 : max(String(decoding: file.bytes[from..<spanEnd], as: UTF8.self).count + 1, caretColumn + 1)
    let cutBefore = from > lineStart
    var cutAfter = to < lineEnd
    // A line that fits is shown whole; a longer one as `maxExcerptWidth` characters from 40 before the caret (or
    // ending with the line), with `…` where it is cut.
    let skip =
      line.count > Self.maxExcerptWidth ? min(max(0, caretColumn - 1 - 40), line.count - Self.maxExcerptWidth) : 0
    if skip > 0 || line.count - skip > Self.maxExcerptWidth {
      let lower = line.index(line.startIndex, offsetBy: skip)
      let upper = line.index(lower, offsetBy: Self.maxExcerptWidth, limitedBy: line.endIndex) ?? line.endIndex
      cutAfter = cutAfter || upper < line.endIndex
      line = String(line[lower..<upper])
      caretColumn -= skip
      lastColumn -= skip
    }
    if cutBefore || skip > 0 {
      line = "…" + line
      caretColumn += 1
      lastColumn += 1
    }
    if cutAfter { line += "…" }
    lastColumn = min(lastColumn, line.count + 1)
    // Each character as shown: control, bidirectional and invisible ones escaped as in every text output, so a
    // rules file can neither send escape sequences to the terminal nor hide what it holds.
    let shown = Self.displayed(line)
    // Carets are placed in terminal columns: a wide (CJK, emoji) character takes two, an escape its length.
    let lead = shown.prefix(caretColumn - 1).map { $0 == "\t" ? "\t" : String(repeating: " ", count: $0.displayWidth) }
      .joined()
    let underlined = shown.dropFirst(caretColumn - 1).prefix(max(1, lastColumn - caretColumn))
    let columns = max(1, underlined.reduce(0) { $0 + $1.displayWidth })
    let underline = "^" + String(repeating: "~", count: columns - 1)
    let text = shown.joined()
    return "\(String(start.line).leftPadded(to: width)) | \(text)\n\(pad) | \(lead)\(paint(underline, "32"))\n"
  }

  /// The line's characters as shown: tabs kept, every other character ``UntrustedText`` escapes written as its
  /// escape (`\u{202E}`, `\r`), one string per character so that columns can be counted.
  static func displayed(_ line: String) -> [String] {
    // Printable ASCII and tabs only (most lines): nothing to escape, known from the bytes alone.
    guard line.utf8.contains(where: { $0 >= 0x7F || ($0 < 0x20 && $0 != 0x09) }) else { return line.map(String.init) }
    return UntrustedText.escapedCharacters(line)
  }

  private func severityColor(_ severity: Severity) -> String {
    switch severity {
    case .error: "1;31"
    case .warning: "1;35"
    case .info: "1;36"
    }
  }

  private func paint(_ text: String, _ code: String) -> String {
    colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}

extension String {
  func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }

  /// The number of terminal columns the text takes (``Character/displayWidth`` summed).
  var displayWidth: Int { reduce(0) { $0 + $1.displayWidth } }
}
