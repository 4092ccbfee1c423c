import Testing

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
    #expect(lines.contains { $0.hasPrefix("0  us ") && $0.hasSuffix("cross-placement (also in checkout)") })
    #expect(lines.contains { $0.contains("50%  control  fallthrough") && $0.hasSuffix("falls through") })
    #expect(
      lines.contains {
        $0.hasPrefix("1  winter_sale ") && $0.contains(" fallthrough ") && $0.hasSuffix("falls through")
      })
    #expect(lines.contains { $0.contains("33%  holdout  holdout (nothing shown)") && $0.hasSuffix("holdout") })
    #expect(lines.contains { $0.contains("version \"home_banner/annual_minded/annual_pitch\" (derived)") })
    #expect(lines.contains("fallback: a profile that matches no row gets row 3 'default': paywall standard"))
    #expect(
      lines.contains(
        "falls through to the next matching row: row 0 'us' (variation control); row 1 'winter_sale' (always)"))
  }

  @Test func jsonForTools() {
    let run = placement(["audiences", "home_banner", "--format", "json", "--now", "2026-12-01T00:00:00Z"] + rules)
    #expect(run.status == 0)
    expectGolden(run.out, "audiences-home_banner.json")
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
    #expect(run.out.contains("cross-placement (also in main_paywall)"))
    #expect(run.out.contains("10%  holdout           holdout (nothing shown)"))
    let list = placement(["audiences", "--rules", repo("Rules")]).out
    #expect(list.contains("main_paywall    paywall  6     2      1                     1"))
  }
}
