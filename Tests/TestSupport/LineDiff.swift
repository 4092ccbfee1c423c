import Foundation

/// A small line diff (longest common subsequence) for readable golden-file failures.
public enum LineDiff {
  /// Lines prefixed `-` (only in expected), `+` (only in actual) or ` ` (both), with line numbers; long runs of
  /// equal lines are elided to two lines of context. Invisible differences are shown: `⏎` marks a missing final
  /// newline, `·` trailing spaces.
  public static func render(expected: String, actual: String) -> String {
    let old = lines(expected)
    let new = lines(actual)
    var lcs = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        lcs[i][j] = old[i] == new[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
      }
    }
    var rows: [(mark: Character, line: Int, text: String)] = []
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
      if i < old.count, j < new.count, old[i] == new[j] {
        rows.append((" ", j + 1, old[i]))
        i += 1
        j += 1
      } else if i < old.count, j == new.count || lcs[i + 1][j] >= lcs[i][j + 1] {
        rows.append(("-", i + 1, old[i]))
        i += 1
      } else {
        rows.append(("+", j + 1, new[j]))
        j += 1
      }
    }
    var out: [String] = []
    for (index, row) in rows.enumerated() {
      let near = rows[max(0, index - 2)...min(rows.count - 1, index + 2)].contains { $0.mark != " " }
      if row.mark == " " && !near {
        if out.last != "   ..." { out.append("   ...") }
        continue
      }
      out.append("\(row.mark)\(String(row.line).leftPadded(4)) | \(row.text)")
    }
    return out.joined(separator: "\n")
  }

  static func lines(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      var shown = String(line)
      let trailing = shown.reversed().prefix { $0 == " " }.count
      if trailing > 0 { shown = String(shown.dropLast(trailing)) + String(repeating: "·", count: trailing) }
      return shown
    }
    if lines.last == "" { lines.removeLast() } else if !lines.isEmpty { lines[lines.count - 1] += "⏎" }
    return lines
  }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
