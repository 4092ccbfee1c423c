import Testing

/// The newcomer check: `resolve --format text` printed a profile's coercion warning under every placement. A
/// decision's warnings are its profile's (the same in each of its decisions): text shows them once per profile,
/// above its first decision; JSON keeps them on every decision line, which each stand alone.
@Suite struct ProfileWarningsTests {
  let common = ["--now", "2026-11-30T00:00:00Z", "--rules", repo("Rules")]
  static let profile =
    #"{"profile_id":"w-1","app_version":"2.x","custom_attributes":{"experience":"pro","birthday":"soon"}}"#
  static let warnings = [
    #"attribute 'app_version': value "2.x" treated as missing: not a SemVer 2.0.0 version (version component 'x' is not a number)"#,
    #"attribute 'birthday': value "soon" treated as missing: not an ISO-8601 date with an offset, a YYYY-MM-DD date or a Unix time"#,
  ]

  @Test func textShowsAProfilesWarningsOnce() {
    let run = placement(["resolve", "--profile", "-", "--format", "text"] + common, stdin: [Self.profile])
    #expect(run.status == 0)
    #expect(run.err == "")
    #expect(
      run.out == """
        warning: \(Self.warnings[0])
        warning: \(Self.warnings[1])
        onboarding_end: flow pro_onboarding  (row 0 'pros': experience == pro)  reason TARGETING_MATCH
        main_paywall: paywall standard  (row 5 'default')  reason DEFAULT
        upgrade_prompt: paywall pro_annual  (row 5 'pro_onboarded': row(onboarding_end) == pros)  reason TARGETING_MATCH
          config en: {"cta":"Start my free week","features":["plans","stats"],"title":"Go pro","trial_days":7}

        """)
  }

  /// In a batch, under each profile's header, for any --jobs; a profile without warnings gets none, and the first
  /// placement asked for (not the first declared) carries them.
  @Test(arguments: ["1", "2"])
  func batchTextShowsEachProfilesWarningsOnceUnderItsHeader(jobs: String) {
    let run = placement(
      [
        "resolve", "--profiles", "-", "--format", "text", "--placement", "upgrade_prompt", "--placement",
        "onboarding_end", "--jobs", jobs,
      ] + common, stdin: [Self.profile, #"{"profile_id":"w-2"}"#])
    #expect(run.status == 0)
    #expect(run.err == "2 profiles resolved, 0 lines failed\n")
    #expect(
      run.out == """
        profile w-1 (line 1):
        warning: \(Self.warnings[0])
        warning: \(Self.warnings[1])
        upgrade_prompt: paywall pro_annual  (row 5 'pro_onboarded': row(onboarding_end) == pros)  reason TARGETING_MATCH
          config en: {"cta":"Start my free week","features":["plans","stats"],"title":"Go pro","trial_days":7}
        onboarding_end: flow pro_onboarding  (row 0 'pros': experience == pro)  reason TARGETING_MATCH
        profile w-2 (line 2):
        upgrade_prompt: paywall standard  (row 6 'default')  reason PREREQUISITE_FAILED
        onboarding_end: flow generic_onboarding  (row 3 'default')  reason DEFAULT

        """)
  }

  /// JSON is unchanged: every decision line carries the profile's warnings, single profile or batch.
  @Test func jsonKeepsTheWarningsOnEveryDecision() {
    let single = placement(["resolve", "--profile", "-"] + common, stdin: [Self.profile])
    let batch = placement(["resolve", "--profiles", "-"] + common, stdin: [Self.profile])
    let expected =
      #""warnings":["#
      + Self.warnings.map { "\"\($0.replacingOccurrences(of: "\"", with: "\\\""))\"" }
      .joined(separator: ",") + "]}"
    for run in [single, batch] {
      let lines = run.out.split(separator: "\n")
      #expect(lines.count == 3)
      for line in lines { #expect(line.hasSuffix(expected), "\(line)") }
    }
  }
}
