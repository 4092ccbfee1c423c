import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

/// `placement diff` and `placement audiences` on ramps: each step is compared at its own instant, and the table
/// shows the step that holds at `now` and the next one.
@Suite struct RampDiffTests {
  static let ramp =
    #"percent(5 from "2026-12-01T00:00:00Z", 25 from "2026-12-08T00:00:00Z", 100 from "2026-12-15T00:00:00Z")"#

  static func rules(_ condition: String) -> String {
    """
    segment early = \(condition) salt "new-paywall"
    placement main_paywall: paywall {
      early -> paywall new_one
      default -> paywall old_one
    }
    """
  }

  static func at(_ text: String) -> Instant { Instant(iso8601: text)! }

  /// A plain 25 % replaced by the ramp: before its first step and at 5 % some profiles lose the new paywall,
  /// at 100 % some gain it; both are found, each at an instant of its step, whatever `now` is.
  @Test func aRampReplacingAPlainPercentChangesDecisionsAtItsSteps() throws {
    let report = try RulesDiff.compare(
      old: diffCompile(Self.rules("percent(25)"), name: "old.rules"),
      new: diffCompile(Self.rules(Self.ramp), name: "new.rules"),
      options: DiffOptions(now: Self.at("2026-12-09T00:00:00Z")))
    let changes = report.transitions.map { "\($0.old) → \($0.new)" }
    #expect(changes == ["paywall new_one → paywall old_one", "paywall old_one → paywall new_one"])
    let lost = try #require(report.transitions.first)
    #expect(lost.now.map { $0 < Self.at("2026-12-08T00:00:00Z") } == true)
    let gained = try #require(report.transitions.last)
    #expect(gained.now.map { $0 >= Self.at("2026-12-15T00:00:00Z") } == true)
  }

  /// A step raised from 25 % to 30 % widens the row from that step's instant on.
  @Test func aRaisedStepIsFoundAtItsInstant() throws {
    let raised = Self.ramp.replacingOccurrences(of: "25 from", with: "30 from")
    let report = try RulesDiff.compare(
      old: diffCompile(Self.rules(Self.ramp), name: "old.rules"),
      new: diffCompile(Self.rules(raised), name: "new.rules"),
      options: DiffOptions(now: Self.at("2026-12-01T00:00:00Z")))
    let transition = try #require(report.transitions.first)
    #expect(report.transitions.count == 1)
    #expect("\(transition.old) → \(transition.new)" == "paywall old_one → paywall new_one")
    #expect(transition.now == Self.at("2026-12-08T00:00:00Z"))
  }

  @Test func anUnchangedRampIsEquivalent() throws {
    let report = try RulesDiff.compare(
      old: diffCompile(Self.rules(Self.ramp), name: "old.rules"),
      new: diffCompile(Self.rules(Self.ramp), name: "new.rules"))
    #expect(report.isEquivalent)
  }

  @Test func audiencesShowTheCurrentAndNextStep() throws {
    let compilation = diffCompile(Self.rules(Self.ramp), name: "r.rules")
    let ruleSet = try #require(compilation.ruleSet)
    let table = try #require(AudienceTable("main_paywall", in: ruleSet))
    #expect(
      table.rows[0].ramps.map(\.description) == [
        #"ramp "new-paywall": 5 % from 2026-12-01T00:00:00Z, 25 % from 2026-12-08T00:00:00Z, 100 % from 2026-12-15T00:00:00Z"#
      ])
    #expect(
      table.at(Self.at("2026-12-09T00:00:00Z")).rows[0].ramps.map(\.description) == [
        #"ramp "new-paywall": 25 % since 2026-12-08T00:00:00Z, next 100 % from 2026-12-15T00:00:00Z"#
      ])
    #expect(
      table.at(Self.at("2026-11-09T00:00:00Z")).rows[0].ramps.map(\.description) == [
        #"ramp "new-paywall": off, next 5 % from 2026-12-01T00:00:00Z"#
      ])
    #expect(
      table.at(Self.at("2027-01-01T00:00:00Z")).rows[0].ramps.map(\.description) == [
        #"ramp "new-paywall": 100 % since 2026-12-15T00:00:00Z (last step)"#
      ])
    #expect(table.rows[1].ramps.isEmpty)
  }

  /// A 0 % step admits no one: the table says `off`, not `0 %`.
  @Test func aZeroStepReadsOff() throws {
    let ramp = #"percent(0 from "2026-12-01T00:00:00Z", 50 from "2026-12-08T00:00:00Z")"#
    let ruleSet = try #require(diffCompile(Self.rules(ramp), name: "r.rules").ruleSet)
    let table = try #require(AudienceTable("main_paywall", in: ruleSet))
    #expect(
      table.rows[0].ramps.map(\.description) == [
        #"ramp "new-paywall": off from 2026-12-01T00:00:00Z, 50 % from 2026-12-08T00:00:00Z"#
      ])
    #expect(
      table.at(Self.at("2026-11-09T00:00:00Z")).rows[0].ramps.map(\.description) == [
        #"ramp "new-paywall": off, next off from 2026-12-01T00:00:00Z"#
      ])
    #expect(
      table.at(Self.at("2026-12-02T00:00:00Z")).rows[0].ramps.map(\.description) == [
        #"ramp "new-paywall": off since 2026-12-01T00:00:00Z, next 50 % from 2026-12-08T00:00:00Z"#
      ])
  }
}
