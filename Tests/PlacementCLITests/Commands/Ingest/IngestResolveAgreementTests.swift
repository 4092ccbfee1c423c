import Foundation
import Testing

/// `ingest`, `resolve` and `placement test` read the same input the same way: the profile `ingest` prints decides
/// on the answers it printed, every path accepts one range of dates, and ingest's messages are in line order.
@Suite struct IngestResolveAgreementTests {
  let scratch = ScratchFolder()

  static let amateur =
    #"{"name":"flow_user_input","instanceId":"scr_J260KU5q","element_id":"experience","element_type":"single_choice","item_ids":["amateur"]}"#

  /// The newcomer's workflow: a changed answer ingested into the seed profile, whose `events` answer `pro`.
  @Test func theIngestedProfileDecidesOnTheNewAnswer() throws {
    let events = scratch.file("changed.jsonl", Self.amateur + "\n")
    let ingest = placement([
      "ingest", events, "--profile", repo("Examples/profiles/seed-profile.json"), "--rules", repo("Rules"),
    ])
    #expect(ingest.status == 0, "\(ingest.err)")
    #expect(ingest.err == "")
    #expect(ingest.out.contains(#""experience":"amateur""#))
    // Every event of the seed profile is read by an attribute: all are folded into `custom_attributes`.
    #expect(!ingest.out.contains(#""events""#), "\(ingest.out)")
    let printed = scratch.file("p2.json", ingest.out)
    let resolve = placement([
      "resolve", "--profile", printed, "--placement", "onboarding_end", "--format", "text", "--rules", repo("Rules"),
    ])
    #expect(resolve.status == 0, "\(resolve.err)")
    #expect(
      resolve.out
        == "onboarding_end: flow amateur_onboarding  (row 1 'amateurs': experience == amateur)  reason TARGETING_MATCH\n"
    )
  }

  /// `placement test` with the same profile file and events file expects, and gets, what `resolve` decides on the
  /// profile `ingest` prints.
  @Test func aRuleTestOfTheProfileAndEventsAgrees() throws {
    let profile = try String(contentsOfFile: repo("Examples/profiles/seed-profile.json"), encoding: .utf8)
    scratch.file("tests/profiles/seed.json", profile)
    scratch.file("tests/profiles/changed.jsonl", Self.amateur + "\n")
    let test = scratch.file(
      "tests/changed.json",
      #"{"now":"2026-12-01T00:00:00Z","cases":[{"name":"a changed answer","profile_file":"profiles/seed.json","#
        + #""events_file":"profiles/changed.jsonl","expect":{"onboarding_end":"flow amateur_onboarding"}}]}"#)
    let run = placement(["test", test, "--rules", repo("Rules")])
    #expect(run.status == 0, "\(run.out)\(run.err)")
    #expect(run.out == "1 passed, 0 failed\n")
  }

  static let birthdayRules = """
    attribute birthday: date from input "birthday"
    segment answered = birthday is set

    placement q: flow {
      answered -> flow answered
      default  -> flow not_answered
    }

    """

  /// A picker value beyond ±8.64e15 ms is refused by `ingest` and in `events`, as in `custom_attributes`.
  @Test func oneRangeOfDatesOnEveryPath() throws {
    let rules = scratch.file("D/a.rules", Self.birthdayRules)
    let event =
      #"{"name":"flow_user_input","instanceId":"s","element_id":"birthday","element_type":"date_picker","value":9000000000000000}"#
    let events = scratch.file("ev.jsonl", event + "\n")
    let ingest = placement(["ingest", events, "--rules", rules])
    #expect(ingest.status == 1)
    #expect(ingest.out == #"{"custom_attributes":{}}"# + "\n")
    #expect(
      ingest.err
        == "\(events):1: error: event 'birthday': 'value' 9000000000000000 is out of range (±8.64e15 ms); event skipped\n"
        + "1 line: 0 applied, 1 skipped\n")
    let inEvents = placement(["resolve", "--profile", "-", "--rules", rules], stdin: [#"{"events":[\#(event)]}"#])
    #expect(inEvents.out.contains(#""id":"not_answered""#))
    #expect(
      inEvents.out.contains(
        #""warnings":["events[0]: skipped event: event 'birthday': 'value' 9000000000000000 is out of range (±8.64e15 ms)"]"#
      ),
      "\(inEvents.out)")
    // The largest accepted value is accepted everywhere.
    let edge = event.replacingOccurrences(of: "9000000000000000", with: "8640000000000000")
    let edgeIngest = placement(["ingest", "-", "--rules", rules], stdin: [edge])
    #expect(edgeIngest.out == #"{"custom_attributes":{"birthday":"+275760-09-13T00:00:00Z"}}"# + "\n")
    let back = placement(["resolve", "--profile", "-", "--rules", rules], stdin: [edgeIngest.out])
    #expect(back.out.contains(#""id":"answered""#) && back.out.contains(#""warnings":[]"#), "\(back.out)")
  }

  /// Out-of-range profile values say so, and print integers as integers.
  @Test(arguments: [
    (#"8640000000000001"#, "value 8640000000000001 treated as missing: out of range (±8.64e15 ms)"),
    (#"1e300"#, "value 1e+300 treated as missing: out of range (±8.64e15 ms)"),
    (#""9000000000000000""#, #"value \"9000000000000000\" treated as missing: out of range (±8.64e15 ms)"#),
    (
      #""+287168-08-24T16:00:00Z""#,
      #"value \"+287168-08-24T16:00:00Z\" treated as missing: out of range (±8.64e15 ms)"#
    ),
    (
      #""yesterday""#,
      #"value \"yesterday\" treated as missing: not an ISO-8601 date with an offset, a YYYY-MM-DD date or a Unix time"#
    ),
  ])
  func outOfRangeDatesAreNamed(value: String, warning: String) throws {
    let rules = scratch.file("D/a.rules", Self.birthdayRules)
    let run = placement(
      ["resolve", "--profiles", "-", "--rules", rules], stdin: [#"{"custom_attributes":{"birthday":\#(value)}}"#])
    #expect(run.out.contains(#""warnings":["attribute 'birthday': \#(warning)"]"#), "\(run.out)")
  }

  /// Ingest names a screen-less event, warns about a single choice's extra ids, and reports in line order.
  @Test func ingestMessagesAreInLineOrder() throws {
    let lines = [
      #"{"name":"flow_user_input","instanceId":"s1","element_id":"experience","element_type":"single_choice","item_ids":["pro","beginner"]}"#,
      "{not json",
      #"{"name":"flow_user_input","element_id":"experience","element_type":"single_choice","item_ids":["amateur"]}"#,
      #"{"name":"flow_user_input","element_id":"reminders"}"#,
    ]
    let events = scratch.file("amb.jsonl", lines.joined(separator: "\n") + "\n")
    let rules = scratch.file(
      "R/a.rules",
      """
      attribute experience: choice(beginner, amateur, pro) from quiz "experience"
      attribute reminders: bool from toggle "reminders"
      placement p: flow {
        default -> flow x
      }

      """)
    let run = placement(["ingest", events, "--rules", rules])
    #expect(run.status == 1)
    #expect(
      run.err
        == """
        \(events):1: warning: event 'experience': single_choice with 2 item_ids ("pro", "beginner"): the first, "pro", is the answer
        \(events):2:2: error: invalid JSON: expected a string key
        \(events):3: warning: attribute 'experience': element 'experience' was answered on several screens (<no instanceId>, s1); qualify the source with a screen
        \(events):4: error: event 'reminders': missing 'element_type'; event skipped
        4 lines: 2 applied, 2 skipped

        """)
    // Both answers stay in the printed profile: still ambiguous when it is resolved.
    #expect(run.out.contains(#""events":[{"element_id":"experience""#), "\(run.out)")
  }
}
