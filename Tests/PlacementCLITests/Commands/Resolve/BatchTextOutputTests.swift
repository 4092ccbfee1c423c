import Foundation
import PlacementKit
import Testing

@testable import PlacementCLI

/// `resolve --profiles --format text` writes from index resolutions and lines rendered once
/// (``DecisionTextWriter``); its bytes must be those of ``DecisionOutput/text(_:)`` of each ``Decision``, with
/// each profile's header, for every kind of decision: tests drawn, kept, forced and unbucketed, layers,
/// overrides, schedules in and out, holdouts, warnings, and ids that escaping changes or cuts.
@Suite struct BatchTextOutputTests {
  /// Lines past one chunk (``BatchResolution/chunkLines``), so rendered lines are reused across chunks.
  static let lines: [String] = (0..<(BatchResolution.chunkLines + 300)).map(line)

  static func line(_ index: Int) -> String {
    let longID = String(repeating: "x", count: 55)
    let ids: [String?] = [
      "t-\(index)", nil, "  ", "\(longID)-\(index % 10)1234", "\(longID)12345", "a\u{7F}b-\(index)",
      "\u{202E}rtl-\(index)", #"q\"uote-\#(index)"#, "qa-pixel-7", "qa-winback", "music-fan-\(index)", "é-\(index)",
    ]
    var members: [String] = []
    if let id = ids[index % ids.count] { members.append(#""profile_id":"\#(id)""#) }
    let countries = ["DE", "US", "AT", "FR"]
    members.append(#""country":"\#(countries[index % 4])""#)
    let states = ["never_subscribed", "expired", "cancelled", "active"]
    members.append(#""subscription_state":"\#(states[(index / 4) % 4])""#)
    members.append(#""total_revenue_usd":\#(index % 3 == 0 ? 0 : 9.99)"#)
    if index % 5 != 0 { members.append(#""installed_at":"2026-\#(index % 2 == 0 ? "11-25" : "06-01")T00:00:00Z""#) }
    if index % 7 == 3 { members.append(#""app_version":"2.\#(index % 6).0""#) }
    if index % 13 == 5 { members.append(#""age":"old""#) }  // not a number: a warning
    if index % 3 == 1 { members.append(#""locale":"\#(["de-AT", "pt_BR", "DE"][index % 9 / 3])""#) }
    if index % 17 == 4 { members.append(#""force":{"music_paywalls":"music_b","yoga_offer":"trial"}"#) }
    if index % 19 == 2 { members.append(#""assignments":{"main_paywall/music_fans/music_paywalls":"music_a"}"#) }
    let interests = [["music"], ["yoga"], ["running"], ["music", "yoga"], []][index % 5]
    var custom = [#""interests":[\#(interests.map { "\"\($0)\"" }.joined(separator: ","))]"#]
    custom.append(#""birthday":"19\#(70 + index % 30)-06-15""#)
    custom.append(#""reminders":\#(index % 2 == 0)"#)
    custom.append(#""experience":"\#(["pro", "amateur", "beginner"][index % 3])""#)
    members.append(#""custom_attributes":{\#(custom.joined(separator: ","))}"#)
    return "{" + members.joined(separator: ",") + "}"
  }

  /// What the text path of each profile's ``Decision``s writes: the header, then each placement's text.
  static func expected(_ lines: [String], rules: String, options: ResolveOptions) throws -> String {
    let ruleSet = try RuleSet.load(directory: rules).get()
    let console = Console(out: { _ in }, err: { _ in }, readLine: { nil }, environment: [:], currentDirectory: "/")
    let output = DecisionOutput(format: .text, console: console, leadPlacement: ruleSet.placementNames.first)
    var text = ""
    for (index, line) in lines.enumerated() {
      let profile = try ruleSet.bind(jsonBytes: Array(line.utf8))
      text += output.profileHeader(profile.profileID, line: index + 1)
      for handle in ruleSet.placementHandles {
        text += output.text(try ruleSet.resolve(handle, for: profile, options: options))
      }
    }
    return text
  }

  @Test(arguments: [
    ["--now", "2026-11-30T00:00:00Z"], ["--now", "2026-12-25T00:00:00Z"],
    ["--now", "2026-11-30T00:00:00Z", "--allow-overrides"], ["--now", "2026-12-25T00:00:00Z", "--jobs", "2"],
  ])
  func textIsTheDecisionsText(_ extra: [String]) throws {
    var options = ResolveOptions(now: Instant(iso8601: extra[1])!)
    options.allowOverrides = extra.contains("--allow-overrides")
    let expected = try Self.expected(Self.lines, rules: repo("Rules"), options: options)
    let run = placement(
      ["resolve", "--profiles", "-", "--rules", repo("Rules"), "--format", "text"] + extra, stdin: Self.lines)
    #expect(run.status == 0, "\(run.err)")
    let got = run.out.split(separator: "\n", omittingEmptySubsequences: false)
    let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(got.count == want.count)
    for (index, (a, b)) in zip(got, want).enumerated() where a != b {
      Issue.record("line \(index + 1): \(a)\nexpected: \(b)")
      break
    }
    // The cases are real: tests draw and expose, overrides decide, warnings show, ids are escaped and cut.
    for shown in [
      "exposure: test", "reason SPLIT", "reason STICKY", "reason DEFAULT", "reason TARGETING_MATCH", "warning: ",
      "profile without profile_id", #"profile a\u{7F}b-"#, "…", #"profile \u{202E}rtl-"#,
    ] {
      #expect(run.out.contains(shown), "\(shown)")
    }
    #expect(run.out.contains("reason OVERRIDE"))
    #expect(run.out.contains("reason SCHEDULED_OUT") == (extra[1] == "2026-11-30T00:00:00Z"))
    #expect(run.out.contains("warning: 'force' ignored") == !options.allowOverrides)
  }
}
