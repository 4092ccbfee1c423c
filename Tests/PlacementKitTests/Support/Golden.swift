import Foundation
import Testing

/// Golden-file comparison. Set `PLACEMENT_RECORD_GOLDEN=1` to (re)write the expected files from the actual output.
enum Golden {
  /// Compares `actual` with the file at `path` (relative to this test target's folder) and records a readable
  /// line diff on mismatch.
  static func check(_ actual: String, against path: String, filePath: String = #filePath) throws {
    var root = URL(fileURLWithPath: filePath)
    while root.lastPathComponent != "PlacementKitTests" { root.deleteLastPathComponent() }
    let url = root.appendingPathComponent(path)
    if ProcessInfo.processInfo.environment["PLACEMENT_RECORD_GOLDEN"] == "1" {
      try actual.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    guard expected != actual else { return }
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var diff: [String] = []
    for index in 0..<max(expectedLines.count, actualLines.count) {
      let e = index < expectedLines.count ? String(expectedLines[index]) : "<none>"
      let a = index < actualLines.count ? String(actualLines[index]) : "<none>"
      if e != a { diff.append("line \(index + 1):\n  - \(e)\n  + \(a)") }
    }
    let shown = diff.prefix(20).joined(separator: "\n")
    Issue.record(Comment(rawValue: "\(path) differs (PLACEMENT_RECORD_GOLDEN=1 to record):\n\(shown)"))
  }
}
