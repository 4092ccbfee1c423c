import Foundation
import TestSupport
import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

/// `placement diff` against the engine on generated pairs of rule sets (``DiffPairGenerator``: cross-placement
/// and inline tests, layers, sticky tests and carried assignments, QA overrides, windows, segments over
/// `profile_id`, `customer_user_id`, strings, numbers, versions, choices and dates, rollouts) and generated
/// profiles resolved by both rule sets at `now`, at every window's edges and at two other instants:
/// - a placement reported equivalent has no profile whose decision differs;
/// - a placement reported changed with nothing undecided lists every (old → new) decision a profile reaches;
/// - every transition's witness resolves to exactly its two decisions;
/// - every fraction of a test that keeps its version (by variation id and by content) is the share of the
///   sampled profiles in the test, on both sides, that move, within sampling error (exactly, for 0 and 1).
/// Seeded: a failure names its seed; `PLACEMENT_DIFF_SEED=<seed>` re-runs that one case (with 2,000 profiles).
@Suite struct DiffPropertyTests {
  struct Size {
    let pairs: Int
    let profiles: Int
  }

  @Test func diffHoldsItsClaimsOnAFewGeneratedPairs() throws {
    let stats = try Self.run(from: 20_261_203, Size(pairs: 40, profiles: 250))
    guard stats.pairs > 1 else { return }
    #expect(stats.statuses[.equivalent, default: 0] >= 10)
    #expect(stats.statuses[.changed, default: 0] >= 15)
    #expect(stats.transitions >= 40)
  }

  @Test(.tags(.slow), .notInQuickLane) func diffHoldsItsClaimsOnManyGeneratedPairs() throws {
    let stats = try Self.run(from: 29_000_000, Size(pairs: 200, profiles: 2_000))
    guard stats.pairs > 1 else { return }
    // The corpus exercises what it claims to: every status, transitions at other instants and with carried
    // assignments, and fractions of every kind.
    #expect(stats.statuses[.equivalent, default: 0] >= 100)
    #expect(stats.statuses[.changed, default: 0] >= 100)
    #expect(stats.statuses[.unknown, default: 0] >= 1)
    #expect(stats.statuses[.overridesChanged, default: 0] >= 5)
    #expect(stats.timedTransitions >= 10)
    #expect(stats.carriedTransitions >= 5)
    #expect(stats.fractions[.reassignsRunningTest, default: 0] >= 8)
    #expect(stats.fractions[.variationRenamed, default: 0] >= 3)
    #expect(stats.fractions[.stickyReweighted, default: 0] >= 1)
    #expect(stats.skipped * 10 < 200)
  }

  /// What a run checked, for its assertions and its summary line.
  struct Stats: CustomStringConvertible {
    var pairs = 0
    var skipped = 0
    var statuses: [PlacementDiff.Status: Int] = [:]
    var transitions = 0
    var timedTransitions = 0
    var carriedTransitions = 0
    var decisions = 0
    var equivalenceChecks = 0
    var completenessChecks = 0
    var fractions: [TestFinding.Kind: Int] = [:]
    /// Undecided pairs: those the reasoner could not decide, and those it placed but no witness reached.
    var unmodeled = 0
    var unreached = 0

    var description: String {
      let counts = statuses.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \($0.value)" }
      let kinds = fractions.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \($0.value)" }
      return "\(pairs) pairs (\(skipped) skipped), placements: \(counts.joined(separator: ", ")); \(transitions) "
        + "transitions replayed (\(timedTransitions) at another instant, \(carriedTransitions) with assignments); "
        + "\(decisions) decision pairs, \(equivalenceChecks) under an equivalence claim, \(completenessChecks) "
        + "changes matched to a transition; fractions: \(kinds.joined(separator: ", ")); undecided: \(unmodeled) "
        + "the reasoner could not decide, \(unreached) not reached by a witness"
    }
  }

  static let now = Instant(millisecondsSince1970: DiffPairGenerator.now)

  static func run(from base: UInt64, _ size: Size) throws -> Stats {
    var stats = Stats()
    let start = ContinuousClock.now
    if let only = ProcessInfo.processInfo.environment["PLACEMENT_DIFF_SEED"].flatMap(UInt64.init) {
      try check(seed: only, profiles: 2_000, stats: &stats)
      return stats
    }
    for n in 0..<size.pairs { try check(seed: base &+ UInt64(n), profiles: size.profiles, stats: &stats) }
    print("DiffPropertyTests: \(stats) in \(ContinuousClock.now - start)")
    return stats
  }

  static func compile(_ text: String) -> RuleSet? {
    Compilation.compile([RuleSource(name: "generated.rules", text: text)]).ruleSet
  }

  static func check(seed: UInt64, profiles count: Int, stats: inout Stats) throws {
    var generator = DiffPairGenerator(seed: seed)
    let old = generator.rules()
    guard let oldRules = compile(old.text) else {
      stats.skipped += 1
      return
    }
    var changed: (DiffRules, [String])? = nil
    for _ in 0..<8 {
      let candidate = generator.changed(old)
      if compile(candidate.0.text) != nil {
        changed = candidate
        break
      }
    }
    guard let (new, changes) = changed, let newRules = compile(new.text) else {
      stats.skipped += 1
      return
    }
    stats.pairs += 1
    let context =
      "seed \(seed) (PLACEMENT_DIFF_SEED=\(seed)); changes: \(changes)\n--- old\n\(old.text)--- new\n\(new.text)"
    let report = try RulesDiff.compare(
      old: Compilation.compile([RuleSource(name: "old.rules", text: old.text)]),
      new: Compilation.compile([RuleSource(name: "new.rules", text: new.text)]),
      options: DiffOptions(now: now, timeBudget: .seconds(600)))
    for placement in report.placements {
      stats.statuses[placement.status, default: 0] += 1
      stats.unmodeled += placement.undecided.filter { $0.contains("the reasoner cannot decide") }.count
      stats.unreached += placement.undecided.filter { $0.contains("none was found") }.count
      for transition in placement.transitions {
        let profile = try Profile(jsonBytes: Array(transition.witness.utf8))
        let at = transition.now ?? now
        let before = try oldRules.resolve(placement.name, for: profile, options: ResolveOptions(now: at))
        let after = try newRules.resolve(placement.name, for: profile, options: ResolveOptions(now: at))
        #expect(
          Outcome(before) == transition.old && Outcome(after) == transition.new,
          "transition \(transition.old) → \(transition.new) of \(placement.name): its witness \(transition.witness) at \(at.iso8601) gets \(Outcome(before)) → \(Outcome(after))\n\(context)"
        )
        stats.transitions += 1
        if transition.now != nil && transition.now != now { stats.timedTransitions += 1 }
        if !profile.assignments.isEmpty { stats.carriedTransitions += 1 }
      }
    }
    let profiles = (0..<count).map { generator.profile($0, old: old, new: new) }
    try checkDecisions(report, profiles, old, new, oldRules, newRules, &generator, context, &stats)
    try checkFractions(report, profiles, old, new, oldRules, newRules, context, &stats)
  }

  /// `now`, every window's edges (and the millisecond before each), and two other instants; at most ten.
  static func instants(_ old: DiffRules, _ new: DiffRules, _ generator: inout DiffPairGenerator) -> [Instant] {
    var edges = Set((old.edges + new.edges).flatMap { [$0 - 1, $0] })
    edges.formUnion([
      DiffPairGenerator.now - 2 * DiffPairGenerator.day, DiffPairGenerator.now + 3 * DiffPairGenerator.day,
    ])
    edges.remove(DiffPairGenerator.now)
    var picked = edges.sorted()
    while picked.count > 9 { picked.remove(at: generator.random.below(picked.count)) }
    return [now] + picked.map { Instant(millisecondsSince1970: $0) }
  }

  static func checkDecisions(
    _ report: DiffReport, _ profiles: [DiffPairGenerator.Profile], _ old: DiffRules, _ new: DiffRules,
    _ oldRules: RuleSet, _ newRules: RuleSet, _ generator: inout DiffPairGenerator, _ context: String,
    _ stats: inout Stats
  ) throws {
    let instants = instants(old, new, &generator)
    for placement in report.placements {
      // A changed QA override decides for the profiles it matches, outside the tables the transitions compare.
      let claimsAll = placement.status == .changed && placement.undecided.isEmpty && placement.overrides.isEmpty
      let listed = Set(placement.transitions.map { "\($0.old) → \($0.new)" })
      var reported = false
      for generated in profiles {
        let profile = try Profile(jsonBytes: Array(generated.json.utf8))
        let before = oldRules.bind(profile)
        let after = newRules.bind(profile)
        for instant in instants {
          let x = Outcome(try oldRules.resolve(placement.name, for: before, options: ResolveOptions(now: instant)))
          let y = Outcome(try newRules.resolve(placement.name, for: after, options: ResolveOptions(now: instant)))
          stats.decisions += 1
          if placement.status == .equivalent { stats.equivalenceChecks += 1 }
          guard x != y, !reported else { continue }
          if placement.status == .equivalent {
            Issue.record(
              "placement \(placement.name) is reported equivalent, but \(generated.json) at \(instant.iso8601) gets \(x) → \(y)\n\(context)"
            )
            reported = true
          } else if claimsAll {
            stats.completenessChecks += 1
            if !listed.contains("\(x) → \(y)") {
              Issue.record(
                "placement \(placement.name) lists \(listed.sorted()), not \(x) → \(y), which \(generated.json) gets at \(instant.iso8601)\n\(context)"
              )
              reported = true
            }
          }
        }
      }
    }
  }
}
