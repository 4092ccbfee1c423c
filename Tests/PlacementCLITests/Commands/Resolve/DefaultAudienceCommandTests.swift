import Foundation
import Testing

@testable import PlacementCLI

/// `placement resolve --default-audience`: each placement's default row, for one profile and for a stream.
@Suite struct DefaultAudienceCommandTests {
  static let lapsed = #"{"profile_id":"lapsed-1","subscription_state":"expired","total_revenue_usd":9.99}"#

  @Test func oneProfileGetsTheDefaultRowsContent() {
    let scratch = ScratchFolder()
    let profile = scratch.file("lapsed.json", Self.lapsed)
    let base = ["resolve", "--rules", repo("Rules"), "--profile", profile, "--placement", "main_paywall"]
    let plain = placement(base + ["--format", "text", "--now", "2026-11-30T00:00:00Z"])
    #expect(plain.out.hasPrefix("main_paywall: paywall winback"))
    let run = placement(base + ["--default-audience", "--now", "2026-11-30T00:00:00Z"])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.contains(#""audience":{"index":5,"name":"default","segment":null}"#))
    #expect(run.out.contains(#""content":{"type":"paywall","id":"standard"}"#))
    #expect(run.out.contains(#""reason":"DEFAULT""#))
  }

  @Test func aStreamGetsTheDefaultRowsForEveryLine() {
    let lines = [Self.lapsed, #"{"profile_id":"other","country":"DE"}"#]
    let run = placement(
      ["resolve", "--rules", repo("Rules"), "--profiles", "-", "--placement", "main_paywall", "--default-audience"],
      stdin: lines)
    #expect(run.status == 0, "\(run.err)")
    let decisions = run.out.split(separator: "\n")
    #expect(decisions.count == 2)
    #expect(decisions.allSatisfy { $0.contains(#""content":{"type":"paywall","id":"standard"}"#) })
    let text = placement(
      [
        "resolve", "--rules", repo("Rules"), "--profiles", "-", "--placement", "main_paywall", "--default-audience",
        "--format", "text", "--jobs", "2",
      ],
      stdin: lines)
    #expect(
      text.out.split(separator: "\n").filter { $0.hasPrefix("main_paywall") } == [
        "main_paywall: paywall standard  (row 5 'default')  reason DEFAULT",
        "main_paywall: paywall standard  (row 5 'default')  reason DEFAULT",
      ])
  }
}
