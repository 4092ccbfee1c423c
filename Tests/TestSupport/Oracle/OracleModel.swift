@testable import PlacementCore
@testable import PlacementKit

/// A profile value as the naive oracle reads it: already of the attribute's declared type, or nil (missing).
enum OracleValue: Equatable {
  case string(String)
  case number(Double)
  case bool(Bool)
  /// `major.minor.patch` and pre-release identifiers, parsed by the oracle's own SemVer reading.
  case version([Int], [String])
  case choice(String)
  case choices([String])
  /// Unix milliseconds.
  case date(Int64)
}

/// A generated predicate: its text as the rules spell it, the attribute it reads, and its meaning, written
/// from docs/Product.md §4 and docs/Semantics.md without looking at the engine.
struct OraclePredicate {
  let text: String
  let attribute: String
  let holds: (OracleValue?) -> Bool
}

/// A generated condition (the oracle's own tree, rendered to the rules language).
indirect enum OracleCondition {
  case predicate(OraclePredicate)
  case all([OracleCondition])
  case any([OracleCondition])
  case not(OracleCondition)
  case segment(Int)
  case rollout(percent: Int, salt: String)

  /// The rules text; groups are always parenthesized and never nest directly in a group of their own kind.
  var text: String {
    switch self {
    case .predicate(let p): p.text
    case .all(let parts): parts.map(\.groupedText).joined(separator: " and ")
    case .any(let parts): parts.map(\.groupedText).joined(separator: " or ")
    case .not(let inner): "not (\(inner.text))"
    case .segment(let index): "s\(index)"
    case .rollout(let percent, let salt): "percent(\(percent)) salt \"\(salt)\""
    }
  }

  var groupedText: String {
    switch self {
    case .all, .any: "(\(text))"
    default: text
    }
  }
}

/// A row's content in the oracle's model.
enum OracleContent {
  case flow(String)
  case fallthrough_
  case holdout
  /// Variations as (id, weight, content); weights sum to 100.
  case test(name: String, version: String, variations: [OracleVariation])

  var text: String {
    switch self {
    case .flow(let id): "flow \(id)"
    case .fallthrough_: "fallthrough"
    case .holdout: "holdout"
    case .test(let name, let version, let variations):
      "test \(name) version \"\(version)\" { "
        + variations.map { "\($0.id): \($0.content.text) \($0.weight)%" }.joined(separator: ", ") + " }"
    }
  }
}

/// One variation of a generated test.
struct OracleVariation {
  var id: String
  var weight: Int
  var content: OracleContent
}

/// A generated rule set: segments s0…, one flow placement `p` whose rows use some of them, then `default`.
struct OracleRules {
  var segments: [OracleCondition]
  var rows: [(segment: Int?, content: OracleContent)]
  /// Schedules by row index: `from` (inclusive) and `until` (exclusive) in milliseconds since the epoch.
  var windows: [Int: (from: Int64?, until: Int64?)] = [:]
  /// A layer over some of the tests: its salt and each layered test's share in layer buckets (0–9,999).
  var layer: (salt: String, shares: [(test: String, buckets: Range<Int>)])? = nil

  var text: String {
    var out = OracleGenerator.attributes
    for (index, condition) in segments.enumerated() { out += "segment s\(index) = \(condition.text)\n" }
    out += "placement p: flow {\n"
    for (index, row) in rows.enumerated() {
      out += "  \(row.segment.map { "s\($0)" } ?? "default")\(windowText(index)) -> \(row.content.text)\n"
    }
    out += "}\n"
    if let layer { out += Self.layerText(salt: layer.salt, shares: layer.shares) }
    return out
  }

  /// `layer l version "<salt>" { … }` with each share's bounds in percent with two decimals.
  static func layerText(salt: String, shares: [(test: String, buckets: Range<Int>)]) -> String {
    func percent(_ buckets: Int) -> String { "\(buckets / 100).\(buckets % 100 < 10 ? "0" : "")\(buckets % 100)" }
    var out = "layer l version \"\(salt)\" {\n"
    for share in shares {
      out += "  \(share.test) \(percent(share.buckets.lowerBound))% to \(percent(share.buckets.upperBound))%\n"
    }
    return out + "}\n"
  }

  /// ` from "…" until "…"` of row `index`, or "".
  func windowText(_ index: Int) -> String {
    guard let window = windows[index] else { return "" }
    let iso = { (ms: Int64) in Instant(millisecondsSince1970: ms).iso8601 }
    return (window.from.map { " from \"\(iso($0))\"" } ?? "") + (window.until.map { " until \"\(iso($0))\"" } ?? "")
  }
}

/// A generated profile: its JSON line and the values the oracle reads from it.
struct OracleProfile {
  var id: String?
  var values: [String: OracleValue]
  var json: String
}
