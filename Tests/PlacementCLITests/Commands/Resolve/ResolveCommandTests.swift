import Testing

@Suite struct ResolveCommandTests {
  let now = ["--now", "2026-11-30T00:00:00Z", "--rules", repo("Rules")]

  @Test func seedProfileGetsProOnboarding() {
    let run = placement(
      ["resolve", "--profile", repo("Examples/profiles/seed-profile.json"), "--placement", "onboarding_end"] + now)
    #expect(run.status == 0)
    #expect(run.err == "")
    #expect(
      run.out
        == #"{"placement":"onboarding_end","profile_id":"3f1c2a9e-5b7d-4e21-9c0a-7d8e6f5a4b32","audience":{"index":0,"name":"pros","segment":"experience == pro"},"content":{"type":"flow","id":"pro_onboarding","paywall":null},"ab_test":null,"reason":"TARGETING_MATCH","exposures":[],"warnings":[]}"#
        + "\n")
  }

  @Test(arguments: [
    ("never-answered.json", "generic_onboarding", "standard"),
    ("amateur.json", "amateur_onboarding", "outdoor_trial"),
    ("beginner.json", "beginner_onboarding", "standard"),
    ("lapsed.json", "pro_onboarding", "winback"),
    ("pro-old-app.json", "pro_onboarding", "music_a"),
  ])
  func exampleProfiles(file: String, flow: String, paywall: String) {
    let run = placement(["resolve", "--profile", repo("Examples/profiles/\(file)"), "--format", "text"] + now)
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.contains("onboarding_end: flow \(flow) "))
    #expect(run.out.contains("main_paywall: paywall \(paywall) "))
  }

  @Test func unknownPlacementExits65WithSuggestion() {
    let run = placement(
      ["resolve", "--profile", repo("Examples/profiles/seed-profile.json"), "--placement", "onboardng_end"] + now)
    #expect(run.status == 65)
    #expect(run.err.contains("unknown placement 'onboardng_end'; did you mean 'onboarding_end'?"))
    #expect(run.err.contains("known placements: onboarding_end, main_paywall"))
  }

  /// A placement called by its first word gets the whole name suggested, as the library's resolve does.
  @Test func aPlacementCalledByItsFirstWordGetsTheWholeNameSuggested() {
    let run = placement(
      ["resolve", "--profile", repo("Examples/profiles/seed-profile.json"), "--placement", "onboarding"] + now)
    #expect(run.status == 65)
    #expect(
      run.err
        == "error: unknown placement 'onboarding'; did you mean 'onboarding_end'? (known placements: onboarding_end, main_paywall, upgrade_prompt)\n"
    )
  }

  @Test func explainNamesTheFailingConditionAndValue() {
    let run = placement(
      ["resolve", "--profile", repo("Examples/profiles/amateur.json"), "--placement", "onboarding_end", "--explain"]
        + now)
    #expect(
      run.out.contains(
        #"{"index":0,"name":"pros","outcome":"not_matched","condition":"experience == pro","seen":"experience = amateur"}"#
      ))
    #expect(run.out.contains(#"{"index":1,"name":"amateurs","outcome":"decided"}"#))
  }

  @Test func batchReportsBadLineAndResolvesTheOthers() {
    let run = placement(
      ["resolve", "--profiles", "-", "--placement", "onboarding_end"] + now,
      stdin: [#"{"profile_id":"a","custom_attributes":{"experience":"pro"}}"#, "{not json", #"{"profile_id":"c"}"#])
    #expect(run.status == 1)
    #expect(run.err.contains("<stdin>:2:2: error: invalid JSON"))
    let lines = run.out.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines[0].contains(#""id":"pro_onboarding""#))
    #expect(lines[1].contains(#""id":"generic_onboarding""#))
  }

  @Test func brokenRulesExit65WithDiagnostics() {
    let run = placement([
      "resolve", "--profile", repo("Examples/profiles/seed-profile.json"), "--rules",
      repo("Examples/broken/several-mistakes.rules"),
    ])
    #expect(run.status == 65)
    #expect(run.err.contains("error: rules do not compile: 3 errors"))
  }

  @Test func usageErrors() {
    #expect(placement(["resolve"]).status == 64)
    #expect(placement(["resolve", "--profile", "x", "--frmat", "json"]).err.contains("did you mean '--format'?"))
    #expect(placement(["reslove"]).err.contains("did you mean 'resolve'?"))
    #expect(placement(["resolve", "--profile", repo("nope.json")] + now).status == 66)
  }
}
