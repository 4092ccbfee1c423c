import Foundation
import Testing

/// The one golden-file check of every test target (apple/swift-argument-parser's `assertSnapshot`): compares
/// `actual` with the file at `url` (in the source tree, not a bundle copy). With `PLACEMENT_RECORD_GOLDEN=1` in
/// the environment the file is written instead (review with `git diff`); a mismatch records a line diff
/// (``LineDiff``); a missing file says how to record it.
public func expectGolden(_ actual: String, at url: URL, sourceLocation: SourceLocation = #_sourceLocation) {
  let name = url.lastPathComponent
  if ProcessInfo.processInfo.environment["PLACEMENT_RECORD_GOLDEN"] == "1" {
    do {
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
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
  Issue.record(
    Comment(
      rawValue:
        "\(name) differs (- expected, + actual; re-record with PLACEMENT_RECORD_GOLDEN=1):\n"
        + LineDiff.render(expected: expected, actual: actual)),
    sourceLocation: sourceLocation)
}
