import TestSupport
import Testing

/// Golden files of this target: `path` is relative to `Tests/PlacementKitTests` (see ``expectGolden(_:at:sourceLocation:)``).
enum Golden {
  static func check(_ actual: String, against path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    expectGolden(
      actual, at: testTargetFolder("PlacementKitTests").appendingPathComponent(path), sourceLocation: sourceLocation)
  }
}
