import TestSupport
import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

/// The diff of two rules texts at `now`.
func diffOf(_ old: String, _ new: String, now: Instant) throws -> DiffReport {
  try RulesDiff.compare(
    old: diffCompile(old, name: "old.rules"), new: diffCompile(new, name: "new.rules"), options: DiffOptions(now: now))
}

/// Resolves a transition's witness with both rule sets (at the transition's instant, else `now`) and returns the
/// two outcomes as `old → new`.
func replay(_ transition: Transition, _ old: String, _ new: String, now: Instant) throws -> String {
  let profile = try Profile(jsonBytes: Array(transition.witness.utf8))
  let at = transition.now ?? now
  let before = try #require(diffCompile(old).ruleSet).resolve(
    transition.placement, for: profile, options: ResolveOptions(now: at))
  let after = try #require(diffCompile(new).ruleSet).resolve(
    transition.placement, for: profile, options: ResolveOptions(now: at))
  return "\(Outcome(before)) → \(Outcome(after))"
}

/// "Equivalent" is a proof: a search that finds no profile changing proves nothing. A test that keeps its version
/// but moves buckets changes every placement that reaches one of its rows, with the test's exact fraction,
/// whatever its rows' segments say about `profile_id`.
@Suite struct ProofTests {
  static let now = Instant(millisecondsSince1970: 1_764_460_800_000)  // 2026-11-30T00:00:00Z

  /// A cross-placement test is sticky: its re-weighting changes the draw of 20% of the profiles new to it, and
  /// moves nobody who carries an assignment (no reassignment).
  @Test func aCrossPlacementTestReweightedUnderARowThatNeedsAnIDChanges20Percent() throws {
    let report = try diffOf(DiffFixtures.onboarding(control: 40), DiffFixtures.onboarding(control: 20), now: Self.now)
    let placement = try #require(report.placements.first)
    #expect(placement.status == .changed)
    #expect(!report.isEquivalent)
    #expect(
      placement.transitions.map { "\($0.old) → \($0.new)" } == [
        "paywall classic (test onboarding_q1 variation control) → paywall quiz_first (test onboarding_q1 variation quiz)"
      ])
    let transition = placement.transitions[0]
    #expect(
      try replay(transition, DiffFixtures.onboarding(control: 40), DiffFixtures.onboarding(control: 20), now: Self.now)
        == "\(transition.old) → \(transition.new)")
    #expect(placement.reassignments.isEmpty)
    #expect(!report.tests.contains { $0.kind == .reassignsRunningTest })
    let finding = try #require(report.tests.first { $0.kind == .stickyReweighted })
    #expect(finding.reassignedFraction == 0)
  }

  @Test func anInlineTestReweightedUnderARowThatNeedsAnIDChanges20Percent() throws {
    func rules(_ a: Int) -> String {
      """
      segment known = profile_id is set and country == "DE"
      placement p: paywall {
        known   -> test offer version "v1" { a: paywall a \(a)%, b: paywall b \(100 - a)% }
        default -> paywall standard
      }
      """
    }
    let report = try diffOf(rules(50), rules(30), now: Self.now)
    let placement = try #require(report.placements.first)
    #expect(placement.status == .changed)
    #expect(
      placement.transitions.map { "\($0.old) → \($0.new)" } == [
        "paywall a (test offer variation a) → paywall b (test offer variation b)"
      ])
    #expect(placement.reassignments.map(\.test) == ["p/offer"])
    #expect(placement.reassignments.first?.reassignedContentFraction == 0.2)
  }

  @Test func aLayeredTestReweightedUnderARowThatNeedsAnIDChanges20Percent() throws {
    func rules(_ a: Int) -> String {
      """
      segment known = profile_id is set
      placement p: paywall {
        known   -> test offer version "v1" { a: paywall a \(a)%, b: paywall b \(100 - a)% }
        default -> paywall standard
      }
      layer l version "layer-1" {
        offer 0% to 40%
      }
      """
    }
    let report = try diffOf(rules(50), rules(30), now: Self.now)
    let placement = try #require(report.placements.first)
    #expect(placement.status == .changed)
    #expect(
      placement.transitions.map { "\($0.old) → \($0.new)" } == [
        "paywall a (test offer variation a) → paywall b (test offer variation b)"
      ])
    #expect(
      try replay(placement.transitions[0], rules(50), rules(30), now: Self.now)
        == "paywall a (test offer variation a) → paywall b (test offer variation b)")
    #expect(placement.reassignments.first?.reassignedFraction == 0.2)
  }

  /// A row for one `profile_id` whose bucket does not move: no profile changes, but no witness can show it and
  /// the reasoner cannot prove it, so the placement is unknown (never equivalent), naming the pair.
  @Test func aTestReweightedUnderARowForOneIDIsUnknownNotEquivalent() throws {
    let id = try #require(
      (0..<1_000).map { "qa-\($0)" }.first { Bucketing.bucket(versionID: "q1", profileID: $0) < 20 })
    let report = try diffOf(
      DiffFixtures.onboarding(control: 40, segment: "profile_id == \"\(id)\""),
      DiffFixtures.onboarding(control: 20, segment: "profile_id == \"\(id)\""),
      now: Self.now)
    let placement = try #require(report.placements.first)
    #expect(placement.status == .unknown)
    #expect(!report.isEquivalent)
    #expect(
      placement.undecided == [
        "old row 0 'known' → new row 0 'known': profiles reach both rows, but none was found that gets paywall classic (test onboarding_q1 variation control) → paywall quiz_first (test onboarding_q1 variation quiz)"
      ])
  }

  /// A window moved one day later: at the old start the row is live on the old side only, at the old end on the
  /// new side only; both transitions are listed with their instants.
  @Test func aWindowMovedOneDayLaterListsBothTransitionsWithTheirInstants() throws {
    func rules(_ from: String, _ until: String) -> String {
      """
      segment de = country == "DE"
      placement upgrade: paywall {
        de from "\(from)" until "\(until)" -> paywall christmas
        default -> paywall standard
      }
      """
    }
    let old = rules("2026-12-20T00:00:00Z", "2027-01-05T00:00:00Z")
    let new = rules("2026-12-21T00:00:00Z", "2027-01-06T00:00:00Z")
    let report = try diffOf(old, new, now: Self.now)
    let transitions = try #require(report.placements.first).transitions
    #expect(
      transitions.map { "\($0.old) → \($0.new) at \($0.now?.iso8601 ?? "now")" } == [
        "paywall christmas → paywall standard at 2026-12-20T00:00:00Z",
        "paywall standard → paywall christmas at 2027-01-05T00:00:00Z",
      ])
    for transition in transitions {
      #expect(try replay(transition, old, new, now: Self.now) == "\(transition.old) → \(transition.new)")
      #expect(transition.causes.map(\.kind) == [.scheduleChanged])
    }
  }

  /// A change hidden at `now` by a live promotion above it (same window on both sides) shows once it ends.
  @Test func aChangeHiddenByALiveWindowIsFoundWhereTheWindowIsOver() throws {
    func rules(_ adult: String) -> String {
      """
      segment de = country == "DE"
      segment adults = age >= 18
      placement upgrade: paywall {
        de from "2026-11-01T00:00:00Z" until "2026-12-31T00:00:00Z" -> paywall christmas
        adults -> paywall \(adult)
        default -> paywall standard
      }
      """
    }
    let report = try diffOf(rules("adult"), rules("grown_up"), now: Self.now)
    let placement = try #require(report.placements.first)
    #expect(placement.status == .changed)
    #expect(placement.transitions.map { "\($0.old) → \($0.new)" } == ["paywall adult → paywall grown_up"])
  }

  @Test func aRenameWithTheSameContentAndWeightIsARenameNotAReassignment() throws {
    func rules(_ id: String) -> String {
      """
      segment adults = age >= 18
      placement p: paywall {
        adults -> test offer version "v1" { \(id): paywall standard 34%, a: paywall x 33%, b: paywall y 33% }
        default -> paywall standard
      }
      """
    }
    let report = try diffOf(rules("control"), rules("baseline"), now: Self.now)
    #expect(report.tests.map(\.kind) == [.variationRenamed])
    let finding = try #require(report.tests.first)
    #expect(finding.reassignedFraction == 0.34)
    #expect(finding.reassignedContentFraction == 0)
    #expect(
      finding.message
        == "test 'p/offer' keeps version 'v1' and every profile's content, but 34% of its profiles change variation id (renamed: 'control' → 'baseline'; buckets 66–99: control → baseline)"
    )
    #expect(report.placements.first?.reassignments.map(\.kind) == [.variationRenamed])
  }

  /// Equal weights are drawn in id order: renaming `a` to `c` swaps the halves, so everyone sees other content.
  @Test func aRenameThatChangesTheDrawOrderIsAReassignment() throws {
    func rules(_ id: String) -> String {
      """
      segment adults = age >= 18
      placement p: paywall {
        adults -> test offer version "v1" { \(id): paywall x 50%, b: paywall y 50% }
        default -> paywall standard
      }
      """
    }
    let report = try diffOf(rules("a"), rules("c"), now: Self.now)
    let finding = try #require(report.tests.first)
    #expect(report.tests.count == 1)
    #expect(finding.kind == .reassignsRunningTest)
    #expect(finding.reassignedFraction == 1)
    #expect(finding.reassignedContentFraction == 1)
    #expect(
      Set(try #require(report.placements.first).transitions.map { "\($0.old.content) → \($0.new.content)" })
        == ["paywall x → paywall y", "paywall y → paywall x"])
  }

  /// A test that stops being sticky re-draws the profiles that carry another variation than their bucket's.
  @Test func aTestThatStopsBeingStickyMovesProfilesThatCarryAnAssignment() throws {
    func rules(_ sticky: String) -> String {
      """
      segment adults = age >= 18
      placement p: paywall {
        adults -> test offer version "v1" \(sticky){ a: paywall x 50%, b: paywall y 50% }
        default -> paywall standard
      }
      """
    }
    let report = try diffOf(rules("sticky "), rules(""), now: Self.now)
    let placement = try #require(report.placements.first)
    #expect(placement.status == .changed)
    for transition in placement.transitions {
      #expect(transition.witness.contains(#""assignments":{"v1":"#))
      #expect(
        try replay(transition, rules("sticky "), rules(""), now: Self.now) == "\(transition.old) → \(transition.new)")
    }
    #expect(placement.transitions.count == 2)
  }

  /// Below a test whose first variation in draw order decides: the profiles that fall through reach the row
  /// below only with a `profile_id` in the fall-through buckets.
  @Test func aChangeBelowATestThatFallsThroughForSomeIDsIsFound() throws {
    func rules(_ content: String) -> String {
      """
      segment adults = age >= 18
      placement p: paywall {
        adults -> test offer version "v1" { control: fallthrough 60%, t: paywall x 40% }
        adults -> paywall \(content)
        default -> paywall standard
      }
      """
    }
    let report = try diffOf(rules("y"), rules("z"), now: Self.now)
    let placement = try #require(report.placements.first)
    #expect(placement.status == .changed)
    #expect(placement.transitions.map { "\($0.old) → \($0.new)" } == ["paywall y → paywall z"])
    #expect(try replay(placement.transitions[0], rules("y"), rules("z"), now: Self.now) == "paywall y → paywall z")
  }
}
