import Foundation
import Testing

/// `placement ingest` and `placement test` on SDK 3.x onboarding events with their analytics events
/// (`Examples/events/sdk3/`).
@Suite struct Flow3IngestTests {
  static let example = "Examples/events/sdk3"

  @Test func theExampleRulesPassTheirTests() {
    let run = placement(["test", repo(Self.example)])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out == "4 passed, 0 failed\n")
  }

  @Test func ingestFoldsSDK3AnswersAndKeepsAnalyticsEvents() throws {
    let run = placement([
      "ingest", repo(Self.example + "/tests/events/completed-premium.jsonl"), "--rules", repo(Self.example),
    ])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.err == "")
    let printed = try #require(
      try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
    let custom = try #require(printed["custom_attributes"] as? [String: Any])
    #expect(custom["experience"] as? String == "pro")
    #expect(custom["plan"] as? String == "premium")
    #expect(custom["goals"] as? [String] == ["option_1"])
    #expect(custom["email"] as? String == "jane@example.com")
    #expect(custom["birthday"] as? String == "1990-06-15T00:00:00Z")
    // The analytics events answer no attribute: they stay, so resolving the printed profile still sees them. The
    // answer to `experience`, which has a presented default, stays too: folded, the default would replace it.
    let names = (printed["events"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    #expect(
      names == [
        "onboarding_started", "screen_presented", "onStateUpdatedAction", "screen_completed", "screen_presented",
        "user_email_collected", "onboarding_completed",
      ])
    let resolved = try shell(
      "$P ingest '\(repo(Self.example + "/tests/events/completed-premium.jsonl"))' --rules '\(repo(Self.example))' "
        + "| $P resolve --profile - --placement onboarding_end --rules '\(repo(Self.example))'")
    #expect(resolved.status == 0, "\(resolved.err)")
    #expect(resolved.out.contains("premium_welcome"), "\(resolved.out)")
  }

  /// The profile `ingest` prints decides as the rule tests of the same events expect.
  @Test func theIngestedProfilesDecideAsTheRuleTests() throws {
    for (events, flow) in [
      ("completed-premium", "premium_welcome"), ("completed-preselected", "amateur_plan"), ("left-early", "win_back"),
    ] {
      let rules = repo(Self.example)
      let run = try shell(
        "$P ingest '\(rules)/tests/events/\(events).jsonl' --rules '\(rules)' "
          + "| $P resolve --profile - --placement onboarding_end --format text --rules '\(rules)'")
      #expect(run.status == 0, "\(run.err)")
      #expect(run.out.hasPrefix("onboarding_end: flow \(flow) "), "\(events): \(run.out)")
    }
  }

  @Test func aBadSDK3EventIsReportedAtItsLine() throws {
    let run = try shell(
      #"printf '%s\n' '{"name":"onStateUpdatedAction","elementId":"plan","params":{"type":"select","value":{"id":"o"}}}' "#
        + "'{\"name\":\"screen_presented\",\"meta\":{\"screen_cid\":\"scr_experience\"}}' "
        + "| $P ingest - --rules '\(repo(Self.example))'")
    #expect(run.status == 1)
    #expect(
      run.err
        == "<stdin>:1: error: event 'plan': missing 'params.value.value'; event skipped\n"
        + "2 lines: 1 applied, 1 skipped\n", "\(run.err)")
    #expect(run.out.contains(#""experience":"amateur""#), "\(run.out)")
  }
}
