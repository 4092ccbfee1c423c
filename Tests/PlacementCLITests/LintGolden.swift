import Foundation
import Testing

/// Golden files of `placement lint` renderings. `PLACEMENT_RECORD_GOLDEN=1` (re)writes them from the actual output;
/// a mismatch records the differing lines (expected `-`, actual `+`).
enum LintGolden {
  static func check(_ actual: String, against relativePath: String, sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    let path = repo("Tests/PlacementCLITests/Fixtures/" + relativePath)
    if ProcessInfo.processInfo.environment["PLACEMENT_RECORD_GOLDEN"] == "1" {
      try actual.write(toFile: path, atomically: true, encoding: .utf8)
      return
    }
    let expected = try String(contentsOfFile: path, encoding: .utf8)
    guard expected != actual else { return }
    let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var diff: [String] = []
    for index in 0..<max(e.count, a.count) {
      let old = index < e.count ? String(e[index]) : "<none>"
      let new = index < a.count ? String(a[index]) : "<none>"
      if old != new { diff.append("line \(index + 1):\n  - \(old)\n  + \(new)") }
    }
    Issue.record(
      Comment(
        rawValue: "\(relativePath) differs (PLACEMENT_RECORD_GOLDEN=1 to record):\n"
          + diff.prefix(20).joined(separator: "\n")),
      sourceLocation: sourceLocation)
  }
}
