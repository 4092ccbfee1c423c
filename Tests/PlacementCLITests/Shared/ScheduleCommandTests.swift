import Testing

/// Schedules through the CLI on the shipped rules' Christmas promotion (upgrade_prompt row 2 'dach_free_users',
/// from 2026-12-20T00:00:00+01:00 until 2027-01-05T00:00:00+01:00): `--now` pins resolve, audiences, lint and test.
@Suite struct ScheduleCommandTests {
  let rules = ["--rules", repo("Rules")]
  let dach = #"{"profile_id":"de-1","country":"DE","subscription_state":"never_subscribed"}"#

  func resolve(at now: String) -> CLIRun {
    placement(
      ["resolve", "--profile", "-", "--placement", "upgrade_prompt", "--now", now, "--explain", "--format", "text"]
        + rules, stdin: [dach])
  }

  @Test func resolveIsSkippedBeforeAndAfterTheWindowAndMatchesInside() {
    let before = resolve(at: "2026-12-19T22:59:59Z")
    #expect(before.status == 0, "\(before.err)")
    #expect(
      before.out == """
        upgrade_prompt: paywall standard  (row 6 'default')  reason SCHEDULED_OUT
          row 0 new_yoga_fans: no match: interests has yoga (seen: interests = missing)
          row 1 lapsed: no match: subscription_state in ["expired", "cancelled"] (seen: subscription_state = "never_subscribed")
          row 2 dach_free_users: matched, skipped: scheduled from 2026-12-20T00:00:00+01:00 until 2027-01-05T00:00:00+01:00
          row 3 upgrade_v2_ramp: no match: percent(10 from "2027-02-01T00:00:00Z", 50 from "2027-02-15T00:00:00Z", 100 from "2027-03-01T00:00:00Z") salt "upgrade-v2" (seen: rollout bucket 5912 of 10000 (before the ramp's first step from "2027-02-01T00:00:00Z": admitted none))
          row 4 engaged_free_users: no match: count(event "app_open" within last 7 days) >= 5 (seen: count(event "app_open" within last 7 days) = 0)
          row 5 pro_onboarded: no match: row(onboarding_end) == pros (seen: row(onboarding_end) = default)
          row 6 default: matched, decided
          prerequisite onboarding_end: flow generic_onboarding (row 3 'default')

        """)
    #expect(
      resolve(at: "2026-12-24T12:00:00Z").out.hasPrefix(
        #"upgrade_prompt: paywall christmas  (row 2 'dach_free_users': country in ["DE", "AT", "CH"] and subscription_state == "never_subscribed")  reason TARGETING_MATCH"#
      ))
    #expect(
      resolve(at: "2027-01-04T23:00:00Z").out.hasPrefix(
        "upgrade_prompt: paywall standard  (row 6 'default')  reason SCHEDULED_OUT"))
    let json = placement(
      ["resolve", "--profile", "-", "--placement", "upgrade_prompt", "--now", "2027-01-10T00:00:00Z", "--explain"]
        + rules, stdin: [dach])
    #expect(
      json.out.contains(
        #"{"index":2,"name":"dach_free_users","outcome":"scheduled_out","reason":"scheduled from 2026-12-20T00:00:00+01:00 until 2027-01-05T00:00:00+01:00"}"#
      ))
    #expect(json.out.contains(#""reason":"SCHEDULED_OUT""#))
  }

  /// The marks of row 2 of an `audiences upgrade_prompt` table, its wrapped lines joined: the text from the
  /// marks column's start on the row's lines.
  func marks(_ table: String) -> String {
    let lines = table.split(separator: "\n", omittingEmptySubsequences: false)
    guard let header = lines.first(where: { $0.hasPrefix("#  row") }), let column = header.range(of: "marks"),
      let first = lines.firstIndex(where: { $0.hasPrefix("2  ") })
    else { return "" }
    let offset = header.distance(from: header.startIndex, to: column.lowerBound)
    return lines[first...].prefix { $0 == lines[first] || $0.hasPrefix(" ") }
      .map { $0.count > offset ? String($0.dropFirst(offset)) : "" }.filter { !$0.isEmpty }.joined(separator: " ")
  }

  @Test func audiencesShowWhatIsLiveAtNow() {
    let before = placement(["audiences", "upgrade_prompt", "--now", "2026-12-01T00:00:00Z"] + rules)
    #expect(before.status == 0, "\(before.err)")
    // The marks column wraps the window (100 columns; audiences-upgrade_prompt.txt shows the whole table).
    #expect(marks(before.out) == "scheduled: from 2026-12-20T00:00:00+01:00 until 2027-01-05T00:00:00+01:00")
    #expect(before.out.contains("schedules judged at 2026-12-01T00:00:00Z: live row 0 'new_yoga_fans';"))
    let inside = placement(["audiences", "upgrade_prompt", "--now", "2026-12-24T00:00:00Z"] + rules)
    #expect(marks(inside.out) == "live: from 2026-12-20T00:00:00+01:00 until 2027-01-05T00:00:00+01:00")
    #expect(
      inside.out.contains(
        "schedules judged at 2026-12-24T00:00:00Z: live row 0 'new_yoga_fans', row 2 'dach_free_users';"))
    let after = placement(
      ["audiences", "upgrade_prompt", "--now", "2027-01-05T00:00:00+01:00", "--format", "json"] + rules)
    #expect(
      after.out.contains(
        #""schedule":{"from":"2026-12-20T00:00:00+01:00","until":"2027-01-05T00:00:00+01:00","status":"ended"}"#))
    #expect(after.out.contains(#""now":"2027-01-04T23:00:00Z""#))
    let list = placement(["audiences", "--now", "2026-12-24T00:00:00Z", "--format", "json"] + rules)
    #expect(
      list.out.contains(
        #""name":"upgrade_prompt","content_type":"paywall","rows":7,"tests":2,"cross_placement_rows":1,"fall_through_rows":1,"scheduled_rows":2,"live_scheduled_rows":2,"layered_rows":1}"#
      ))
    #expect(placement(["audiences", "--now", "tomorrow"] + rules).status == 64)
  }

  @Test func lintFlagsTheEndedPromotionAtALaterNow() {
    let later = placement(["lint", "--strict", "--now", "2027-02-01T00:00:00Z", repo("Rules")])
    #expect(later.status == 1)
    #expect(
      later.out.contains(
        "warning: row 2 'dach_free_users' of placement 'upgrade_prompt' was scheduled until 2027-01-05T00:00:00+01:00: it has ended and never matches again [schedule-ended]"
      ))
    #expect(placement(["lint", "--strict", "--now", "2026-12-01T00:00:00Z", repo("Rules")]).status == 0)
  }

  @Test func testTakesNowForCasesWithoutOne() {
    let folder = ScratchFolder()
    folder.file(
      "tests/xmas.json",
      #"{"cases":[{"name":"live","profile":\#(dach),"expect":{"upgrade_prompt":"paywall christmas"}}]}"#)
    for file in ["attributes.rules", "onboarding.rules", "paywall.rules", "promotions.rules"] {
      folder.file(file, (try? String(contentsOfFile: repo("Rules/\(file)"), encoding: .utf8)) ?? "")
    }
    #expect(placement(["test", folder.path, "--now", "2026-12-24T00:00:00Z"]).out.hasSuffix("1 passed, 0 failed\n"))
    #expect(placement(["test", folder.path, "--now", "2027-01-24T00:00:00Z"]).out.hasSuffix("0 passed, 1 failed\n"))
    #expect(placement(["test", folder.path, "--now", "soon"]).status == 64)
  }
}
