import Foundation
import Testing

/// Golden files of the formatter: `Fixtures/format/<name>.input.rules` formats to `<name>.expected.rules`.
/// Run with `PLACEMENT_RECORD_GOLDEN=1` to rewrite the expected files (in the source tree) from the current output.
enum FormatGolden {
  /// The format fixtures folder in the source tree (where recording writes).
  static let sourceFolder: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/format")

  /// The fixture names (`<name>.input.rules`), sorted.
  static func names() -> [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: sourceFolder.path)) ?? []
    return files.filter { $0.hasSuffix(".input.rules") }.map { String($0.dropLast(".input.rules".count)) }.sorted()
  }

  static func read(_ file: String) throws -> String {
    try String(contentsOf: sourceFolder.appendingPathComponent(file), encoding: .utf8)
  }

  static var recording: Bool { ProcessInfo.processInfo.environment["PLACEMENT_RECORD_GOLDEN"] == "1" }

  /// Compares `actual` with the golden file `name`; records it instead when recording is on.
  static func check(_ actual: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = sourceFolder.appendingPathComponent(name)
    if recording {
      try actual.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    if actual != expected {
      let diff = LineDiff.render(expected: expected, actual: actual)
      let message = "\(name) differs (- expected, + actual; re-record with PLACEMENT_RECORD_GOLDEN=1):\n\(diff)"
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
  }
}

/// A small line diff (longest common subsequence) for readable golden-file failures.
enum LineDiff {
  /// Lines prefixed `-` (only in expected), `+` (only in actual) or ` ` (both), with line numbers; long runs of
  /// equal lines are elided to two lines of context. Invisible differences are shown: `⏎` marks a missing final
  /// newline, `·` trailing spaces.
  static func render(expected: String, actual: String) -> String {
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
