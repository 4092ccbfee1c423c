/// Renders diagnostics as text in the Swift compiler's format:
///
/// ```
/// Rules/x.rules:3:17: error: unknown segment 'music_fan' [unknown-segment]
///  3 | placement x: flow { music_fan -> flow a }
///    |                     ^~~~~~~~~
///    = note: did you mean 'music_fans'?
/// ```
///
/// Rendering is separate from the model: the same ``Diagnostic`` values feed the JSON, GitHub and SARIF
/// reporters of the command-line tool.
public struct DiagnosticRenderer: Sendable {
  /// Whether to emit ANSI colours (only on a terminal, never with `NO_COLOR`; the caller decides).
  public var colors: Bool

  public init(colors: Bool = false) { self.colors = colors }

  /// The rendering of several diagnostics, each followed by a blank line.
  public func render(_ diagnostics: [Diagnostic]) -> String {
    diagnostics.map { render($0) + "\n" }.joined()
  }

  /// The rendering of one diagnostic: header, source excerpt with caret, notes and fix-its.
  public func render(_ diagnostic: Diagnostic) -> String {
    var out = "\(diagnostic.locationDescription): "
    out += paint(diagnostic.severity.rawValue, severityColor(diagnostic.severity))
    out += ": " + paint(diagnostic.message, "1") + " [\(diagnostic.code)]\n"
    if let span = diagnostic.span { out += excerpt(span) }
    let gutter = String(repeating: " ", count: gutterWidth(diagnostic.span))
    for note in diagnostic.notes {
      let location = note.span.map { " (\($0.file.name):\($0.location))" } ?? ""
      out += "\(gutter) = note: \(note.message)\(location)\n"
    }
    for fix in diagnostic.fixIts {
      out += "\(gutter) = fix-it: replace '\(fix.span.file.text(of: fix.span.range))' with '\(fix.replacement)'\n"
    }
    return out
  }

  private func gutterWidth(_ span: SourceSpan?) -> Int {
    guard let span else { return 0 }
    return String(span.location.line).count + 1
  }

  private func excerpt(_ span: SourceSpan) -> String {
    let start = span.file.location(of: span.range.start)
    let end = span.file.location(of: span.range.end)
    let line = span.file.lineText(start.line)
    let width = String(start.line).count + 1
    let pad = String(repeating: " ", count: width)
    let caretColumn = min(start.column, line.count + 1)
    let lastColumn = end.line == start.line ? max(end.column, start.column + 1) : line.count + 1
    let underline = "^" + String(repeating: "~", count: max(0, lastColumn - start.column - 1))
    let lead = String(line.prefix(caretColumn - 1).map { $0 == "\t" ? "\t" : " " })
    return "\(String(start.line).leftPadded(to: width)) | \(line)\n\(pad) | \(lead)\(paint(underline, "32"))\n"
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
}
