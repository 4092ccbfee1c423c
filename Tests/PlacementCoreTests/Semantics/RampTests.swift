import TestSupport
import Testing

@testable import PlacementCore

/// Ramps (`percent(<n> from "<instant>", …) salt "…"`): their compile errors, located, and the runtime's promise
/// that a profile admitted at one step stays admitted at every later one.
@Suite struct RampTests {
  static let ramp =
    #"percent(5 from "2026-12-01T00:00:00Z", 25 from "2026-12-08T00:00:00Z", 100 from "2026-12-15T00:00:00Z")"#
    + #" salt "new-paywall""#

  static func rules(_ condition: String) -> String {
    """
    segment early = \(condition)
    placement p: paywall {
      early -> paywall new_one
      default -> paywall old_one
    }
    """
  }

  static func at(_ text: String) -> Instant { Instant(iso8601: text)! }

  @Test func aDecreasingStepIsAnErrorAtItsPercentage() throws {
    let found = expectDiagnostics(
      #"""
      segment s = percent(25 from "2026-12-01T00:00:00Z", 1️⃣10 from "2026-12-08T00:00:00Z") salt "s"
      placement p: paywall { s -> paywall a  default -> paywall b }
      """#, [RampDiagnostics.decreasingRamp])
    let diagnostic = try #require(found.first)
    #expect(
      diagnostic.message == "ramp step 10 % is below the step before it (25 %): a ramp never takes back a profile")
    #expect(diagnostic.notes.first?.span.map { "\($0.location)" } == "1:21")
  }

  @Test func stepsOutOfOrderOrAtOneInstantAreErrorsAtTheInstant() {
    let found = expectDiagnostics(
      #"""
      segment a = percent(5 from "2026-12-08T00:00:00Z", 25 from 1️⃣"2026-12-01T00:00:00Z") salt "a"
      segment b = percent(5 from "2026-12-08T00:00:00+01:00", 25 from 2️⃣"2026-12-07T23:00:00Z") salt "b"
      placement p: paywall { a -> paywall x  b -> paywall y  default -> paywall z }
      """#, [RampDiagnostics.rampStepOrder])
    #expect(found.map(\.message).last?.contains("at the same instant as") == true)
    #expect(found.map(\.message).first?.contains("is before the step before it") == true)
  }

  @Test func anInstantWithoutOffsetAndAPercentOutOfRangeAreErrors() {
    expectDiagnostics(
      #"""
      segment a = percent(5 from 1️⃣"2026-12-01", 25 from 2️⃣"2026-12-08T10:00:00") salt "a"
      placement p: paywall { a -> paywall x  default -> paywall z }
      """#, [SemanticsCatalog.instantWithoutOffset])
    expectDiagnostics(
      #"""
      segment a = percent(5 from "2026-12-01T00:00:00Z", 1️⃣100.5 from "2026-12-08T00:00:00Z") salt "a"
      placement p: paywall { a -> paywall x  default -> paywall z }
      """#, [SemanticsCatalog.invalidRollout])
  }

  @Test func aMissingFromOrCommaIsASyntaxError() {
    #expect(!errors(Self.rules(#"percent(5 from "2026-12-01T00:00:00Z", 25) salt "s""#)).isEmpty)
    #expect(
      !errors(Self.rules(#"percent(5 from "2026-12-01T00:00:00Z" 25 from "2026-12-08T00:00:00Z") salt "s""#)).isEmpty)
    #expect(!errors(Self.rules(#"percent(5 from) salt "s""#)).isEmpty)
  }

  @Test func aRampSharesTheSaltChecksOfARollout() {
    let text = """
      segment other = percent(10) salt "new-paywall"
      \(Self.rules(Self.ramp))
      """
    #expect(errors(text).map(\.code) == [SemanticsCatalog.duplicateSalt])
  }

  @Test func theStepIsPickedByNow() {
    let steps = [
      RampStep(from: Schedule.Bound(Self.at("2026-12-01T00:00:00Z"), text: ""), threshold: 500),
      RampStep(from: Schedule.Bound(Self.at("2026-12-08T00:00:00Z"), text: ""), threshold: 2_500),
    ]
    #expect(RampStep.position(steps, at: Self.at("2026-11-30T23:59:59.999Z")) == .init(current: nil, next: 0))
    #expect(RampStep.position(steps, at: Self.at("2026-12-01T00:00:00Z")) == .init(current: 0, next: 1))
    #expect(RampStep.position(steps, at: Self.at("2026-12-08T00:00:00Z")) == .init(current: 1, next: nil))
    #expect(RampStep.threshold(steps, at: Self.at("2026-11-30T23:59:59.999Z")) == 0)
    #expect(RampStep.threshold(steps, at: Self.at("2026-12-01T00:00:00Z")) == 500)
    #expect(RampStep.threshold(steps, at: Self.at("2026-12-07T23:59:59.999Z")) == 500)
    #expect(RampStep.threshold(steps, at: Self.at("2026-12-08T00:00:00Z")) == 2_500)
    #expect(RampStep.threshold(steps, at: Self.at("2030-01-01T00:00:00Z")) == 2_500)
    #expect(RampStep.percentText(2_500) == "25" && RampStep.percentText(250) == "2.5")
    #expect(RampStep.percentText(1_234) == "12.34" && RampStep.percentText(1_205) == "12.05")
  }

  /// Over 100,000 ids: nobody admitted at a step is dropped at the next, and each step admits its percentage
  /// within 0.5 point (the standard deviation of a 25 % share of 100,000 is 0.14 point).
  @Test func aRampNeverDropsAProfileAndAdmitsItsShareAtEachStep() throws {
    let rules = try #require(ruleSet(Self.rules(Self.ramp)))
    let instants = [
      "2026-11-30T00:00:00Z", "2026-12-01T00:00:00Z", "2026-12-08T00:00:00Z", "2026-12-15T00:00:00Z",
    ].map(Self.at)
    let expected = [0.0, 0.05, 0.25, 1.0]
    var admitted = [Int](repeating: 0, count: instants.count)
    var dropped = 0
    let count = 100_000
    for number in 0..<count {
      let profile = rules.bind(Profile(profileID: "user-\(number)"))
      var before = false
      for (index, now) in instants.enumerated() {
        let holds = rules.program.holds(segment: 0, profile, now: now)
        if before && !holds { dropped += 1 }
        if holds { admitted[index] += 1 }
        before = holds
      }
    }
    #expect(dropped == 0)
    for (share, target) in zip(admitted.map { Double($0) / Double(count) }, expected) {
      #expect(abs(share - target) < 0.005, "admitted \(share), step \(target)")
    }
    #expect(admitted[0] == 0 && admitted[3] == count)
  }

  @Test func theDecisionFollowsTheStepAndExplainNamesIt() throws {
    let rules = try #require(ruleSet(Self.rules(Self.ramp)))
    // An id whose bucket is between 500 and 2,500: out at the 5 % step, in at the 25 % step.
    let id = try #require(
      (0..<1_000).map { "u\($0)" }.first {
        (500..<2_500).contains(Bucketing.rolloutBucket(salt: "new-paywall", profileID: $0))
      })
    let profile = rules.bind(Profile(profileID: id))
    let early = try rules.resolve(
      "p", for: profile, options: ResolveOptions(now: Self.at("2026-12-02T00:00:00Z"), explain: true))
    #expect(early.content == .paywall(id: "old_one"))
    #expect(Self.seen(early).contains(#"ramp step 5 % from "2026-12-01T00:00:00Z": admitted below 500"#))
    let later = try rules.resolve("p", for: profile, options: ResolveOptions(now: Self.at("2026-12-08T00:00:00Z")))
    #expect(later.content == .paywall(id: "new_one"))
    let before = try rules.resolve(
      "p", for: profile, options: ResolveOptions(now: Self.at("2026-11-01T00:00:00Z"), explain: true))
    #expect(Self.seen(before).contains("before the ramp's first step"))
  }

  /// What the explanation of the decision's first row saw.
  static func seen(_ decision: Decision) -> String {
    guard case .notMatched(_, let seen)? = decision.explanation?.first?.outcome else { return "" }
    return seen
  }

  /// A plain `percent(n)` compiles as before: a `.rollout` step and no ramp.
  @Test func aPlainPercentHasNoRamp() throws {
    let plain = try #require(ruleSet(Self.rules(#"percent(25) salt "new-paywall""#)))
    #expect(plain.program.ramps.isEmpty && plain.program.rollouts.count == 1)
    #expect(plain.program.steps.contains { $0.kind == .rollout })
    let ramped = try #require(ruleSet(Self.rules(Self.ramp)))
    #expect(ramped.program.rollouts.isEmpty && ramped.program.ramps.count == 1)
    #expect(ramped.program.steps.contains { $0.kind == .ramp })
  }
}
