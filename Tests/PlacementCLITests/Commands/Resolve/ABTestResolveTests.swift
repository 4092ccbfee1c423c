import Testing

/// `placement resolve` on A/B tests: fallthrough and holdout in --explain, one variation across placements.
@Suite struct ABTestResolveTests {
  let rules = ["--rules", fixture("abtests"), "--now", "2026-11-30T00:00:00Z"]
  /// Buckets computed independently (Python hashlib): spring-2026 → 26 (control), winter-sale-2026 → 727 of
  /// 10,000 (admitted by percent(20)), home_banner/annual_minded/annual_pitch → 60 (holdout: b 0–32, holdout 33–65).
  let fan16 = #"{"profile_id":"fan-16","country":"US","custom_attributes":{"plan_interest":"annual"}}"#

  @Test func explainShowsFallthroughAndHoldout() {
    let run = placement(
      ["resolve", "--profile", "-", "--placement", "home_banner", "--explain"] + rules, stdin: [fan16])
    #expect(run.status == 0, "\(run.err)")
    #expect(
      run.out
        == #"{"placement":"home_banner","profile_id":"fan-16","audience":{"index":2,"name":"annual_minded","segment":"plan_interest == annual"},"#
        + #""content":{"type":"holdout"},"ab_test":{"name":"annual_pitch","version_id":"home_banner/annual_minded/annual_pitch","variation":"holdout","bucket":60},"#
        + #""reason":"DISABLED","exposures":[{"test":"spring_launch","version_id":"spring-2026","variation":"control","bucket":26,"outcome":"fell_through"},"#
        + #"{"test":"annual_pitch","version_id":"home_banner/annual_minded/annual_pitch","variation":"holdout","bucket":60,"outcome":"holdout"}],"warnings":[],"#
        + #""explain":[{"index":0,"name":"us","outcome":"fell_through","reason":"variation 'control' of test 'spring_launch' (bucket 26) falls through"},"#
        + #"{"index":1,"name":"winter_sale","outcome":"fell_through","reason":"the row's content is fallthrough"},"#
        + #"{"index":2,"name":"annual_minded","outcome":"decided","reason":"variation 'holdout' of test 'annual_pitch' (bucket 60): holdout, nothing shown"}]}"#
        + "\n")
  }

  @Test func explainAsText() {
    let run = placement(["resolve", "--profile", "-", "--explain", "--format", "text"] + rules, stdin: [fan16])
    #expect(run.status == 0, "\(run.err)")
    expectGolden(run.out, "resolve-explain-fan-16.txt")
  }

  @Test func sameVariationInBothPlacementsOfTheCrossPlacementTest() {
    let run = placement(["resolve", "--profile", "-", "--placement", "checkout"] + rules, stdin: [fan16])
    #expect(
      run.out.contains(
        #""ab_test":{"name":"spring_launch","version_id":"spring-2026","variation":"control","bucket":26}"#))
    #expect(run.out.contains(#""content":{"type":"paywall","id":"standard"}"#))
  }

  @Test func shippedRulesYogaOffer() {
    let now = ["--now", "2026-11-30T00:00:00Z", "--rules", repo("Rules")]
    let run = placement(
      ["resolve", "--profile", repo("Examples/profiles/new-yoga-fan.json"), "--format", "text"] + now)
    #expect(run.status == 0, "\(run.err)")
    #expect(
      run.out == """
        onboarding_end: flow beginner_onboarding  (row 2 'beginners': experience == beginner)  reason TARGETING_MATCH
        main_paywall: paywall yoga_trial  (row 0 'new_yoga_fans': interests has yoga and installed_at within last 14 days)  reason SPLIT
          exposure: test 'yoga_offer' (version yoga-offer-2026-11): variation 'trial', bucket 62, decided
        upgrade_prompt: paywall yoga_trial  (row 0 'new_yoga_fans': interests has yoga and installed_at within last 14 days)  reason SPLIT
          exposure: test 'yoga_offer' (version yoga-offer-2026-11): variation 'trial', bucket 62, decided

        """)
    // yoga-fan-1 draws bucket 19: control falls through to the rest of each table.
    let control = placement(
      ["resolve", "--profiles", "-", "--placement", "main_paywall", "--explain"] + now,
      stdin: [
        #"{"profile_id":"yoga-fan-1","installed_at":"2026-11-25T09:00:00Z","custom_attributes":{"interests":["yoga"]}}"#
      ])
    #expect(control.out.contains(#""content":{"type":"paywall","id":"standard"},"ab_test":null,"reason":"DEFAULT""#))
    #expect(
      control.out.contains(
        #""exposures":[{"test":"yoga_offer","version_id":"yoga-offer-2026-11","variation":"control","bucket":19,"outcome":"fell_through"}]"#
      ))
    #expect(
      control.out.contains(
        #"{"index":0,"name":"new_yoga_fans","outcome":"fell_through","reason":"variation 'control' of test 'yoga_offer' (bucket 19) falls through"}"#
      ))
  }
}
