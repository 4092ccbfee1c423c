import Foundation
import Testing

/// The golden files folder in the source tree (not the bundle copy), so recording updates the checkout.
private let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("Fixtures/golden")

/// Compares `actual` with `Fixtures/golden/<name>`. With `PLACEMENT_RECORD_GOLDEN=1` in the environment the file
/// is written instead (and the test passes); review the change with `git diff`. On a mismatch the issue shows
/// a line diff: `-N:` lines of the golden file missing from the output, `+N:` lines of the output not in it.
func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
  let url = goldenFolder.appendingPathComponent(name)
  if ProcessInfo.processInfo.environment["PLACEMENT_RECORD_GOLDEN"] == "1" {
    do {
      try FileManager.default.createDirectory(at: goldenFolder, withIntermediateDirectories: true)
      try Data(actual.utf8).write(to: url)
    } catch {
      Issue.record("cannot record golden file \(url.path): \(error)", sourceLocation: sourceLocation)
    }
    return
  }
  guard let data = FileManager.default.contents(atPath: url.path) else {
    Issue.record(
      "no golden file \(name); run with PLACEMENT_RECORD_GOLDEN=1 to record it", sourceLocation: sourceLocation)
    return
  }
  let expected = String(decoding: data, as: UTF8.self)
  guard expected != actual else { return }
  let diff = lineDiff(expected: expected, actual: actual)
  Issue.record(
    "output differs from golden file \(name) (re-record with PLACEMENT_RECORD_GOLDEN=1):\n\(diff)",
    sourceLocation: sourceLocation)
}

/// A line diff: removed golden lines as `-N: text`, added output lines as `+N: text` (1-based line numbers).
func lineDiff(expected: String, actual: String) -> String {
  let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
  let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
  var lines: [(Int, String)] = []
  for change in new.difference(from: old) {
    switch change {
    case .remove(let offset, let line, _): lines.append((offset, "-\(offset + 1): \(line)"))
    case .insert(let offset, let line, _): lines.append((offset, "+\(offset + 1): \(line)"))
    }
  }
  return lines.sorted { $0.0 < $1.0 }.map(\.1).joined(separator: "\n")
}
