import TestSupport
import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

/// `prerequisite-never-holds`: a prerequisite that asks only for what rows outside their schedule give.
@Suite struct PrerequisiteNeverHoldsTests {
  func run(_ marked: String, at now: String) -> [Diagnostic] {
    let rules = MarkedRules(marked)
    let found = Linter.run(compile(rules.text), scheduleNow: Instant(iso8601: now)!).diagnostics.filter {
      $0.code == PrerequisiteNeverHolds.id
    }
    #expect(positions(found) == rules.positions)
    return found
  }

  static let rules = """
    segment everyone = country is set
    placement main_paywall: paywall {
      everyone from "2026-12-20T00:00:00+01:00" until "2027-01-05T00:00:00+01:00" -> paywall christmas
      default -> paywall standard
    }
    segment saw_christmas = 1️⃣content(main_paywall) == christmas
    segment in_promotion = 2️⃣row(main_paywall) == everyone
    segment saw_any = content(main_paywall) in [standard, christmas]
    segment not_christmas = content(main_paywall) != christmas
    placement p: flow {
      saw_christmas -> flow a
      in_promotion -> flow b
      saw_any -> flow c
      not_christmas -> flow d
      default -> flow e
    }
    """

  @Test func aPrerequisiteOnAnEndedRowIsReported() {
    let found = run(Self.rules, at: "2027-02-01T00:00:00Z")
    #expect(
      found.first?.message
        == "'content(main_paywall) == christmas' never holds: only rows outside their schedule give what it asks for")
  }

  /// A prerequisite's slot is no declared attribute: a predicate on it that did not check leaves no unused one.
  @Test func aPrerequisiteIsNeverAnUnusedAttribute() {
    let rules =
      "placement a: flow {\n  default -> flow x\n}\nsegment s = row(a) > default\n"
      + "placement p: flow {\n  s -> flow y\n  default -> flow z\n}"
    let codes = Linter.run(compile(rules)).diagnostics.map(\.code)
    #expect(codes.contains("unsupported-operator"))
    #expect(!codes.contains(UnusedAttribute.id))
  }

  @Test func whileTheRowIsLiveNothingIsReported() {
    #expect(
      run(
        Self.rules.replacingOccurrences(of: "1️⃣", with: "").replacingOccurrences(of: "2️⃣", with: ""),
        at: "2026-12-24T00:00:00Z"
      ).isEmpty)
  }
}
