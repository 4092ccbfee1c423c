import TestSupport
import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

/// `stalled-ramp`: a ramp whose last step has begun and admits less than 100 %.
@Suite struct StalledRampTests {
  func run(_ marked: String, at now: String) -> [Diagnostic] {
    let rules = MarkedRules(marked)
    let found = Linter.run(compile(rules.text), scheduleNow: Instant(iso8601: now)!).diagnostics.filter {
      $0.code == StalledRamp.id
    }
    #expect(positions(found) == rules.positions)
    return found
  }

  static func rules(last: Int, marked: Bool) -> String {
    """
    segment \(marked ? "1️⃣" : "")new_paywall = percent(5 from "2026-12-01T00:00:00Z", \(last) from "2026-12-08T00:00:00Z") salt "s"
    placement p: paywall {
      new_paywall -> paywall new_one
      default -> paywall standard
    }
    """
  }

  @Test func aRampHeldBelowOneHundredAfterItsLastStepIsReported() {
    let found = run(Self.rules(last: 25, marked: true), at: "2027-01-01T00:00:00Z")
    #expect(
      found.first?.message
        == "the ramp of segment 'new_paywall' has held its last step, 25 %, since 2026-12-08T00:00:00Z: it will not grow further"
    )
  }

  @Test func aRampStillRampingOrFinishedIsNotReported() {
    run(Self.rules(last: 25, marked: false), at: "2026-12-07T23:59:59Z")
    run(Self.rules(last: 100, marked: false), at: "2027-01-01T00:00:00Z")
  }
}
