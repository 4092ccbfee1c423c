import Testing

@testable import PlacementAnalysis
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
    #expect(lines.contains { $0.hasPrefix("0  us ") && $0.hasSuffix("cross-placement") })
    #expect(lines.contains { $0.contains("50%  control  fallthrough") && $0.hasSuffix("falls through") })
    #expect(
      lines.contains {
        $0.hasPrefix("1  winter_sale ") && $0.contains(" fallthrough ") && $0.hasSuffix("falls through")
      })
    #expect(lines.contains { $0.contains("33%  holdout  holdout") && $0.hasSuffix("holdout") })
    // A version id is kept whole: its column is as wide as its longest word.
    #expect(lines.contains { $0.hasSuffix(" \"home_banner/annual_minded/annual_pitch\"") })
    #expect(!out.contains("…"))
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
    let indent = String(repeating: " ", count: 53)
    #expect(run.out.contains("10%  holdout           holdout (nothing  holdout\n" + indent + "shown)\n"))
    let list = placement(["audiences", "--rules", repo("Rules")]).out
    #expect(list.contains("main_paywall    paywall  6     2      1                     1"))
  }

  /// The shipped rules' tables fit 100 columns where their words allow: long cells wrap at spaces, no word is
  /// cut (a version id of 38 characters beside a schedule's instants and a ramp's quoted instants makes
  /// `upgrade_prompt` 117 wide), the lines
  /// under the table wrap at 100 with a two-space indent.
  @Test(arguments: [("", 100), ("main_paywall", 109), ("upgrade_prompt", 117), ("onboarding_end", 100)])
  func shippedRulesFitOneHundredColumnsOrTheirLongestWords(_ name: String, width: Int) {
    let placementArgument = name.isEmpty ? [] : [name]
    let run = placement(
      ["audiences"] + placementArgument + ["--rules", repo("Rules"), "--now", "2026-12-01T00:00:00Z"])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.split(separator: "\n").map(\.count).max() ?? 0 <= width)
    #expect(!run.out.contains("…"))
    if !name.isEmpty {
      // The paragraph above the table and the lines under it.
      let parts = run.out.components(separatedBy: "\n\n")
      #expect((parts.first! + "\n" + parts.last!).split(separator: "\n").allSatisfy { $0.count <= 100 })
    }
    expectGolden(run.out, "audiences-shipped\(name.isEmpty ? "" : "-" + name).txt")
  }

  @Test func longCellsWrapAtSpacesAndTableColumnsKeepTheirLongestWord() {
    #expect(
      AudiencesText.fit("interests has yoga and installed_at within last 14 days", width: 20, hanging: false) == [
        "interests has yoga", "and installed_at", "within last 14 days",
      ])
    // Runs of spaces inside a line are kept; the continuation is indented two more spaces than the line.
    #expect(
      AudiencesText.fit("   50%  trial    paywall yoga_trial", width: 30) == [
        "   50%  trial    paywall", "     yoga_trial",
      ])
    #expect(
      AudiencesText.fit("  version \"main_paywall/music_fans/music_paywalls\" (derived)", width: 30) == [
        "  version", "    \"main_paywall/music_fans/…", "    (derived)",
      ])
    #expect(AudiencesText.fit("short", width: 30) == ["short"])
    // The width at which no word is cut: the id on a continuation line, indented two more spaces.
    #expect(AudiencesText.narrowestUncut("  version \"main_paywall/music_fans/music_paywalls\" (derived)") == 44)
    #expect(AudiencesText.narrowestUncut("interests has yoga", hanging: false) == 9)
    let grid = AudiencesText.grid(
      ["id", "note"], [[["version \"a_long_version_id/of_thirty_chars\""], ["x"]]], minimum: [0: 4], width: 20)
    let id = "\"a_long_version_id/of_thirty_chars\""
    #expect(
      grid == AudiencesText.pad("id", id.count) + "  note\n" + AudiencesText.pad("version", id.count) + "  x\n" + id
        + "\n")
    let floors = [2: 21, 3: 30, 4: 25]
    #expect(
      AudiencesText.fitted([1, 15, 48, 60, 76], headers: [1, 3, 7, 7, 5], minimum: floors, budget: 92) == [
        1, 15, 21, 30, 25,
      ])
    #expect(AudiencesText.fitted([1, 15, 20, 20, 20], headers: [1, 3, 7, 7, 5], budget: 92) == [1, 15, 20, 20, 20])
  }
}
