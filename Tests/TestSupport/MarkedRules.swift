import PlacementCore
import Testing

/// Rules text with position markers `1️⃣`…`9️⃣` (swift-format's `MarkedText`): the markers are removed and
/// their places remembered, so a test says where a finding must land by writing the marker there.
public struct MarkedRules {
  public let text: String
  /// `line:column` of each marker, in marker order (1️⃣ first).
  public let positions: [String]

  public static let markers = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]

  public init(_ marked: String) {
    let clean = MarkedText(marked, markers: Self.markers)
    text = clean.text
    var offsets: [Int: Int] = [:]
    for (marker, offset) in clean.markers { offsets[Self.markers.firstIndex(of: marker)!] = offset }
    let file = SourceFile(name: "test.rules", text: text)
    positions = offsets.keys.sorted().map { "\(file.location(of: offsets[$0]!))" }
  }
}

/// Compiles marked rules (one file `test.rules`) and returns the diagnostics with `code`, checking that they
/// start exactly at the markers, in order (swift-syntax's `assertParse` with `DiagnosticSpec(locationMarker:)`).
/// - Returns: those diagnostics, for checks on their messages, notes and fix-its.
@discardableResult
public func expectDiagnostics(
  _ marked: String, _ codes: [DiagnosticCode], sourceLocation: SourceLocation = #_sourceLocation
) -> [Diagnostic] {
  let rules = MarkedRules(marked)
  let found = compile(rules.text).diagnostics.filter { codes.contains($0.code) }
  #expect(positions(found) == rules.positions, sourceLocation: sourceLocation)
  return found
}

/// ``expectDiagnostics(_:_:sourceLocation:)`` for one code.
@discardableResult
public func expectDiagnostics(
  _ marked: String, _ code: DiagnosticCode, sourceLocation: SourceLocation = #_sourceLocation
) -> [Diagnostic] {
  expectDiagnostics(marked, [code], sourceLocation: sourceLocation)
}
