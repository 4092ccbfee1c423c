import Foundation
import TestSupport
import Testing

/// This target's fixtures in the source tree (`Tests/PlacementCoreTests/Fixtures`).
let fixturesFolder = fixtures(of: "PlacementCoreTests")

/// Golden files of this target: `path` is relative to ``fixturesFolder`` (see
/// ``expectGolden(_:at:sourceLocation:)``).
enum Golden {
  static func check(_ actual: String, against path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    expectGolden(actual, at: fixturesFolder.appendingPathComponent(path), sourceLocation: sourceLocation)
  }
}
