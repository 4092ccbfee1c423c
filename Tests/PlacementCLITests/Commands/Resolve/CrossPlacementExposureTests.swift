import Foundation
import Testing

/// `resolve` on the shipped cross-placement test `yoga_offer` (not declared `sticky`): its draws are assignments
/// to persist, and a profile its entry rules keep out is in the decisions, the exposure log and the text output
/// with outcome `not_new_user` or `in_other_test` and no variation, the same in every path.
@Suite struct CrossPlacementExposureTests {
  let now = ["--now", "2026-12-01T00:00:00Z", "--rules", repo("Rules")]
  static let version = "yoga-offer-2026-11"
  /// A yoga fan whose first paywall came before `yoga_offer` started (1 November).
  static let oldUser =
    #"{"profile_id":"old","installed_at":"2026-11-25T09:00:00Z","first_paywall_at":"2026-10-20T12:00:00Z","#
    + #""custom_attributes":{"interests":["yoga"]}}"#
  /// A new yoga fan: drawn into `yoga_offer` (bucket 28, `control`).
  static let newUser =
    #"{"profile_id":"x","installed_at":"2026-11-25T09:00:00Z","custom_attributes":{"interests":["yoga"]}}"#
  static let keptOut =
    #"{"test":"yoga_offer","version_id":"yoga-offer-2026-11","variation":null,"bucket":null,"outcome":"not_new_user"}"#

  @Test func anOldUserIsExposedWithoutAVariationInEveryPath() throws {
    let scratch = ScratchFolder()
    let log = scratch.path + "/exposures.jsonl"
    let batch = placement(
      ["resolve", "--profiles", "-", "--placement", "main_paywall", "--exposures", log] + now, stdin: [Self.oldUser])
    #expect(batch.status == 0, "\(batch.err)")
    #expect(batch.out.contains(#""reason":"DEFAULT","exposures":[\#(Self.keptOut)]"#))
    let profile = scratch.file("old.json", Self.oldUser)
    let single = placement(["resolve", "--profile", profile, "--placement", "main_paywall"] + now)
    #expect(single.out == batch.out)
    let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 1)
    #expect(
      lines.first?.hasSuffix(
        #""test":"yoga_offer","version_id":"yoga-offer-2026-11","variation":null,"bucket":null,"outcome":"not_new_user"}"#
      ) == true)
    let text = placement(
      ["resolve", "--profiles", "-", "--placement", "main_paywall", "--format", "text"] + now, stdin: [Self.oldUser])
    #expect(
      text.out.contains(
        "  exposure: test 'yoga_offer' (version yoga-offer-2026-11): no variation, no bucket, not_new_user\n"))
  }

  @Test func aProfileInAnotherTestIsExposedWithoutAVariationInTheBatchAndTheLog() throws {
    let scratch = ScratchFolder()
    scratch.file(
      "rules/r.rules",
      """
      segment known = profile_id is set
      test first version "first-1" {
        variation a 50% { p -> paywall a }
        variation b 50% { p -> paywall b }
      }
      test second version "second-1" {
        variation c 50% { q -> paywall c }
        variation d 50% { q -> paywall d }
      }
      placement p: paywall {
        known   -> test first
        default -> paywall standard
      }
      placement q: paywall {
        known   -> test second
        default -> paywall standard
      }

      """)
    let profile =
      #"{"profile_id":"u1","assignments":{"first-1":{"variation":"a","at":"2026-11-20T00:00:00Z"}}}"#
    let log = scratch.path + "/exposures.jsonl"
    let run = placement(
      [
        "resolve", "--rules", scratch.path + "/rules", "--profiles", "-", "--placement", "q", "--exposures", log,
        "--now", "2026-12-01T00:00:00Z",
      ],
      stdin: [profile])
    #expect(run.status == 0, "\(run.err)")
    let exposure =
      #"{"test":"second","version_id":"second-1","variation":null,"bucket":null,"outcome":"in_other_test"}"#
    #expect(run.out.contains(#""content":{"type":"paywall","id":"standard"}"#))
    #expect(run.out.contains(#""exposures":[\#(exposure)]"#))
    #expect(
      try String(contentsOfFile: log, encoding: .utf8).contains(
        #""variation":null,"bucket":null,"outcome":"in_other_test"}"#))
  }

  @Test func aProfileKeptOutIsNoNewAssignment() throws {
    let scratch = ScratchFolder()
    let out = scratch.path + "/assignments.jsonl"
    let run = placement(
      ["resolve", "--profiles", "-", "--placement", "main_paywall", "--assignments-out", out] + now,
      stdin: [Self.oldUser, Self.newUser])
    #expect(run.status == 0, "\(run.err)")
    // `yoga_offer` says no `sticky`: as a cross-placement test its draw is still kept, with its time.
    #expect(
      try String(contentsOfFile: out, encoding: .utf8)
        == #"{"profile_id":"x","assignments":{"yoga-offer-2026-11":{"variation":"control","at":"2026-12-01T00:00:00Z"}}}"#
        + "\n")
  }
}
