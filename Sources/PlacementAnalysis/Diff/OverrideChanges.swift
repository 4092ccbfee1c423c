import PlacementCore

/// QA overrides added or removed by a rules change (docs/ABTests.md, "QA overrides"). The symbolic diff compares
/// audience tables; an override decides before them (a placement's) or before the draw (a test's), so a change
/// to one is reported here, as an `overrides-changed` warning per override, and a rule set whose overrides
/// changed is not equivalent.
enum OverrideChanges {
  /// An override as written, with its condition's whitespace collapsed: equal keys force the same thing for
  /// the same profiles.
  static func key(_ override: OverrideDefinition) -> String {
    let forced = override.variation.map { "variation \($0)" } ?? override.content.map(\.sourceText) ?? ""
    return "\(override.target): \(forced) for \(AudienceTable.collapsingWhitespace(override.conditionText))"
  }

  /// One finding per override present on one side only (as written), new side's first.
  static func findings(old: [OverrideDefinition], new: [OverrideDefinition]) -> [TestFinding] {
    let before = Set(old.map(key))
    let after = Set(new.map(key))
    let added = new.filter { !before.contains(key($0)) }.map { ($0, "added") }
    let removed = old.filter { !after.contains(key($0)) }.map { ($0, "removed") }
    return (added + removed).map { override, change in
      TestFinding(
        kind: .overridesChanged, severity: .warning, test: override.target,
        message: "override \(change): 'override \(key(override))'; the profiles it matches get another decision",
        reassignedFraction: nil, span: override.span, witness: nil)
    }
  }
}

extension Content {
  /// The content as the rules write it: `flow f with paywall p`, `paywall p`, `holdout`, `fallthrough`,
  /// `test t`.
  package var sourceText: String {
    switch self {
    case .flow(let id, let paywall): "flow \(id)" + (paywall.map { " with paywall \($0)" } ?? "")
    case .paywall(let id): "paywall \(id)"
    case .holdout: "holdout"
    case .fallthrough_: "fallthrough"
    case .test(let test): "test \(test.name)"
    }
  }
}
