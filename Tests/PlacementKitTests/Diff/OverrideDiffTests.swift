import Testing

@testable import PlacementCore
@testable import PlacementKit

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
    #expect(report.placements.map(\.status) == [.equivalent])
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
  }

  @Test func aRemovedOverrideIsReportedAtItsOldPlace() throws {
    let report = try Self.diff(Self.rules + "override copy: variation b for profile_id == \"qa-1\"\n", Self.rules)
    #expect(report.tests.map(\.message) == [
      #"override removed: 'override copy: variation b for profile_id == "qa-1"'; the profiles it matches get another decision"#
    ])
  }
}
