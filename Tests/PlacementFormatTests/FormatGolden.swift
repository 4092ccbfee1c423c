import Foundation
import TestSupport
import Testing

/// Golden files of the formatter: `Fixtures/<name>.input.rules` formats to `<name>.expected.rules`.
/// Run with `PLACEMENT_RECORD_GOLDEN=1` to rewrite the expected files (in the source tree) from the current output.
enum FormatGolden {
  /// The format fixtures folder in the source tree (where recording writes).
  static let sourceFolder = fixtures(of: "PlacementFormatTests")

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
    expectGolden(actual, at: sourceFolder.appendingPathComponent(name), sourceLocation: sourceLocation)
  }
}
