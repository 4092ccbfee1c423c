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

  @Test func aChangedPrerequisiteMovesItsDependantWithAWitness() throws {
    let report = try diffOf(Self.rules("experience == pro"), Self.rules("experience == pro and country == \"US\""))
    let byName = Dictionary(report.placements.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    #expect(byName["onboarding"]?.status == .changed)
    let upgrade = try #require(byName["upgrade"])
    #expect(upgrade.status == .changed)
    // The witnesses found are not all the changes there may be.
    #expect(
      upgrade.undecided == [
        "its conditions read the decision of onboarding, which is not equivalent: profiles whose prerequisite "
          + "changes may move"
      ])
    let transition = try #require(upgrade.transitions.first)
    #expect(upgrade.transitions.count == 1)
    #expect(transition.old.description == "paywall pro_annual")
    #expect(transition.new.description == "paywall standard")
    #expect(transition.oldRow.name == "pro_onboarded")
    #expect(transition.newRow.name == "default")
    #expect(
      transition.causes.map(\.description) == ["row 'pro_onboarded' reads the decision of 'onboarding', which changed"])
    #expect(transition.causes.map(\.kind) == [.prerequisiteChanged])
    // The witness is a real one: it is a pro outside the US.
    let witness = try JSONReader.parse(transition.witness)
    guard case .object(let members) = witness, case .object(let custom)? = members["custom_attributes"] else {
      Issue.record("witness \(transition.witness) has no custom attributes")
      return
    }
    #expect(custom["experience"] == .string("pro"))
    #expect(members["country"] != .string("US"))
  }

  @Test func aChangeThePrerequisiteReadDoesNotSeeLeavesTheDependantUnknown() throws {
    func rules(_ amateurFlow: String) -> String {
      """
      attribute experience: choice(pro, amateur)
      segment pros = experience == pro
      segment amateurs = experience == amateur
      placement onboarding: flow {
        pros -> flow pro_flow
        amateurs -> flow \(amateurFlow)
        default -> flow generic
      }
      segment pro_onboarded = row(onboarding) == pros
      placement upgrade: paywall {
        pro_onboarded -> paywall pro_annual
        default -> paywall standard
      }
      """
    }
    let report = try diffOf(rules("amateur_a"), rules("amateur_b"))
    let byName = Dictionary(report.placements.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    #expect(byName["onboarding"]?.status == .changed)
    #expect(byName["upgrade"]?.status == .unknown)
    #expect(
      byName["upgrade"]?.undecided.last
        == "its conditions read the decision of onboarding, which is not equivalent: profiles whose prerequisite "
        + "changes may move")
  }

  @Test func aChainOfPrerequisitesCarriesTheWitness() throws {
    func rules(_ pros: String) -> String {
      Self.rules(pros) + """

        segment upgraded_pro = content(upgrade) == pro_annual
        placement settings: flow {
          upgraded_pro -> flow pro_settings
          default -> flow settings
        }
        """
    }
    let report = try diffOf(rules("experience == pro"), rules("experience == pro and country == \"US\""))
    let settings = try #require(report.placements.first { $0.name == "settings" })
    #expect(settings.status == .changed)
    #expect(settings.transitions.map { "\($0.old) → \($0.new)" } == ["flow pro_settings → flow settings"])
    #expect(
      settings.transitions.first?.causes.map(\.description)
        == ["row 'upgraded_pro' reads the decision of 'onboarding', 'upgrade', which changed"])
  }

  @Test func anUnchangedPrerequisiteKeepsItsDependantsEquivalent() throws {
    let report = try diffOf(Self.rules("experience == pro"), Self.rules("experience == pro"))
    #expect(report.placements.allSatisfy { $0.status == .equivalent })
  }

  @Test func aRowReadOfAPlacementDecidedByOtherRowsIsNotEquivalent() throws {
    // The new sleep row shows what the default row showed: the onboarding's decisions are the same, but
    // sleepers' deciding row is no longer `default`.
    func rules(_ sleepRow: String) -> String {
      """
      attribute goal: choice(calm, sleep)
      segment calm_goal = goal == calm
      segment sleep_goal = goal == sleep
      placement onboarding: flow {
        calm_goal -> flow calm_flow
        \(sleepRow)
        default -> flow generic
      }
      segment targeted = row(onboarding) != default
      placement upgrade: paywall {
        targeted -> paywall targeted
        default -> paywall standard
      }
      segment generic_onboarded = content(onboarding) == generic
      placement settings: flow {
        generic_onboarded -> flow generic_settings
        default -> flow settings
      }
      """
    }
    let report = try diffOf(rules(""), rules("sleep_goal -> flow generic"))
    let byName = Dictionary(report.placements.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    #expect(byName["onboarding"]?.status == .equivalent)
    #expect(byName["settings"]?.status == .equivalent)
    #expect(byName["upgrade"]?.status == .unknown)
    #expect(
      byName["upgrade"]?.undecided
        == [
          "its conditions read the deciding row of onboarding, whose rows changed: profiles decided by another row "
            + "with the same content may move"
        ])
    #expect(!report.isEquivalent)
  }

  @Test func aDependantWhoseOverridesChangedStillFollowsItsPrerequisites() throws {
    let qa = "\noverride upgrade: paywall standard for profile_id == \"qa-1\"\n"
    let report = try diffOf(Self.rules("experience == pro"), Self.rules("experience == pro and country == \"US\"") + qa)
    let upgrade = try #require(report.placements.first { $0.name == "upgrade" })
    #expect(upgrade.status == .changed)
    #expect(upgrade.overrides.count == 1)
    #expect(upgrade.transitions.map { "\($0.old) → \($0.new)" } == ["paywall pro_annual → paywall standard"])
    #expect(upgrade.transitions.first?.causes.map(\.kind) == [.prerequisiteChanged])
  }

  @Test func aDependantMovedByOneWitnessStillFailsTheChecksItCouldHide() throws {
    // A calm US profile moves ud → ua, which no witness of the onboarding's changes shows (none is in the US).
    func rules(_ quizGoal: String) -> String {
      """
      attribute goal: choice(fitness, calm)
      segment fit = goal == fitness
      segment calm = goal == calm
      segment quiz_us = content(onboarding) == quiz and country == "US"
      segment quiz = content(onboarding) == quiz
      placement onboarding: flow {
        \(quizGoal) -> flow quiz
        default -> flow generic
      }
      placement upgrade: paywall {
        quiz_us -> paywall ua
        quiz -> paywall ub
        default -> paywall ud
      }
      """
    }
    let report = try diffOf(rules("fit"), rules("calm"))
    let upgrade = try #require(report.placements.first { $0.name == "upgrade" })
    #expect(upgrade.status == .changed)
    #expect(
      upgrade.transitions.map { "\($0.old) → \($0.new)" } == ["paywall ub → paywall ud", "paywall ud → paywall ub"])
    #expect(upgrade.undecided.count == 1)
  }

  @Test func aDependantWhoseOwnTableChangedAlsoFollowsItsPrerequisites() throws {
    // The new `us` row is the upgrade's own change; the onboarding's change moves calm profiles ud → ua and
    // fitness profiles ua → ud, which the table's own comparison cannot see. Fitness US profiles move ua → uc,
    // which no witness shows: the undecided entry covers it.
    func rules(_ quizGoal: String, _ usRow: String) -> String {
      """
      attribute goal: choice(fitness, calm)
      segment fit = goal == fitness
      segment calm = goal == calm
      segment us = country == "US"
      segment quiz = content(onboarding) == quiz
      placement onboarding: flow {
        \(quizGoal) -> flow quiz
        default -> flow generic
      }
      placement upgrade: paywall {
        quiz -> paywall ua
        \(usRow)
        default -> paywall ud
      }
      """
    }
    let report = try diffOf(rules("fit", ""), rules("calm", "us -> paywall uc"))
    let upgrade = try #require(report.placements.first { $0.name == "upgrade" })
    #expect(upgrade.status == .changed)
    #expect(
      upgrade.transitions.map { "\($0.old) → \($0.new)" } == [
        "paywall ua → paywall ud", "paywall ud → paywall ua", "paywall ud → paywall uc",
      ])
    #expect(upgrade.undecided.count == 1)
  }

  @Test func aScheduledDependantRowIsTriedWhileItIsLive() throws {
    // The upgrade's pros row is live from 2030 only: at `now` no witness moves it, from 2030 one does.
    func rules(_ pros: String) -> String {
      Self.rules(pros).replacingOccurrences(
        of: "pro_onboarded -> paywall", with: "pro_onboarded from \"2030-01-01T00:00:00Z\" -> paywall")
    }
    let (old, new) = (rules("experience == pro"), rules("experience == pro and country == \"US\""))
    let report = try diffOf(old, new)
    let upgrade = try #require(report.placements.first { $0.name == "upgrade" })
    #expect(upgrade.status == .changed)
    let transition = try #require(upgrade.transitions.first)
    #expect(upgrade.transitions.count == 1)
    #expect(
      try replay(transition, old, new, now: Instant(iso8601: "2026-12-05T00:00:00Z")!)
        == "\(transition.old) → \(transition.new)")
    #expect("\(transition.old) → \(transition.new)" == "paywall pro_annual → paywall standard")
    #expect(transition.now == Instant(iso8601: "2030-01-01T00:00:00Z"))
  }
}
