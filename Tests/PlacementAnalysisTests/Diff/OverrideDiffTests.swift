import TestSupport
import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

/// `placement diff` and QA overrides: the audience tables can be equivalent while an override changes what its
/// profiles get, so an added or removed override is a finding and the rule sets are not equivalent.
@Suite struct OverrideDiffTests {
  static let rules = """
    placement home: paywall {
      default -> test copy version "copy-1" { a: paywall a 50%, b: paywall b 50% }
    }

    """

  static func diff(_ old: String, _ new: String) throws -> DiffReport {
    try RulesDiff.compare(
      old: Compilation.compile([RuleSource(name: "old.rules", text: old)]),
      new: Compilation.compile([RuleSource(name: "new.rules", text: new)]))
  }

  @Test func anAddedOverrideIsAFindingAndBreaksEquivalence() throws {
    let report = try Self.diff(
      Self.rules, Self.rules + "override home: paywall qa for profile_id == \"qa-1\"\n")
    // The audience table is the same, but the placement's own line says that its overrides changed.
    #expect(report.placements.map(\.status) == [.overridesChanged])
    #expect(
      report.placements[0].overrides.map { "\($0.kind) \($0.target): \($0.override)" } == [
        #"added home: home: paywall qa for profile_id == "qa-1""#
      ])
    #expect(!report.isEquivalent)
    let finding = try #require(report.tests.first { $0.kind == .overridesChanged })
    #expect(finding.severity == .warning)
    #expect(
      finding.message
        == #"override added: 'override home: paywall qa for profile_id == "qa-1"'; the profiles it matches get another decision"#
    )
    #expect(finding.span.map { "\($0.file.name):\($0.file.location(of: $0.range.start))" } == "new.rules:4:10")
  }

  @Test func aReformattedOverrideIsTheSameOverride() throws {
    let report = try Self.diff(
      Self.rules + "override copy: variation b for profile_id in [\"qa-1\"]\n",
      Self.rules + "override   copy :variation b for profile_id   in [\"qa-1\"]\n")
    #expect(report.isEquivalent)
    #expect(report.tests.isEmpty)
    #expect(report.placements.map(\.status) == [.equivalent])
    #expect(report.placements[0].overrides.isEmpty)
  }

  @Test func aRemovedOverrideIsReportedAtItsOldPlace() throws {
    let report = try Self.diff(Self.rules + "override copy: variation b for profile_id == \"qa-1\"\n", Self.rules)
    #expect(
      report.tests.map(\.message) == [
        #"override removed: 'override copy: variation b for profile_id == "qa-1"'; the profiles it matches get another decision"#
      ])
  }

  /// A cross-placement test held by `home` and `promo` (not `settings`), with one placement of its own override.
  static let crossPlacement = """
    segment adults = age >= 18
    test offer version "offer-1" {
      variation control 50% {
        home  -> paywall standard
        promo -> paywall standard
      }
      variation trial 50% {
        home  -> paywall trial
        promo -> paywall trial
      }
    }
    placement home: paywall {
      adults  -> test offer
      default -> paywall standard
    }
    placement promo: paywall {
      adults  -> test offer
      default -> paywall PROMO
    }
    placement settings: paywall {
      default -> paywall standard
    }

    """

  @Test func aRewrittenVariationOverrideLabelsEveryPlacementThatHoldsTheTest() throws {
    let base = Self.crossPlacement.replacingOccurrences(of: "PROMO", with: "standard")
    let report = try Self.diff(
      base + "override offer: variation trial for profile_id == \"qa-1\"\n",
      base + "override offer: variation trial for profile_id in [\"qa-1\", \"qa-2\"]\n")
    #expect(report.placements.map(\.name) == ["home", "promo", "settings"])
    #expect(report.placements.map(\.status) == [.overridesChanged, .overridesChanged, .equivalent])
    // A rewritten override is the new one added and the old one removed, each at its own place.
    let home = report.placements[0].overrides
    #expect(home.map(\.kind) == [.added, .removed])
    #expect(
      home.map(\.override) == [
        #"offer: variation trial for profile_id in ["qa-1", "qa-2"]"#,
        #"offer: variation trial for profile_id == "qa-1""#,
      ])
    #expect(home.map { "\($0.span.file.name):\($0.span.location.line)" } == ["new.rules:23", "old.rules:23"])
    #expect(report.placements[1].overrides.map(\.override) == home.map(\.override))
    #expect(!report.isEquivalent)
    #expect(report.tests.filter { $0.kind == .overridesChanged }.count == 2)
  }

  @Test func aPlacementWhoseTableAndOverrideChangedIsChangedAndNamesTheOverride() throws {
    let report = try Self.diff(
      Self.crossPlacement.replacingOccurrences(of: "PROMO", with: "standard")
        + "override promo: paywall qa for profile_id == \"qa-1\"\n",
      Self.crossPlacement.replacingOccurrences(of: "PROMO", with: "other")
        + "override promo: paywall qa_2 for profile_id == \"qa-1\"\n")
    #expect(report.placements.map(\.status) == [.equivalent, .changed, .equivalent])
    let promo = report.placements[1]
    #expect(promo.transitions.map { "\($0.old) → \($0.new)" } == ["paywall standard → paywall other"])
    #expect(
      promo.overrides.map { "\($0.kind.rawValue) \($0.override)" } == [
        #"added promo: paywall qa_2 for profile_id == "qa-1""#, #"removed promo: paywall qa for profile_id == "qa-1""#,
      ])
  }

  @Test func anInlineTestsOverrideLabelsItsPlacementOnly() throws {
    let report = try Self.diff(
      Self.rules + "placement other: paywall {\n  default -> paywall x\n}\n",
      Self.rules + "placement other: paywall {\n  default -> paywall x\n}\n"
        + "override copy: variation a for profile_id == \"qa-1\"\n")
    #expect(report.placements.map(\.status) == [.overridesChanged, .equivalent])
    #expect(report.placements[0].overrides.map(\.target) == ["copy"])
  }

  @Test func anOverrideWrittenAlikeWhoseSegmentChangedIsAChangeAtEveryPlacementOfItsTest() throws {
    let base = Self.crossPlacement.replacingOccurrences(of: "PROMO", with: "standard")
    let report = try Self.diff(
      base + "segment qa = testers\nsegment testers = profile_id == \"qa-1\"\noverride offer: variation trial for qa\n",
      base + "segment qa = testers\nsegment testers = profile_id in [\"qa-1\", \"qa-2\"]\n"
        + "override offer: variation trial for qa\n")
    #expect(report.placements.map(\.status) == [.overridesChanged, .overridesChanged, .equivalent])
    let change = try #require(report.placements[0].overrides.first)
    #expect(change.kind == .segmentChanged)
    #expect(change.segments == ["testers"])
    #expect(
      change.description == "override changed: 'override offer: variation trial for qa' (segment 'testers' changed)")
    #expect(report.placements[0].overrides.count == 1)
    #expect(
      report.tests.map(\.message) == [
        "override changed: 'override offer: variation trial for qa' (segment 'testers' changed); the profiles it matches get another decision"
      ])
    #expect(!report.isEquivalent)
  }
}
