import TestSupport
import Testing

@testable import PlacementCore

/// `content(<placement>)`, `row(<placement>)` and `variation(<test>)`: checking, the dependency graph, and
/// resolution for the same profile at the same `now`.
@Suite struct PrerequisiteTests {
  static let rules = """
    attribute goal: choice(fitness, calm)
    segment fit = goal == fitness
    segment calm = goal == calm
    placement onboarding: flow {
      fit -> flow quiz_first
      calm -> test calm_intro { flow calm_a 50%, flow calm_b 50% }
      default -> flow generic
    }
    segment quiz_takers = content(onboarding) == quiz_first
    segment intro_b = variation(calm_intro) == calm_b
    segment targeted = row(onboarding) != default
    placement upgrade: paywall {
      quiz_takers -> paywall after_quiz
      intro_b -> paywall calm_b_offer
      targeted -> paywall targeted
      default -> paywall standard
    }
    """

  static func decide(_ goal: String?, id: String = "p1", placement: String = "upgrade") throws -> Decision {
    let custom = goal.map { #""custom_attributes": {"goal": "\#($0)"}, "# } ?? ""
    return try TestSupport.decide(rules, #"{\#(custom)"profile_id": "\#(id)"}"#, placement: placement)
  }

  @Test func aDependantReadsTheDecisionOfItsPrerequisite() throws {
    #expect(try Self.decide("fitness").content == .paywall(id: "after_quiz"))
    #expect(try Self.decide(nil).content == .paywall(id: "standard"))
  }

  @Test func variationIsTheTestsDrawForTheSameProfile() throws {
    var seen: Set<String> = []
    for index in 0..<40 {
      let id = "calm-\(index)"
      let onboarding = try Self.decide("calm", id: id, placement: "onboarding")
      let upgrade = try Self.decide("calm", id: id)
      let drew = onboarding.abTest?.variation
      #expect(upgrade.content == (drew == "calm_b" ? .paywall(id: "calm_b_offer") : .paywall(id: "targeted")))
      seen.insert(drew ?? "none")
    }
    #expect(seen == ["calm_a", "calm_b"])
  }

  @Test func resolveAllAndTheBatchAgreeWithSingleResolves() throws {
    let ruleSet = try #require(compile(Self.rules).ruleSet)
    for goal in ["fitness", "calm", "none"] {
      let profile = try readProfile(#"{"profile_id": "x-\#(goal)", "custom_attributes": {"goal": "\#(goal)"}}"#)
      let all = ruleSet.resolveAll(for: profile, options: ResolveOptions(now: testNow))
      let single = try ruleSet.placementNames.map {
        try ruleSet.resolve($0, for: profile, options: ResolveOptions(now: testNow))
      }
      #expect(all == single)
    }
  }

  @Test func unknownNamesAreLocatedWithASuggestion() {
    let text = segmentRules(
      "placement onboarding: flow {\n  default -> flow a\n}", "content(onbording) == a or variation(nope) is set")
    let found = compile(text).diagnostics.filter { $0.severity == .error }
    #expect(found.map(\.code.id) == ["unknown-placement", "unknown-test"])
    #expect(found.first?.notes.map(\.message) == ["did you mean 'onboarding'?"])
    #expect(positions(found) == ["4:21", "4:50"])
  }

  @Test func aPrerequisiteIsAChoiceOverItsIds() {
    let base = "placement onboarding: flow {\n  default -> flow a\n}"
    #expect(compileErrors(base, "content(onboarding) == b").map(\.code.id) == ["unknown-option"])
    #expect(compileErrors(base, "content(onboarding) > a").map(\.code.id) == ["unsupported-operator"])
    #expect(compileErrors(base, "content(onboarding) in [a] and row(onboarding) == default").isEmpty)
    #expect(compileErrors(base, "content(onboarding) is not set").isEmpty)
  }

  @Test func aCycleIsRefusedWithEveryEdge() {
    let text = """
      segment a_seen = content(b) == y
      segment b_seen = row(a) == a_seen
      placement a: paywall {
        a_seen -> paywall x
        default -> paywall z
      }
      placement b: paywall {
        b_seen -> paywall y
        default -> paywall w
      }
      """
    let found = compile(text).diagnostics.filter { $0.severity == .error }
    #expect(found.map(\.code.id) == ["prerequisite-cycle"])
    #expect(found.first?.message == "placements depend on each other's decisions in a cycle: a -> b -> a")
    #expect(positions(found) == ["1:18"])
    #expect(
      found.first?.notes.map { "\($0.message) \($0.span.map { "\($0.location)" } ?? "")" } == [
        "'a' reads content(b) here 1:18", "'b' reads row(a) here 2:18",
        "a placement's rows cannot read its own decision, directly or through other placements and tests ",
      ])
  }

  @Test func aPlacementCannotReadItself() {
    let text = """
      segment again = content(a) == x
      placement a: paywall {
        again -> paywall x
        default -> paywall z
      }
      """
    #expect(compile(text).diagnostics.filter { $0.severity == .error }.map(\.code.id) == ["prerequisite-cycle"])
  }

  @Test func contentAtTheStartOfALineIsASubject() throws {
    let text = """
      placement a: paywall {
        default -> paywall x
      }
      segment s = profile_id is set
        and
        content(a) == x
      placement b: paywall {
        s -> paywall yes
        default -> paywall no
      }
      """
    #expect(try TestSupport.decide(text, #"{"profile_id": "1"}"#, placement: "b").content == .paywall(id: "yes"))
  }

  /// A cross-placement test that keeps a profile out (it holds another test's live assignment) drew no variation
  /// for it: `variation(t)` is missing, and resolving every placement does not trap.
  @Test func aProfileKeptOutOfATestHasNoVariation() throws {
    let text = """
      segment everyone = profile_id is set
      segment saw_a = variation(spring) == a
      test spring version "spring" {
        variation a 50% {
          main -> paywall spring_a
        }
        variation b 50% {
          main -> paywall spring_b
        }
      }
      test autumn version "autumn" {
        variation c 50% {
          main -> paywall autumn_c
        }
        variation d 50% {
          main -> paywall autumn_d
        }
      }
      placement main: paywall {
        everyone -> test spring
        everyone -> test autumn
        default -> paywall standard
      }
      placement other: paywall {
        saw_a -> paywall follow_a
        default -> paywall standard
      }
      """
    let profile = #"""
      {"profile_id": "x7", "assignments": {"autumn": {"variation": "c", "at": "2026-11-15T00:00:00Z"}}}
      """#
    let ruleSet = try #require(compile(text).ruleSet)
    let all = ruleSet.resolveAll(for: try readProfile(profile), options: ResolveOptions(now: testNow))
    #expect(all.map(\.content) == [.paywall(id: "autumn_c"), .paywall(id: "standard")])
    #expect(try TestSupport.decide(text, profile, placement: "other").content == .paywall(id: "standard"))
  }
}
