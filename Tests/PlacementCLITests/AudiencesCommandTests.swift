import Testing

@testable import PlacementCLI

/// `placement audiences` on a fixture with an inline test and a holdout, a cross-placement test over two
/// placements, a fallthrough row and a rollout; text output checked against golden files.
@Suite struct AudiencesCommandTests {
  let rules = ["--rules", fixture("abtests")]

  @Test func listOfPlacements() {
    let run = placement(["audiences"] + rules)
    #expect(run.status == 0, "\(run.err)")
    #expect(run.err == "")
    expectGolden(run.out, "audiences-list.txt")
  }

  @Test(arguments: ["home_banner", "checkout"])
  func tableOfAPlacement(_ name: String) {
    let run = placement(["audiences", name] + rules)
    #expect(run.status == 0, "\(run.err)")
    expectGolden(run.out, "audiences-\(name).txt")
  }

  @Test func tableShowsSplitMarksAndFallback() {
    let out = placement(["audiences", "home_banner"] + rules).out
    let lines = out.split(separator: "\n").map(String.init)
    // Cross-placement row first though written third; its control variation falls through.
    #expect(lines.contains { $0.hasPrefix("0  us ") && $0.hasSuffix("cross-placement (also in") })
    #expect(lines.contains { $0.contains("50%  control  fallthrough") && $0.hasSuffix("falls through") })
    #expect(
      lines.contains {
        $0.hasPrefix("1  winter_sale ") && $0.contains(" fallthrough ") && $0.hasSuffix("falls through")
      })
    #expect(lines.contains { $0.contains("33%  holdout  holdout") && $0.hasSuffix("holdout") })
    // A word wider than its column is cut (the JSON form carries it whole: jsonForTools).
    #expect(lines.contains { $0.hasSuffix(" \"home_banner/annual_minde…") })
    #expect(lines.contains("fallback: a profile that matches no row gets row 3 'default': paywall standard"))
    #expect(
      lines.contains(
        "falls through to the next matching row: row 0 'us' (variation control); row 1 'winter_sale' (always)"))
  }

  @Test func jsonForTools() {
    let run = placement(["audiences", "home_banner", "--format", "json", "--now", "2026-12-01T00:00:00Z"] + rules)
    #expect(run.status == 0)
    expectGolden(run.out, "audiences-home_banner.json")
    #expect(run.out.contains(#""version_id":"home_banner/annual_minded/annual_pitch""#))
    let list = placement(["audiences", "--format", "json"] + rules)
    #expect(
      list.out
        == #"{"placements":[{"name":"home_banner","content_type":"paywall","rows":4,"tests":2,"cross_placement_rows":1,"fall_through_rows":2,"scheduled_rows":0,"live_scheduled_rows":0,"layered_rows":0},{"name":"checkout","content_type":"paywall","rows":3,"tests":2,"cross_placement_rows":1,"fall_through_rows":0,"scheduled_rows":0,"live_scheduled_rows":0,"layered_rows":0}],"layers":[]}"#
        + "\n")
  }

  @Test func unknownPlacementExits65WithSuggestion() {
    let run = placement(["audiences", "home_baner"] + rules)
    #expect(run.status == 65)
    #expect(run.out == "")
    #expect(
      run.err
        == "error: unknown placement 'home_baner'; did you mean 'home_banner'? (known placements: home_banner, checkout)\n"
    )
  }

  @Test func usageErrors() {
    #expect(placement(["audiences", "a", "b"] + rules).status == 64)
    #expect(placement(["audiences", "--format", "yaml"] + rules).status == 64)
    #expect(placement(["audiences", "--help"]).out.contains("usage: placement audiences [PLACEMENT]"))
  }

  @Test func shippedRulesShowTheCrossPlacementTest() {
    let run = placement(["audiences", "upgrade_prompt", "--rules", repo("Rules")])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.contains("cross-placement (also in\n"))
    // The holdout's content wraps under its id; its mark stays on the variation's first line.
    let indent = String(repeating: " ", count: 48)
    #expect(run.out.contains("10%  holdout                 holdout\n" + indent + "holdout (nothing shown)\n"))
    let list = placement(["audiences", "--rules", repo("Rules")]).out
    #expect(list.contains("main_paywall    paywall  6     2      1                     1"))
  }

  /// The shipped rules' tables fit 100 columns: long cells wrap at spaces, a word too wide for its column is cut
  /// with `…` (the JSON form keeps it whole), the lines under the table wrap with a two-space indent.
  @Test(arguments: ["", "main_paywall", "upgrade_prompt", "onboarding_end"])
  func shippedRulesFitOneHundredColumns(_ name: String) {
    let placementArgument = name.isEmpty ? [] : [name]
    let run = placement(["audiences"] + placementArgument + ["--rules", repo("Rules"), "--now", "2026-12-01T00:00:00Z"])
    #expect(run.status == 0, "\(run.err)")
    let wide = run.out.split(separator: "\n").filter { $0.count > 100 }
    #expect(wide == [])
    expectGolden(run.out, "audiences-shipped\(name.isEmpty ? "" : "-" + name).txt")
  }

  @Test func longCellsWrapAtSpacesAndLongWordsAreCut() {
    #expect(AudiencesText.fit("interests has yoga and installed_at within last 14 days", width: 20, hanging: false) == [
      "interests has yoga", "and installed_at", "within last 14 days",
    ])
    // Runs of spaces inside a line are kept; the continuation is indented two more spaces than the line.
    #expect(AudiencesText.fit("   50%  trial    paywall yoga_trial", width: 30) == [
      "   50%  trial    paywall", "     yoga_trial",
    ])
    #expect(AudiencesText.fit("  version \"main_paywall/music_fans/music_paywalls\" (derived)", width: 30) == [
      "  version", "    \"main_paywall/music_fans/…", "    (derived)",
    ])
    #expect(AudiencesText.fit("short", width: 30) == ["short"])
    let floors = [2: 21, 3: 30, 4: 25]
    #expect(
      AudiencesText.fitted([1, 15, 48, 60, 76], headers: [1, 3, 7, 7, 5], minimum: floors, budget: 92) == [
        1, 15, 21, 30, 25,
      ])
    #expect(AudiencesText.fitted([1, 15, 20, 20, 20], headers: [1, 3, 7, 7, 5], budget: 92) == [1, 15, 20, 20, 20])
  }
}
