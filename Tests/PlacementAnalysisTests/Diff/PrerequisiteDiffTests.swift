import TestSupport
import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

/// `placement diff` follows prerequisites: a placement whose table is unchanged but which reads a changed
/// placement's decision is not reported equivalent.
@Suite struct PrerequisiteDiffTests {
  static func rules(_ pros: String) -> String {
    """
    attribute experience: choice(pro, amateur)
    segment pros = \(pros)
    placement onboarding: flow {
      pros -> flow pro_flow
      default -> flow generic
    }
    segment pro_onboarded = row(onboarding) == pros
    placement upgrade: paywall {
      pro_onboarded -> paywall pro_annual
      default -> paywall standard
    }
    """
  }

  @Test func aChangedPrerequisiteReachesItsDependants() throws {
    let report = try diffOf(Self.rules("experience == pro"), Self.rules("experience == pro and country == \"US\""))
    let byName = Dictionary(report.placements.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    #expect(byName["onboarding"]?.status == .changed)
    #expect(byName["upgrade"]?.status == .unknown)
    #expect(
      byName["upgrade"]?.undecided.last
        == "its conditions read the decision of onboarding, which is not equivalent: profiles whose prerequisite "
        + "changes may move")
  }

  @Test func anUnchangedPrerequisiteKeepsItsDependantsEquivalent() throws {
    let report = try diffOf(Self.rules("experience == pro"), Self.rules("experience == pro"))
    #expect(report.placements.allSatisfy { $0.status == .equivalent })
  }
}
