import TestSupport
import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

/// `placement audiences` names each placement's dependencies (the decisions its conditions read) and dependants.
@Suite struct AudiencePrerequisiteTests {
  static let rules = """
    segment quiz = content(onboarding) == quiz_first
    segment drew_b = variation(intro) == b
    placement onboarding: flow {
      default -> flow quiz_first
    }
    placement intro_screen: paywall {
      default -> test intro { paywall a 50%, paywall b 50% }
    }
    placement upgrade: paywall {
      quiz -> paywall after_quiz
      drew_b -> paywall b_offer
      default -> paywall standard
    }
    """

  @Test func dependenciesAndDependantsAreListed() throws {
    let compiled = try #require(compileRules(Self.rules).ruleSet)
    let upgrade = try #require(AudienceTable("upgrade", in: compiled))
    #expect(upgrade.dependencies == ["onboarding", "intro_screen"])
    #expect(upgrade.dependants.isEmpty)
    let onboarding = try #require(AudienceTable("onboarding", in: compiled))
    #expect(onboarding.dependencies.isEmpty)
    #expect(onboarding.dependants == ["upgrade"])
    #expect(
      AudiencesText.table(upgrade).contains(
        "prerequisites: depends on the decisions of onboarding, intro_screen (decided first)"))
    var json = JSONWriter()
    onboarding.write(to: &json)
    #expect(json.string.contains(#""dependencies":[],"dependants":["upgrade"]"#))
  }

  @Test func tablesWithoutPrerequisitesSayNothing() throws {
    let compiled = try #require(compileRules("placement p: flow {\n  default -> flow a\n}").ruleSet)
    let table = try #require(AudienceTable("p", in: compiled))
    #expect(!AudiencesText.table(table).contains("prerequisites"))
  }
}
