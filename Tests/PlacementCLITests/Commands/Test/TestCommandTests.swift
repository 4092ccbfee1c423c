import Foundation
import Testing

@Suite struct TestCommandTests {
  @Test func shippedRuleTestsPassAndCoverEveryRow() {
    let run = placement(["test", repo("Rules"), "--coverage"])
    #expect(run.status == 0, "\(run.out)\(run.err)")
    #expect(run.err == "")
    #expect(run.out == "coverage of \(repo("Rules")): 17 of 17 rows decided by some case\n67 passed, 0 failed\n")
  }

  @Test func aTestsFolderRunsAgainstItsParentRules() {
    let run = placement(["test", repo("Rules/tests/onboarding.json")])
    #expect(run.status == 0, "\(run.out)\(run.err)")
    #expect(run.out == "6 passed, 0 failed\n")
    #expect(placement(["test", repo("Rules/tests")]).out == "67 passed, 0 failed\n")
  }

  @Test func failingCaseShowsExpectedActualAndTheExplainTrace() {
    let run = placement(["test", fixture("ruletests/failing.json"), "--rules", fixture("ruletests/rules.rules")])
    #expect(run.status == 1)
    let lines = run.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(
      lines.first
        == "FAIL \(fixture("ruletests/failing.json")) cases[1] 'fails: a runner is expected in the music test'")
    #expect(
      Array(lines[1...4]) == [
        "  main_paywall content: expected paywall music_b",
        "                          actual paywall outdoor_trial",
        "  main_paywall row: expected 'music_fans'",
        "                      actual 2 'outdoor'",
      ])
    #expect(
      run.out.contains(
        "  main_paywall variation: expected variation 'music_b'\n                            actual no A/B test\n"))
    #expect(
      run.out.contains(
        "  main_paywall because[1]: expected row 'music_fans': decided\n"
          + "                             actual row 1 'music_fans': not_matched, condition 'interests has music', seen 'interests = [running]'\n"
      ))
    #expect(run.out.contains("  main_paywall decided paywall outdoor_trial at row 2 'outdoor'; explain:\n"))
    #expect(run.out.contains("    row 1 music_fans: no match: interests has music (seen: interests = [running])\n"))
    #expect(!run.out.contains("onboarding_end"), "expectations that hold are not printed")
    #expect(lines.suffix(2) == ["1 passed, 1 failed", ""])
  }

  @Test func malformedTestFileExits65WithFileAndJSONPath() {
    let run = placement(["test", fixture("ruletests/malformed.json"), "--rules", fixture("ruletests/rules.rules")])
    #expect(run.status == 65)
    #expect(
      run.err
        == "\(fixture("ruletests/malformed.json")): error: cases[1].expect.main_paywall.row: must be a row index (0, 1, …) or a row name, found bool\n"
    )
    // The malformed case costs itself alone: the file's other case runs.
    #expect(run.out == "1 passed, 0 failed, 1 not run\n")
  }

  @Test(arguments: [
    (
      #"{"cases": [{"name": "x", "profile": {}, "expect": {"onboardng_end": "holdout"}}]}"#,
      "cases[0].expect.onboardng_end: unknown placement 'onboardng_end'; did you mean 'onboarding_end'? (known: onboarding_end, main_paywall)"
    ),
    (
      #"{"cases": [{"name": "x", "profile": {}, "expect": {"onboarding": "holdout"}}]}"#,
      "cases[0].expect.onboarding: unknown placement 'onboarding'; did you mean 'onboarding_end'? (known: onboarding_end, main_paywall)"
    ),
    (
      #"{"cases": [{"name": "x", "profile": {}, "expect": {"onboarding_end": {"row": "pro"}}}]}"#,
      "cases[0].expect.onboarding_end.row: placement 'onboarding_end' has no row 'pro'; did you mean 'pros'?"
    ),
    (
      #"{"cases": [{"name": "x", "profile": {}, "expect": {"onboarding_end": {"row": 4}}}]}"#,
      "cases[0].expect.onboarding_end.row: placement 'onboarding_end' has rows 0–1, not 4"
    ),
    (
      #"{"cases": [{"name": "x", "profile": {}, "expcet": {}}]}"#,
      "cases[0]: unknown member 'expcet'; did you mean 'expect'?"
    ),
    (
      #"{"cases": [{"name": "x", "profile": {}, "expect": {"onboarding_end": "flow"}}]}"#,
      "cases[0].expect.onboarding_end: content must be 'flow <id>', 'flow <id> with paywall <id>', 'paywall <id>' or 'holdout', found 'flow'"
    ),
    (
      #"{"cases": [{"name": "x", "profile_file": "nope.json", "expect": {"onboarding_end": "holdout"}}]}"#,
      "cases[0].profile_file: cannot read 'nope.json'"
    ),
    (
      #"{"cases": [{"name": "x", "profile": {"custom_attributes": 3}, "expect": {"onboarding_end": "holdout"}}]}"#,
      "cases[0].profile: 'custom_attributes' must be an object, found number"
    ),
    (
      #"{"now": "yesterday", "cases": []}"#,
      "now: must be an ISO-8601 instant with an offset or a date (YYYY-MM-DD), found 'yesterday'"
    ),
    (
      #"{"cases": [{"name": "x", "profile": {}, "expect": {"onboarding_end": {"because": [{"row": 0, "outcome": "won"}]}}}]}"#,
      "cases[0].expect.onboarding_end.because[0].outcome: must be one of not_matched, scheduled_out, capped, outside_layer, not_new_user, in_other_test, fell_through, decided, found 'won'"
    ),
  ])
  func malformedCasesAreNamedByTheirJSONPath(json: String, message: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try json.write(toFile: folder + "/case.json", atomically: true, encoding: .utf8)
    let run = placement(["test", folder + "/case.json", "--rules", fixture("ruletests/rules.rules")])
    #expect(run.status == 65)
    #expect(run.err.hasPrefix("\(folder)/case.json: error: \(message)"), "\(run.err)")
    #expect(run.out.hasSuffix("0 passed, 0 failed, 1 not run\n"))
  }

  @Test func badFlowEventIsReportedWithItsLine() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let event =
      #"{"name":"flow_user_input","instanceId":"s","isBackendEvent":false,"isCustomerEvent":true,"element_id":"experience","element_type":"single_choice","item_ids":["pro"],"item_titles":["Pro"]}"#
    try (event + "\n{not json\n").write(toFile: folder + "/events.jsonl", atomically: true, encoding: .utf8)
    let test =
      #"{"cases": [{"name": "x", "events_file": "events.jsonl", "expect": {"onboarding_end": "flow pro_onboarding"}}]}"#
    try test.write(toFile: folder + "/t.json", atomically: true, encoding: .utf8)
    let run = placement(["test", folder + "/t.json", "--rules", fixture("ruletests/rules.rules")])
    #expect(run.status == 65)
    #expect(
      run.err.hasPrefix("\(folder)/t.json: error: cases[0].events_file: events.jsonl:2:2: invalid JSON"), "\(run.err)")
    try (event + "\n").write(toFile: folder + "/events.jsonl", atomically: true, encoding: .utf8)
    #expect(
      placement(["test", folder + "/t.json", "--rules", fixture("ruletests/rules.rules")]).out == "1 passed, 0 failed\n"
    )
  }

  @Test func rulesThatDoNotCompileExit65() throws {
    let run = placement([
      "test", fixture("ruletests/failing.json"), "--rules", repo("Examples/broken/several-mistakes.rules"),
    ])
    #expect(run.status == 65)
    #expect(run.err.contains("error: rules do not compile: 3 errors"))
    #expect(run.out == "")
  }

  @Test func missingPathsAndFoldersWithoutTests() throws {
    #expect(placement(["test", repo("nope")]).status == 66)
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let run = placement(["test", folder])
    #expect(run.status == 66)
    #expect(run.err.contains("no rule tests (*.json) found in \(folder)"))
  }

  /// Malformed cases are reported in case order, whichever check finds them (reading the file, or the rules);
  /// a second case of the same name is malformed.
  @Test func malformedCasesInCaseOrderAndDuplicateNames() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/x.json"
    try
      (#"{"now":"2026-12-01","cases":[{"name":"row past end","profile":{},"expect":{"onboarding_end":{"row":99}}},"#
      + #"{"name":"bad reason","profile":{},"expect":{"onboarding_end":{"reason":"NOPE"}}},"#
      + #"{"name":"same","profile":{},"expect":{"onboarding_end":"flow generic_onboarding"}},"#
      + #"{"name":"same","profile":{},"expect":{"onboarding_end":"flow generic_onboarding"}}]}"#)
      .write(toFile: file, atomically: true, encoding: .utf8)
    let run = placement(["test", file, "--rules", repo("Rules")])
    #expect(run.status == 65)
    #expect(run.out == "1 passed, 0 failed, 3 not run\n")
    let paths = run.err.split(separator: "\n").map { $0.split(separator: ":").dropFirst(2).first ?? "" }
    #expect(
      paths == [" cases[0].expect.onboarding_end.row", " cases[1].expect.onboarding_end.reason", " cases[3].name"])
    #expect(
      run.err.hasSuffix(
        "\(file): error: cases[3].name: duplicate case name 'same' (also cases[2]); names must be unique\n"),
      "\(run.err)")
  }
}

/// A new empty folder under the temporary directory.
func temporaryFolder() throws -> String {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("placement-\(UUID().uuidString)").path
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}
