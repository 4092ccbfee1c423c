import Foundation
import PlacementKit

/// Lint findings as GitHub Actions workflow commands, one line each:
/// `::error file=Rules/a.rules,line=3,col=5,endLine=3,endColumn=14,title=unknown-segment::unknown segment …`.
/// Warnings use `::warning`, infos `::notice`; notes follow the message on their own lines (encoded `%0A`).
/// Control, bidirectional and invisible characters of messages and notes are escaped (`\u{202E}`).
/// Suppressed findings are left out.
struct GitHubLintReporter {
  func render(_ result: LintResult) -> String {
    result.diagnostics.map { line($0) + "\n" }.joined()
  }

  func line(_ diagnostic: Diagnostic) -> String {
    let command: String
    switch diagnostic.severity {
    case .error: command = "error"
    case .warning: command = "warning"
    case .info: command = "notice"
    }
    var properties: [String] = []
    if let span = diagnostic.span {
      let start = span.file.location(of: span.range.start)
      let end = span.file.location(of: span.range.end)
      properties += [
        "file=\(property(span.file.name))", "line=\(start.line)", "col=\(start.column)", "endLine=\(end.line)",
        "endColumn=\(end.column)",
      ]
    }
    properties.append("title=\(property(diagnostic.code.id))")
    // Text from the rules is escaped as in every text output; the workflow command then encodes line breaks.
    var message = displayRuleText(diagnostic.message)
    for note in diagnostic.notes { message += "\nnote: \(displayRuleText(note.message))" }
    for fix in diagnostic.fixIts.groupedByMessage() { message += "\nfix-it: \(displayRuleText(fix.message))" }
    return "::\(command) \(properties.joined(separator: ","))::\(data(message))"
  }

  /// Escapes a message (`%`, CR, LF) as the workflow command syntax requires.
  func data(_ text: String) -> String {
    text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }

  /// Escapes a property value (also `:` and `,`).
  func property(_ text: String) -> String {
    data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
  }
}
