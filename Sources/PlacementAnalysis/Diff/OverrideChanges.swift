import PlacementCore

/// QA overrides added, removed or changed by a rules change (docs/ABTests.md, "QA overrides"). The symbolic diff
/// compares audience tables; an override decides before them (a placement's) or before the draw (a test's), so
/// a change to one is reported here: as an `overrides-changed` warning per override, and on each placement it
/// applies at (``PlacementDiff/overrides``). A rule set whose overrides changed is not equivalent.
enum OverrideChanges {
  /// An override as written, with its condition's whitespace collapsed: equal keys force the same thing for
  /// the same profiles when the segments the condition names are the same too (``segments(of:in:)``).
  static func key(_ override: OverrideDefinition) -> String {
    let forced = override.variation.map { "variation \($0)" } ?? override.content.map(\.sourceText) ?? ""
    return "\(override.target): \(forced) for \(AudienceTable.collapsingWhitespace(override.conditionText))"
  }

  /// The segments an override's condition names, directly or through other segments: name → condition as
  /// written, whitespace collapsed, then the digests of the id lists it tests (a list's ids are not in the text).
  static func segments(of override: OverrideDefinition, in model: CheckedRules) -> [String: String] {
    var named = Set<Int>()
    UnusedSegment.references(override.condition, into: &named)
    var seen = Set<Int>()
    var out: [String: String] = [:]
    while let index = named.popFirst() {
      guard seen.insert(index).inserted, model.segments.indices.contains(index) else { continue }
      let segment = model.segments[index]
      out[segment.name] =
        AudienceTable.collapsingWhitespace(segment.conditionText) + IdListChurn.digests(segment.condition)
      UnusedSegment.references(segment.condition, into: &named)
    }
    return out
  }

  /// Every override present on one side only (as written), the new side's first, then the overrides written
  /// alike on both sides whose named segments changed; each with its definition (the new one when it has one).
  static func changes(old: CheckedRules, new: CheckedRules) -> [(OverrideChange, OverrideDefinition)] {
    let before = Dictionary(old.overrides.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
    let after = Set(new.overrides.map(key))
    var added: [(OverrideChange, OverrideDefinition)] = []
    var changed: [(OverrideChange, OverrideDefinition)] = []
    var compared = Set<String>()
    for override in new.overrides {
      let written = key(override)
      guard let was = before[written] else {
        added.append((OverrideChange(.added, override, key: written), override))
        continue
      }
      guard compared.insert(written).inserted else { continue }
      let oldSegments = segments(of: was, in: old)
      let newSegments = segments(of: override, in: new)
      let names = Set(oldSegments.keys).union(newSegments.keys).filter { oldSegments[$0] != newSegments[$0] }
      if !names.isEmpty {
        changed.append((OverrideChange(.segmentChanged, override, key: written, segments: names.sorted()), override))
      }
    }
    let removed = old.overrides.filter { !after.contains(key($0)) }.map {
      (OverrideChange(.removed, $0, key: key($0)), $0)
    }
    return added + removed + changed
  }

  /// One `overrides-changed` finding per change.
  static func findings(_ changes: [(OverrideChange, OverrideDefinition)]) -> [TestFinding] {
    changes.map { change, _ in
      TestFinding(
        kind: .overridesChanged, severity: .warning, test: change.target,
        message: "\(change); the profiles it matches get another decision", reassignedFraction: nil,
        span: change.span, witness: nil)
    }
  }

  /// The changes that apply at a placement: an added or changed override where the new rules' placement has
  /// what it targets, a removed one where the old rules' has (``AudienceTable/applies(_:at:tests:)``).
  static func applying(
    _ changes: [(OverrideChange, OverrideDefinition)], old: PlacementDefinition, new: PlacementDefinition
  ) -> [OverrideChange] {
    let oldTests = AudienceTable.testNames(old)
    let newTests = AudienceTable.testNames(new)
    return changes.filter { change, override in
      change.kind == .removed
        ? AudienceTable.applies(override, at: old, tests: oldTests)
        : AudienceTable.applies(override, at: new, tests: newTests)
    }.map(\.0)
  }
}

extension OverrideChange {
  init(_ kind: Kind, _ definition: OverrideDefinition, key: String, segments: [String] = []) {
    self.init(kind: kind, target: definition.target, override: key, segments: segments, span: definition.span)
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
