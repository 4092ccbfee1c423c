import TestSupport
import Testing

@testable import PlacementCore

/// The reason `PREREQUISITE_FAILED` (a row above missed only on a prerequisite test), its rank among the skipped
/// rows' reasons, the batch writing the same bytes, and explain listing the prerequisites' decisions.
@Suite struct PrerequisiteReasonTests {
  static let rules = """
    attribute goal: choice(fitness, calm)
    attribute plan: choice(free, pro)
    segment fit = goal == fitness
    placement onboarding: flow {
      fit -> flow quiz_first
      default -> flow generic
    }
    segment quiz_takers = content(onboarding) == quiz_first and plan == free
    segment calm_users = goal == calm
    placement upgrade: paywall {
      quiz_takers -> paywall after_quiz
      calm_users from "2030-01-01T00:00:00Z" -> paywall calm_offer
      default -> paywall standard
    }
    segment not_quiz = content(onboarding) != quiz_first
    placement other: paywall {
      not_quiz -> paywall other_offer
      default -> paywall standard
    }
    """

  static func profile(goal: String?, plan: String?) -> String {
    let custom = [goal.map { #""goal": "\#($0)""# }, plan.map { #""plan": "\#($0)""# }].compactMap(\.self)
    return #"{"profile_id": "p1", "custom_attributes": {\#(custom.joined(separator: ", "))}}"#
  }

  static func reason(goal: String?, plan: String?, placement: String = "upgrade") throws -> DecisionReason {
    try decide(rules, profile(goal: goal, plan: plan), placement: placement).reason
  }

  @Test func aRowMissedOnlyOnAPrerequisiteGivesItsReason() throws {
    // No goal, free: `quiz_takers` would hold were `content(onboarding) == quiz_first` true.
    #expect(try Self.reason(goal: nil, plan: "free") == .prerequisiteFailed)
    // Pro: `quiz_takers` fails on `plan == free` too, so the prerequisite is not the reason.
    #expect(try Self.reason(goal: nil, plan: "pro") == .defaultRow)
    #expect(try Self.reason(goal: nil, plan: nil) == .defaultRow)
    #expect(try Self.reason(goal: "fitness", plan: "free") == .targetingMatch)
  }

  @Test func aScheduledOutRowRanksAboveAFailedPrerequisite() throws {
    // Calm and free: `quiz_takers` missed on its prerequisite, `calm_users` matched before its schedule.
    #expect(try Self.reason(goal: "calm", plan: "free") == .scheduledOut)
    #expect(try Self.reason(goal: "calm", plan: "pro") == .scheduledOut)
  }

  @Test func aNegatedPrerequisiteTakenAsHoldingIsFalse() throws {
    // `content(onboarding) != quiz_first` is `not (… == quiz_first)`: relaxed, it never holds.
    #expect(try Self.reason(goal: "fitness", plan: "free", placement: "other") == .defaultRow)
    #expect(try Self.reason(goal: nil, plan: nil, placement: "other") == .targetingMatch)
  }

  @Test func theBatchWritesTheSameBytesAsTheDecision() throws {
    let rules = try #require(compile(Self.rules).ruleSet)
    let encoder = DecisionEncoder(ruleSet: rules, placements: [0, 1, 2])
    var trail = ExposureTrail()
    var reasons: Set<DecisionReason> = []
    for goal in ["fitness", "calm", nil] {
      for plan in ["free", "pro", nil] {
        let line = Self.profile(goal: goal, plan: plan)
        let profile = rules.decidingPrerequisites(try rules.bind(jsonBytes: Array(line.utf8)), now: testNow)
        for (position, placement) in rules.placementNames.enumerated() {
          let decision = try rules.resolve(placement, for: profile, options: ResolveOptions(now: testNow))
          reasons.insert(decision.reason)
          var writer = JSONWriter()
          var memo = SegmentMemo(for: rules)
          trail.reset()
          let resolution = rules.resolution(position, for: profile, now: testNow, memo: &memo, observer: &trail)
          encoder.write(resolution, trail: trail, position: position, profile: profile, to: &writer)
          #expect(writer.string == decision.jsonString, "\(line) at \(placement)")
        }
      }
    }
    #expect(reasons.contains(.prerequisiteFailed))
  }

  @Test func explainListsEachPrerequisiteDecisionOnce() throws {
    let upgrade = try decide(Self.rules, Self.profile(goal: nil, plan: "free"), placement: "upgrade", explain: true)
    #expect(upgrade.prerequisites?.map(\.placement) == ["onboarding"])
    #expect(upgrade.prerequisites?.first?.content == .flow(id: "generic", paywall: nil))
    #expect(upgrade.prerequisites?.first?.audience.index == 1)
    #expect(
      upgrade.jsonString.contains(
        #""prerequisites":[{"placement":"onboarding","audience":{"index":1,"name":"default","segment":null},"#
          + #""content":{"type":"flow","id":"generic","paywall":null},"ab_test":null,"reason":"DEFAULT"}]"#))
    let onboarding = try decide(Self.rules, Self.profile(goal: nil, plan: nil), placement: "onboarding", explain: true)
    #expect(onboarding.prerequisites == nil)
    #expect(!onboarding.jsonString.contains("prerequisites"))
    let unexplained = try decide(Self.rules, Self.profile(goal: nil, plan: "free"), placement: "upgrade")
    #expect(unexplained.prerequisites == nil)
  }
}
