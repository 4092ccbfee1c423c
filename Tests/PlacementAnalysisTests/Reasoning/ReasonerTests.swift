import TestSupport
import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

@Suite struct ReasonerTests {
  func reasoner(_ rules: String) -> (Reasoner, CheckedRules) {
    let model = compile(rules).model
    return (Reasoner(model: model), model)
  }

  func segment(_ model: CheckedRules, _ name: String) -> Condition {
    .segment(model.segments.firstIndex { $0.name == name }!)
  }

  @Test func versionSuccessorsLeaveNothingBetween() {
    let v = SemanticVersion(parsing: "1.0.0")!
    #expect(v.successor.description == "1.0.1-0")
    #expect(SemanticVersion(parsing: "1.0.0-rc.1")!.successor.description == "1.0.0-rc.1.0")
    #expect(SemanticVersion.minimum.description == "0.0.0-0")
    #expect(SemanticVersion(parsing: "0.0.0-0.0")! > SemanticVersion.minimum)
  }

  @Test func intervalComplementAndIntersection() {
    let adults = IntervalSet<Double>.compared(.greaterEqual, 18)
    let minors = adults.complement
    #expect(minors.contains(17.999) && !minors.contains(18))
    #expect(adults.intersection(minors).isEmpty)
    let open = IntervalSet<Double>.compared(.greater, 18)
    #expect(!open.contains(18) && open.contains(18.0.nextUp))
    #expect(IntervalSet<Double>.points([1, 2, 2, 3]).complement.complement.intervals.count == 3)
  }

  @Test func implicationAnswersWithACounterexampleOrAProof() throws {
    let (r, m) = reasoner(
      """
      segment adults = age >= 18
      segment over21 = age >= 21
      segment anyone_not_us = country != "US"
      segment no_country = country is not set
      """)
    #expect(r.implication(segment(m, "over21"), segment(m, "adults")).isUnsatisfiable)
    let counter = try #require(r.implication(segment(m, "adults"), segment(m, "over21")).witness)
    #expect(counter.json(m.attributes) == #"{"age":18}"#)
    #expect(r.implication(segment(m, "no_country"), segment(m, "anyone_not_us")).isUnsatisfiable)
    let missing = try #require(r.implication(segment(m, "anyone_not_us"), segment(m, "no_country")).witness)
    #expect(missing.json(m.attributes) == #"{"country":"other"}"#)
  }

  @Test func rolloutsGetAProfileIdWitnessAndCyclesAreInvalid() throws {
    let (r, m) = reasoner(
      """
      segment half = percent(50) salt "h"
      segment nobody = percent(0) salt "n"
      segment loop_a = loop_b and age > 1
      segment loop_b = loop_a
      """)
    // A rollout is met by trying profile ids (newcomer trial m-9); the id found is checked by the runtime.
    let inside = try #require(r.check([Reasoner.Requirement(segment(m, "half"))]).witness)
    #expect(inside.json(m.attributes) == #"{"profile_id":"p0"}"#)
    #expect(Bucketing.rolloutBucket(salt: "h", profileID: "p0") < 5_000)
    let outside = try #require(r.check([Reasoner.Requirement(segment(m, "half"), holds: false)]).witness)
    #expect(outside.json(m.attributes) == #"{"profile_id":"p1"}"#)
    // No id is inside a 0 % rollout: not found is "unknown", never a proof.
    guard case .unknown(.unmodeled) = r.check([Reasoner.Requirement(segment(m, "nobody"))]) else {
      Issue.record("an empty rollout is not decided")
      return
    }
    guard case .unknown(.invalid) = r.check([Reasoner.Requirement(segment(m, "loop_a"))]) else {
      Issue.record("a cycle is invalid")
      return
    }
    // The same rollout on both sides is still a propositional contradiction.
    #expect(
      r.check([Reasoner.Requirement(segment(m, "half")), Reasoner.Requirement(segment(m, "half"), holds: false)])
        .isUnsatisfiable)
  }

  @Test func normalFormBeyondTheCapIsTooLarge() {
    let clauses = (0..<12).map { "(age == \($0) or country == \"c\($0)\")" }.joined(separator: " and ")
    let m = compile("segment big = \(clauses)").model
    let r = Reasoner(model: m, cap: 64)
    guard case .unknown(.tooLarge) = r.check([Reasoner.Requirement(segment(m, "big"))]) else {
      Issue.record("expected the cap to stop the normal form")
      return
    }
  }

  @Test func relativeDatesGetWitnessesAtTheReferenceTime() throws {
    let (r, m) = reasoner(
      """
      attribute birthday: date
      segment adults = years_since(birthday) >= 18 and created_at within last 7 days
      """)
    let witness = try #require(r.check([Reasoner.Requirement(segment(m, "adults"))]).witness)
    #expect(witness.now == Reasoner.defaultNow)
    #expect(witness.describe(m.attributes).hasSuffix("(with --now 2026-01-01T00:00:00Z)"))
  }

  /// Windows relative to `now` are intervals at `now`: one inside another is a proof, whatever the instant.
  @Test func relativeWindowsAreDecidedExactly() throws {
    let (r, m) = reasoner(
      """
      segment week = installed_at within last 7 days
      segment fortnight = installed_at within last 14 days
      segment two_weeks = installed_at within last 2 weeks
      segment old = installed_at more than 30 days ago
      """)
    #expect(r.implication(segment(m, "week"), segment(m, "fortnight")).isUnsatisfiable)
    #expect(r.implication(segment(m, "fortnight"), segment(m, "two_weeks")).isUnsatisfiable)
    #expect(r.implication(segment(m, "two_weeks"), segment(m, "fortnight")).isUnsatisfiable)
    #expect(r.check([.init(segment(m, "old")), .init(segment(m, "fortnight"))]).isUnsatisfiable)
    // In the fortnight but not the week: 8 days before now.
    let witness = try #require(r.implication(segment(m, "fortnight"), segment(m, "week")).witness)
    #expect(witness.now == Reasoner.defaultNow)
    #expect(witness.json(m.attributes) == #"{"installed_at":"2025-12-24T00:00:00Z"}"#)
  }

  /// A window and a fixed date that miss each other at `now` meet at another instant: not a proof.
  @Test func aWindowBesideAFixedDateIsUndecidedWhenTheyMissAtNow() throws {
    let (r, m) = reasoner(
      """
      segment early_and_recent = installed_at within last 7 days and installed_at < "2025-06-01"
      segment early = installed_at < "2025-06-01" and installed_at > "2025-07-01"
      """)
    guard case .unknown(let limit) = r.check([.init(segment(m, "early_and_recent"))]) else {
      Issue.record("expected no proof at one instant to stand for every instant")
      return
    }
    #expect(limit == .unmodeled(tests: ["installed_at within last 7 days", #"installed_at < "2025-06-01""#]))
    #expect(limit.undecidedTests == #"'installed_at within last 7 days' and 'installed_at < "2025-06-01"'"#)
    // Fixed bounds that contradict each other are a proof still.
    #expect(r.check([.init(segment(m, "early"))]).isUnsatisfiable)
  }

  @Test func choicesWitnessSelectsAsFewOptionsAsPossible() throws {
    let (r, m) = reasoner(
      """
      attribute interests: choices(sports, music, yoga, running)
      segment two = count(interests) >= 2 and interests has any [music, yoga]
      """)
    let witness = try #require(r.check([Reasoner.Requirement(segment(m, "two"))]).witness)
    #expect(witness.json(m.attributes) == #"{"custom_attributes":{"interests":["sports","music"]}}"#)
  }
}
