import Testing

@testable import PlacementCLI
@testable import PlacementKit

/// `--fail-on any` names the placements where decisions change, those only the sample saw changing included
/// (the newcomer trial of 2026-12-02 saw "decisions change (placements: )" when the proof had found nothing).
@Suite struct DiffChecksTests {
  static let rules = """
    segment adults = age >= 18
    placement p: paywall {
      adults  -> paywall adult
      default -> paywall standard
    }
    placement q: flow {
      default -> flow intro
    }
    """

  @Test func aChangeOnlyTheSampleSawIsNamed() throws {
    let compilation = Compilation.compile([RuleSource(name: "rules.rules", text: Self.rules)])
    let ruleSet = try #require(compilation.ruleSet)
    // The same rule set on both sides: the proof finds every placement equivalent.
    let report = try RulesDiff.compare(old: compilation, new: compilation)
    #expect(report.placements.allSatisfy { $0.status == .equivalent })
    var sample = SampleImpact(placements: ["p", "q"])
    let now = Instant(millisecondsSince1970: 0)
    func decisions(_ age: Int) throws -> [Decision] {
      let profile = try Profile(jsonBytes: Array(#"{"profile_id":"u","age":\#(age)}"#.utf8))
      return try ["p", "q"].map { try ruleSet.resolve($0, for: profile, options: ResolveOptions(now: now)) }
    }
    // A stand-in for a change the reasoner missed: the sample's old and new decisions differ at p.
    sample.add("u", old: try decisions(30), new: try decisions(10))
    let checks = try DiffChecks(failOn: ["any"], expect: nil)
    let verdict = try #require(checks.evaluate(report, sample: sample).first)
    #expect(verdict.failed)
    #expect(verdict.reason == "decisions change (placements: in the sample: p)")
    let quiet = try #require(checks.evaluate(report, sample: nil).first)
    #expect(!quiet.failed)
    #expect(quiet.reason == "no profile changes decision")
  }

  @Test func anUndecidedPairOfAChangedPlacementFailsTheContentCheck() throws {
    // Removing the cap makes winback reach the profiles the old cap skipped (no witness search makes up shown
    // events, so that pair stays undecided), beside the found change a → b.
    func rules(_ cap: String, _ fr: String) -> String {
      """
      segment us = country == "US"
      segment fr = country == "FR"
      placement main: paywall {
        us\(cap) -> paywall winback
        fr -> paywall \(fr)
        default -> paywall standard
      }
      """
    }
    func compile(_ text: String) -> Compilation { Compilation.compile([RuleSource(name: "r.rules", text: text)]) }
    let report = try RulesDiff.compare(old: compile(rules(" limit 2 per 7 days", "a")), new: compile(rules("", "b")))
    let main = try #require(report.placements.first)
    #expect(main.status == .changed)
    #expect(!main.undecided.isEmpty)
    let checks = try DiffChecks(failOn: ["content:winback", "content:other"], expect: nil)
    let verdicts = checks.evaluate(report, sample: nil)
    #expect(verdicts.map(\.failed) == [true, false])
    #expect(
      verdicts.first?.reason
        == "not proved that no profile newly sees 'winback': main (changed: old row 2 'default' → new row 0 'us': "
        + "profiles reach both rows, but none was found that gets paywall standard → paywall winback)")
  }
}
