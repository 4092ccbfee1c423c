import Foundation
import Testing

/// A sticky cross-placement test through the command line: `--assignments-out` writes the assignment with its
/// time, the written line sent back keeps the variation after the test stopped, and `audiences` states the rules.
@Suite struct CrossPlacementEntryCommandTests {
  static let rules = """
    segment us = country == "US"
    test offer version "offer-1" sticky for 30 days from "2026-11-20T00:00:00Z" until "2026-12-20T00:00:00Z" {
      variation a 50% { p -> paywall a }
      variation b 50% { p -> paywall b }
    }
    placement p: paywall {
      us      -> test offer
      default -> paywall standard
    }

    """

  @Test func theWrittenAssignmentCarriesItsTimeAndIsKeptAfterTheTestStopped() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Self.rules.write(toFile: folder + "/offer.rules", atomically: true, encoding: .utf8)
    let out = folder + "/assignments.jsonl"
    let profile = #"{"profile_id":"u1","country":"US","first_paywall_at":"2026-11-25T00:00:00Z"}"#
    let run = placement(
      [
        "resolve", "--profiles", "-", "--rules", folder, "--now", "2026-11-30T00:00:00Z", "--assignments-out", out,
      ], stdin: [profile])
    #expect(run.status == 0, "\(run.err)")
    let line = try String(contentsOfFile: out, encoding: .utf8)
    #expect(
      line == #"{"profile_id":"u1","assignments":{"offer-1":{"variation":"a","at":"2026-11-30T00:00:00Z"}}}"# + "\n")
    // Sent back 20 days after the test stopped, inside the 30-day window, and after it.
    let assignments = #"{"offer-1":{"variation":"a","at":"2026-11-30T00:00:00Z"}}"#
    let carried = #"{"profile_id":"u1","country":"US","assignments":\#(assignments)}"#
    let kept = placement(
      ["resolve", "--profile", "-", "--rules", folder, "--now", "2026-12-29T23:59:59Z"], stdin: [carried])
    #expect(kept.out.contains(#""content":{"type":"paywall","id":"a"}"#))
    #expect(kept.out.contains(#""reason":"STICKY""#))
    let ended = placement(
      ["resolve", "--profile", "-", "--rules", folder, "--now", "2026-12-30T00:00:00Z"], stdin: [carried])
    #expect(ended.out.contains(#""reason":"SCHEDULED_OUT""#))
  }

  @Test func audiencesStatesTheStartTheWindowAndTheExclusivity() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Self.rules.write(toFile: folder + "/offer.rules", atomically: true, encoding: .utf8)
    let text = placement(["audiences", "p", "--rules", folder, "--now", "2026-11-30T00:00:00Z"])
    #expect(text.status == 0, "\(text.err)")
    #expect(
      text.out.contains(
        """
        cross-placement test 'offer': new users only (first paywall at or after 2026-11-20T00:00:00Z); a
          timed assignment keeps its variation for 30 days, even after the test ends; a profile in another
          cross-placement test's window skips it
        """))
    let json = placement(["audiences", "p", "--rules", folder, "--now", "2026-11-30T00:00:00Z", "--format", "json"])
    #expect(json.out.contains(#""entry":{"start":"2026-11-20T00:00:00Z","sticky_window_days":30,"exclusive":true}"#))
  }
}
