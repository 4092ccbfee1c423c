import PlacementKit

/// Lint findings as the compiler renders diagnostics (`file:line:col: severity: message [code]`, the source
/// line with a caret, notes and fix-its), then a summary line. Suppressed findings are left out.
struct TextLintReporter {
  var colors = false
  /// Names a finding about the whole rule set (no source position), e.g. `no-placements`.
  var rules = "<rules>"

  func render(_ result: LintResult) -> String {
    var out = Support.render(result.diagnostics, rules: rules, colors: colors)
    if result.truncatedCount > 0 { out += "\(result.truncatedCount) more compiler diagnostics were truncated\n" }
    // The summary is set apart from the findings, even when the last is one line (`no-placements`).
    if !out.isEmpty, !out.hasSuffix("\n\n") { out += "\n" }
    out += summary(result) + "\n"
    return out
  }

  /// `2 errors, 1 warning, 0 infos (1 suppressed)`.
  func summary(_ result: LintResult) -> String {
    func counted(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
    var line = [
      counted(result.count(.error), "error"), counted(result.count(.warning), "warning"),
      counted(result.count(.info), "info"),
    ].joined(separator: ", ")
    if result.suppressedCount > 0 { line += " (\(result.suppressedCount) suppressed)" }
    return line
  }
}
