import Foundation
import TestSupport
import Testing

/// `placement diff` on the reproduction of a re-weighted test under a row that needs a `profile_id`, on a
/// placement it can decide neither way (`unknown`, in every format and check), and on a variation rename.
@Suite struct DiffProofTests {
  let now = "2026-11-30T00:00:00Z"

  /// Old and new rules folders with one file each.
  func sides(_ old: String, _ new: String) -> (ScratchFolder, String, String) {
    let scratch = ScratchFolder()
    scratch.file("before/r.rules", old)
    scratch.file("after/r.rules", new)
    return (scratch, scratch.path + "/before", scratch.path + "/after")
  }

  /// A cross-placement test is sticky: re-weighted under the same version, it changes the draw of profiles new to
  /// it (a decision change) but moves nobody who carries an assignment, so the reassign gate passes.
  @Test func theReweightedCrossPlacementTestIsChangedAndStickyReweighted() {
    let (scratch, before, after) = sides(DiffFixtures.onboarding(control: 40), DiffFixtures.onboarding(control: 20))
    defer { _ = scratch }
    let expect = placement(["diff", before, after, "--now", now, "--expect", "equivalent"])
    #expect(expect.status == 1)
    #expect(expect.out.hasPrefix("placement welcome: 1 decision change\n"))
    #expect(
      expect.out.contains(
        "  info: sticky test 'onboarding_q1' keeps version 'q1': its draw changed for 20% of buckets (buckets 20–39: "
          + "control → quiz), but nobody who carries an assignment moves; only profiles new to the test draw with "
          + "the new weights [sticky-reweighted]\n"))
    #expect(expect.err == "diff: check failed: not equivalent: welcome changed\n")
    #expect(placement(["diff", before, after, "--now", now, "--fail-on", "any"]).status == 1)
    #expect(placement(["diff", before, after, "--now", now, "--fail-on", "reassign"]).status == 0)
    let json = placement(["diff", before, after, "--now", now, "--format", "json"])
    let object = try? JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any]
    let welcome = (object?["placements"] as? [[String: Any]])?.first
    #expect(welcome?["status"] as? String == "changed")
    #expect((welcome?["reassignments"] as? [[String: Any]])?.isEmpty == true)
  }

  /// The row holds one `profile_id` whose bucket does not move: nothing proves it either way.
  func unknownSides() -> (ScratchFolder, String, String) {
    // "qa-3" draws bucket 88 of "q1": quiz on both sides.
    let segment = #"profile_id == "qa-3""#
    return sides(
      DiffFixtures.onboarding(control: 40, segment: segment), DiffFixtures.onboarding(control: 20, segment: segment))
  }

  static let undecided =
    "old row 0 'known' → new row 0 'known': profiles reach both rows, but none was found that gets paywall classic (test onboarding_q1 variation control) → paywall quiz_first (test onboarding_q1 variation quiz)"

  @Test func anUnknownPlacementSaysSoInEveryFormat() throws {
    let (scratch, before, after) = unknownSides()
    defer { _ = scratch }
    let text = placement(["diff", before, after, "--now", now])
    #expect(text.status == 0)
    #expect(
      text.out.hasPrefix(
        "placement welcome: unknown: not proved equivalent (1 undecided)\n  undecided: \(Self.undecided)\n"))
    #expect(text.out.contains("0 placements changed, 0 equivalent, 1 unknown, 1 test finding (0 errors)"))
    let json = placement(["diff", before, after, "--now", now, "--format", "json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    #expect(object["equivalent"] as? Bool == false)
    let welcome = try #require((object["placements"] as? [[String: Any]])?.first)
    #expect(welcome["status"] as? String == "unknown")
    #expect(welcome["undecided"] as? [String] == [Self.undecided])
    let markdown = placement(["diff", before, after, "--now", now, "--format", "markdown"])
    #expect(markdown.out.contains("| `welcome` | unknown: not proved equivalent (1 undecided) |\n"))
    #expect(markdown.out.contains("- undecided: \(Self.undecided)\n"))
    let github = placement(["diff", before, after, "--now", now, "--format", "github"])
    #expect(github.out.contains("::warning title=diff-undecided::placement 'welcome': old row 0"))
    let sarif = placement(["diff", before, after, "--now", now, "--format", "sarif"])
    #expect(sarif.out.contains(#""level":"warning","locations":[],"message":{"text":"placement 'welcome': old row 0"#))
  }

  @Test func anUnknownPlacementFailsExpectEquivalentAndEveryGateItCouldHideAFailureFrom() {
    let (scratch, before, after) = unknownSides()
    defer { _ = scratch }
    let expect = placement(["diff", before, after, "--now", now, "--expect", "equivalent"])
    #expect(expect.status == 1)
    #expect(expect.err == "diff: check failed: not equivalent: welcome (unknown: \(Self.undecided))\n")
    let any = placement(["diff", before, after, "--now", now, "--fail-on", "any"])
    #expect(any.status == 1)
    #expect(any.err == "diff: check failed: not proved equivalent: welcome (unknown: \(Self.undecided))\n")
    let content = placement(["diff", before, after, "--now", now, "--fail-on", "content:quiz_first"])
    #expect(content.status == 1)
    #expect(
      content.err
        == "diff: check failed: not proved that no profile newly sees 'quiz_first': welcome (unknown: \(Self.undecided))\n"
    )
    #expect(placement(["diff", before, after, "--now", now, "--fail-on", "content:nowhere"]).status == 0)
  }

  @Test func aRenameFailsReassignIDsButNotReassign() {
    func rules(_ id: String) -> String {
      """
      segment adults = age >= 18
      placement p: paywall {
        adults -> test offer version "v1" { \(id): paywall standard 34%, a: paywall x 33%, b: paywall y 33% }
        default -> paywall standard
      }

      """
    }
    let (scratch, before, after) = sides(rules("control"), rules("baseline"))
    defer { _ = scratch }
    let run = placement(["diff", before, after, "--now", now, "--fail-on", "reassign", "--fail-on", "reassign-ids"])
    #expect(run.status == 1)
    #expect(run.out.contains("  ok  reassign: no running test reassigns profiles\n"))
    #expect(run.out.contains("  FAIL  reassign-ids: 1 reassignment or rename finding: p/offer\n"))
    #expect(
      run.out.contains(
        "  test 'p/offer' renames the variation of 34% of its profiles here (0% change content) [variation-renamed]\n"))
    #expect(placement(["diff", before, after, "--now", now, "--fail-on", "reassign"]).status == 0)
  }
}
