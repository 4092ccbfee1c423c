import TestSupport

@testable import PlacementCore

/// A generated rule set for the diff's property test, kept as a structure so that a change can be applied to it
/// (``DiffPairGenerator``): segments over custom attributes, `profile_id`, `customer_user_id` and rollouts;
/// two paywall placements with windows, inline and cross-placement tests (sticky or not, with windows), a layer
/// and QA overrides.
struct DiffRules {
  /// A window in milliseconds since the epoch, `from` inclusive, `until` exclusive.
  struct Window: Equatable {
    var from: Int64?
    var until: Int64?
  }

  struct Variation {
    var id: String
    var weight: Int
    /// The content per placement (one for an inline test): `paywall f1`, `holdout` or `fallthrough`.
    var content: [String]
  }

  struct Test {
    var name: String
    var version: String
    var sticky: Bool
    var window: Window?
    var variations: [Variation]
  }

  enum Content {
    /// `paywall f1` or `fallthrough`.
    case leaf(String)
    case inline(Test)
    /// A row of a cross-placement test, by index in ``DiffRules/crossTests``.
    case cross(Int)
  }

  struct Row {
    /// Index in ``DiffRules/segments``; nil for the default row.
    var segment: Int?
    var window: Window?
    var content: Content
  }

  struct Layer {
    var salt: String
    /// Test names and their share in layer buckets (0–10,000).
    var shares: [(test: String, buckets: Range<Int>)]
  }

  /// Segment names, renamed together with every reference.
  var names: [String]
  /// Conditions with references to other segments as `{k}`.
  var segments: [String]
  var crossTests: [Test]
  /// Rows per placement `p0`, `p1`; the last is the default.
  var placements: [[Row]]
  var layer: Layer?
  var overrides: [String]

  static let placementNames = ["p0", "p1"]

  /// Every test with its placements' indices (an inline test's own placement). A cross-placement test is sticky
  /// whether or not its text says so.
  var tests: [(test: Test, placements: [Int])] {
    var out: [(Test, [Int])] = crossTests.map { test in
      var sticky = test
      sticky.sticky = true
      return (sticky, Array(Self.placementNames.indices))
    }
    for (p, rows) in placements.enumerated() {
      for row in rows { if case .inline(let test) = row.content { out.append((test, [p])) } }
    }
    return out
  }

  var text: String {
    var out = OracleGenerator.attributes
    for (index, condition) in segments.enumerated() { out += "segment \(names[index]) = \(render(condition))\n" }
    for test in crossTests {
      out += "test \(test.name) version \"\(test.version)\"\(test.sticky ? " sticky" : "")\(Self.text(test.window)) {\n"
      for variation in test.variations {
        out += "  variation \(variation.id) \(variation.weight)% {\n"
        for (p, name) in Self.placementNames.enumerated() { out += "    \(name) -> \(variation.content[p])\n" }
        out += "  }\n"
      }
      out += "}\n"
    }
    for (p, rows) in placements.enumerated() {
      out += "placement \(Self.placementNames[p]): paywall {\n"
      for row in rows {
        let head = row.segment.map { names[$0] } ?? "default"
        out += "  \(head)\(Self.text(row.window)) -> \(text(row.content))\n"
      }
      out += "}\n"
    }
    if let layer { out += OracleRules.layerText(salt: layer.salt, shares: layer.shares) }
    for override in overrides { out += "override \(render(override))\n" }
    return out
  }

  /// A condition with `{k}` replaced by segment `k`'s name.
  func render(_ condition: String) -> String {
    var out = condition
    for (index, name) in names.enumerated().reversed() { out = out.replacingOccurrences(of: "{\(index)}", with: name) }
    return out
  }

  func text(_ content: Content) -> String {
    switch content {
    case .leaf(let leaf): return leaf
    case .cross(let index): return "test \(crossTests[index].name)"
    case .inline(let test):
      let variations = test.variations.map { "\($0.id): \($0.content[0]) \($0.weight)%" }.joined(separator: ", ")
      return
        "test \(test.name) version \"\(test.version)\"\(test.sticky ? " sticky" : "")\(Self.text(test.window)) { \(variations) }"
    }
  }

  static func text(_ window: Window?) -> String {
    guard let window else { return "" }
    let iso = { (ms: Int64) in Instant(millisecondsSince1970: ms).iso8601 }
    return (window.from.map { " from \"\(iso($0))\"" } ?? "") + (window.until.map { " until \"\(iso($0))\"" } ?? "")
  }

  /// Every window's edges: the instants where some row starts or stops being live.
  var edges: [Int64] {
    var out: [Int64] = []
    for window in placements.flatMap({ $0.map(\.window) }) + tests.map(\.test.window) {
      out += [window?.from, window?.until].compactMap { $0 }
    }
    return out
  }
}
