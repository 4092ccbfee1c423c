import PlacementCore
import Testing

/// Compiles one rules text.
public func compileRules(_ text: String, name: String = "ab.rules") -> Compilation {
  Compilation.compile([RuleSource(name: name, text: text)])
}

/// Compiles rules that must compile; records an issue listing the diagnostics otherwise.
public func ruleSet(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> RuleSet? {
  let compilation = compileRules(text)
  if compilation.ruleSet == nil {
    Issue.record("rules do not compile: \(compilation.diagnostics.map(\.message))", sourceLocation: sourceLocation)
  }
  return compilation.ruleSet
}

/// The error diagnostics of a rules text.
public func errors(_ text: String) -> [Diagnostic] {
  compileRules(text).diagnostics.filter { $0.severity == .error }
}

public let pinnedNow = Instant(millisecondsSince1970: 1_795_996_800_000)  // 2026-12-01T00:00:00Z

extension RuleSet {
  /// Resolves a placement for a profile built from an id and built-in attribute values.
  public func decide(
    _ placement: String, id: String?, builtins: [String: JSONValue] = [:], custom: [String: JSONValue] = [:],
    explain: Bool = false
  ) -> Decision {
    let profile = bind(Profile(profileID: id, builtins: builtins, customAttributes: custom))
    return try! resolve(placement, for: profile, options: ResolveOptions(now: pinnedNow, explain: explain))
  }

  /// The variation drawn at a placement, or nil when the deciding row is not a test.
  public func variation(_ placement: String, id: String) -> String? {
    decide(placement, id: id).abTest?.variation
  }
}

/// A profile id whose A/B bucket in `version` is `bucket` (searched over `user-0`, `user-1`, …).
public func profileID(withBucket bucket: Int, in version: String) -> String {
  var index = 0
  while Bucketing.bucket(versionID: version, profileID: "user-\(index)") != bucket { index += 1 }
  return "user-\(index)"
}

/// Shares in percent of each key among `counts`.
public func shares(_ counts: [String: Int]) -> [String: Double] {
  let total = Double(counts.values.reduce(0, +))
  return counts.mapValues { Double($0) * 100 / total }
}
