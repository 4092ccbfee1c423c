import PlacementCore

/// A profile value as the naive oracle reads it: already of the attribute's declared type, or nil (missing).
public enum OracleValue: Equatable {
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
public struct OraclePredicate {
  public let text: String
  public let attribute: String
  public let holds: (OracleValue?) -> Bool

  public init(text: String, attribute: String, holds: @escaping (OracleValue?) -> Bool) {
    self.text = text
    self.attribute = attribute
    self.holds = holds
  }
}

/// A generated condition (the oracle's own tree, rendered to the rules language).
public indirect enum OracleCondition {
  case predicate(OraclePredicate)
  case all([OracleCondition])
  case any([OracleCondition])
  case not(OracleCondition)
  case segment(Int)
  case rollout(percent: Int, salt: String)

  /// The rules text; groups are always parenthesized and never nest directly in a group of their own kind.
  public var text: String {
    switch self {
    case .predicate(let p): p.text
    case .all(let parts): parts.map(\.groupedText).joined(separator: " and ")
    case .any(let parts): parts.map(\.groupedText).joined(separator: " or ")
    case .not(let inner): "not (\(inner.text))"
    case .segment(let index): "s\(index)"
    case .rollout(let percent, let salt): "percent(\(percent)) salt \"\(salt)\""
    }
  }

  public var groupedText: String {
    switch self {
    case .all, .any: "(\(text))"
    default: text
    }
  }
}

/// A row's content in the oracle's model.
public enum OracleContent {
  case flow(String)
  case fallthrough_
  case holdout
  /// Variations as (id, weight, content); weights sum to 100.
  case test(name: String, version: String, variations: [OracleVariation])

  public var text: String {
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
public struct OracleVariation {
  public var id: String
  public var weight: Int
  public var content: OracleContent

  public init(id: String, weight: Int, content: OracleContent) {
    self.id = id
    self.weight = weight
    self.content = content
  }
}

/// The meaning a generated rule set gives negations (its `dialect`): two-valued with negations as exact
/// complements, or SQL's three-valued logic where a test of a missing value is unknown.
public enum OracleMeaning: String {
  case placement, adapty
}

/// A generated rule set: segments s0…, one flow placement `p` whose rows use some of them, then `default`.
public struct OracleRules {
  /// The rules' dialect; ``OracleMeaning/placement`` is written as no declaration.
  public var meaning = OracleMeaning.placement
  public var segments: [OracleCondition]
  public var rows: [(segment: Int?, content: OracleContent)]
  /// Schedules by row index: `from` (inclusive) and `until` (exclusive) in milliseconds since the epoch.
  public var windows: [Int: (from: Int64?, until: Int64?)] = [:]
  /// A layer over some of the tests: its salt and each layered test's share in layer buckets (0–9,999).
  public var layer: (salt: String, shares: [(test: String, buckets: Range<Int>)])? = nil

  public init(
    segments: [OracleCondition], rows: [(segment: Int?, content: OracleContent)],
    windows: [Int: (from: Int64?, until: Int64?)] = [:],
    layer: (salt: String, shares: [(test: String, buckets: Range<Int>)])? = nil
  ) {
    self.segments = segments
    self.rows = rows
    self.windows = windows
    self.layer = layer
  }

  public var text: String {
    var out = meaning == .placement ? "" : "dialect \(meaning.rawValue)\n"
    out += OracleGenerator.attributes
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
  public static func layerText(salt: String, shares: [(test: String, buckets: Range<Int>)]) -> String {
    func percent(_ buckets: Int) -> String { "\(buckets / 100).\(buckets % 100 < 10 ? "0" : "")\(buckets % 100)" }
    var out = "layer l version \"\(salt)\" {\n"
    for share in shares {
      out += "  \(share.test) \(percent(share.buckets.lowerBound))% to \(percent(share.buckets.upperBound))%\n"
    }
    return out + "}\n"
  }

  /// ` from "…" until "…"` of row `index`, or "".
  public func windowText(_ index: Int) -> String {
    guard let window = windows[index] else { return "" }
    let iso = { (ms: Int64) in Instant(millisecondsSince1970: ms).iso8601 }
    return (window.from.map { " from \"\(iso($0))\"" } ?? "") + (window.until.map { " until \"\(iso($0))\"" } ?? "")
  }
}

/// A generated profile: its JSON line and the values the oracle reads from it.
public struct OracleProfile {
  public var id: String?
  public var values: [String: OracleValue]
  public var json: String

  public init(id: String?, values: [String: OracleValue], json: String) {
    self.id = id
    self.values = values
    self.json = json
  }
}

/// SemVer 2.0.0 precedence, naively: `2` and `2.0` are `2.0.0`; pre-release identifiers compare numerically when
/// both are digits, else as text; a pre-release sorts before its release.
public enum OracleSemVer {
  public static func parse(_ text: String) -> (core: [Int], pre: [String])? {
    let parts = text.split(separator: "-", maxSplits: 1).map(String.init)
    var core = parts[0].split(separator: ".").compactMap { Int($0) }
    guard !core.isEmpty, core.count <= 3, !parts[0].hasPrefix("v") else { return nil }
    while core.count < 3 { core.append(0) }
    return (core, parts.count > 1 ? parts[1].split(separator: ".").map(String.init) : [])
  }

  /// -1, 0 or 1.
  public static func compare(_ a: (core: [Int], pre: [String]), _ b: (core: [Int], pre: [String])) -> Int {
    if a.core != b.core { return a.core.lexicographicallyPrecedes(b.core) ? -1 : 1 }
    if a.pre.isEmpty || b.pre.isEmpty { return a.pre.isEmpty == b.pre.isEmpty ? 0 : (a.pre.isEmpty ? 1 : -1) }
    for (x, y) in zip(a.pre, b.pre) where x != y {
      if let i = Int(x), let j = Int(y) { return i < j ? -1 : 1 }
      if Int(x) != nil { return -1 }
      if Int(y) != nil { return 1 }
      return x < y ? -1 : 1
    }
    return a.pre.count == b.pre.count ? 0 : (a.pre.count < b.pre.count ? -1 : 1)
  }
}

/// The generated patterns' meaning, over Unicode scalars (patterns match scalars, not characters).
public enum OraclePattern {
  case prefix(String), suffix(String), contains(String), empty

  public func matches(_ text: String) -> Bool {
    let scalars = Array(text.unicodeScalars)
    switch self {
    case .prefix(let p): return scalars.starts(with: p.unicodeScalars)
    case .suffix(let p): return scalars.reversed().starts(with: p.unicodeScalars.reversed())
    case .contains(let p):
      let needle = Array(p.unicodeScalars)
      return scalars.indices.contains { scalars[$0...].starts(with: needle) }
    case .empty: return scalars.isEmpty
    }
  }
}
