import Foundation
import Testing

@Suite struct LintCommandTests {
  let fixture = "Tests/PlacementCLITests/Fixtures/lint/several-findings.rules"

  /// Removed after each test (P-4: no `lint-*.rules` left in the temp folder).
  let scratch = ScratchFolder()

  /// Writes `rules` to a fresh temporary file and returns its path.
  func temporaryRules(_ rules: String) throws -> String {
    scratch.file("lint-\(UUID().uuidString).rules", rules)
  }

  @Test func shippedRulesLintCleanWithStrict() {
    let run = placement(["lint", "Rules", "--strict"])
    #expect(run.status == 0, "\(run.out)")
    #expect(run.out.hasSuffix("0 errors, 0 warnings, 5 infos\n"))
    #expect(placement(["lint", "--strict"]).status == 0)
  }

  /// `lint --now T`: the example profiles that depend on the time are found, and labelled, at T.
  @Test func nowSetsTheInstantExampleProfilesAreJudgedAt() {
    let standard = placement(["lint", "Rules"])
    #expect(standard.out.contains("(with --now 2026-01-01T00:00:00Z)"))
    let pinned = placement(["lint", "Rules", "--now", "2027-06-01T00:00:00Z"])
    #expect(pinned.status == 0, "\(pinned.err)")
    #expect(pinned.out.contains("(with --now 2027-06-01T00:00:00Z)"), "\(pinned.out)")
    #expect(!pinned.out.contains("2026-01-01T00:00:00Z"))
    let bad = placement(["lint", "Rules", "--now", "soon"])
    #expect(bad.status == 64)
  }

  @Test func typoedSegmentIsAnErrorWithDidYouMeanAndExit1() throws {
    let path = try temporaryRules(
      """
      attribute interests: choices(sports, music) from quiz "interests"
      segment music_fans = interests has music
      placement p: flow {
        music_fan -> flow music
        default -> flow generic
      }
      """)
    let run = placement(["lint", path])
    #expect(run.status == 1)
    #expect(run.out.contains("\(path):4:3: error: unknown segment 'music_fan' [unknown-segment]"))
    #expect(run.out.contains("= note: did you mean 'music_fans'?"))
  }

  @Test func textRenderingMatchesTheGoldenFile() throws {
    let run = placement(["lint", fixture])
    #expect(run.status == 1)
    try LintGolden.check(run.out, against: "lint/several-findings.txt")
  }

  @Test func githubRenderingMatchesTheGoldenFile() throws {
    let run = placement(["lint", fixture, "--format", "github"])
    #expect(run.status == 1)
    try LintGolden.check(run.out, against: "lint/several-findings.github")
    #expect(
      run.out.split(separator: "\n").allSatisfy {
        $0.hasPrefix("::error ") || $0.hasPrefix("::warning ") || $0.hasPrefix("::notice ")
      })
  }

  /// Both formats word a fix-it by its summary (`use 'music_fans'`), once per fix however many edits it makes.
  @Test func textAndGitHubFormatsShowTheSameFixItSummaries() {
    let text = placement(["lint", fixture]).out.split(separator: "\n").compactMap { line in
      line.firstRange(of: " = fix-it: ").map { String(line[$0.upperBound...]) }
    }
    let github = placement(["lint", fixture, "--format", "github"]).out.split(separator: "%0A").compactMap { part in
      part.hasPrefix("fix-it: ") ? String(part.dropFirst("fix-it: ".count).prefix { $0 != "\n" }) : nil
    }
    #expect(
      text == [
        "require an answer", "remove the repeated \"DE\"", "use 'music_fans'",
        "rebalance the weights to 34% + 33% + 33%",
      ])
    // The GitHub reporter escapes `%` in messages.
    #expect(github.map { $0.replacingOccurrences(of: "%25", with: "%") } == text)
  }

  @Test func negationWarningFailsOnlyWithStrictAndIsReportedAsSuppressedInJSON() throws {
    let warned = try temporaryRules(
      """
      attribute experience: choice(beginner, amateur, pro) from quiz "experience"
      segment not_pros = experience != pro
      placement p: flow {
        not_pros -> flow casual
        default -> flow generic
      }
      """)
    #expect(placement(["lint", warned]).status == 0)
    let strict = placement(["lint", warned, "--strict"])
    #expect(strict.status == 1)
    #expect(
      strict.out.contains(
        "warning: 'experience != pro' also matches profiles that never answered 'experience' [negation-over-answer]"))
    #expect(strict.out.contains("= note: hint: add 'and experience is set'"))

    let suppressedFile = "Tests/PlacementCLITests/Fixtures/lint/suppressed.rules"
    #expect(placement(["lint", suppressedFile, "--strict"]).status == 0)
    let json = placement(["lint", suppressedFile, "--format", "json"])
    let array = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
    let finding = try #require(array.first { $0["code"] as? String == "negation-over-answer" })
    #expect(finding["suppressed"] as? Bool == true)
    #expect(finding["line"] as? Int == 4)
    #expect(finding["column"] as? Int == 20)
    #expect(finding["end_column"] as? Int == 37)
    #expect(finding["severity"] as? String == "warning")
    #expect(
      (finding["fix_its"] as? [[String: Any]])?.first?["replacement"] as? String
        == "experience != pro and experience is set")
    #expect(!placement(["lint", suppressedFile, "--format", "sarif"]).out.contains("negation-over-answer\",\"level"))
  }

  @Test func sarifParsesWithOneRunAndRuleIdsEqualToTheCodes() throws {
    let run = placement(["lint", fixture, "--format", "sarif"])
    #expect(run.status == 1)
    let log = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
    #expect(log["version"] as? String == "2.1.0")
    #expect((log["$schema"] as? String)?.contains("sarif-schema-2.1.0") == true)
    let runs = try #require(log["runs"] as? [[String: Any]])
    #expect(runs.count == 1)
    let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "placement")
    let rules = try #require(driver["rules"] as? [[String: Any]])
    let ids = rules.compactMap { $0["id"] as? String }
    for code in ["unreachable-row", "overlapping-rows", "negation-over-answer", "unknown-segment", "invalid-weights"] {
      #expect(ids.contains(code))
    }
    #expect(rules.allSatisfy { ($0["shortDescription"] as? [String: Any])?["text"] is String && $0["help"] != nil })
    let results = try #require(runs[0]["results"] as? [[String: Any]])
    let resultIDs = Set(results.compactMap { $0["ruleId"] as? String })
    #expect(resultIDs.isSubset(of: Set(ids)))
    let unknown = try #require(results.first { $0["ruleId"] as? String == "unknown-segment" })
    #expect(unknown["level"] as? String == "error")
    #expect(ids[unknown["ruleIndex"] as! Int] == "unknown-segment")
    let location = try #require(
      (unknown["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
    #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == fixture)
    let region = try #require(location["region"] as? [String: Any])
    #expect(region["startLine"] as? Int == 15)
    #expect(region["startColumn"] as? Int == 3)
    #expect(region["endColumn"] as? Int == 12)
    #expect(!results.contains { ($0["message"] as? [String: Any])?["text"] as? String == nil })
  }

  @Test func missingPathAndUsageErrors() {
    let missing = placement(["lint", "nope/rules"])
    #expect(missing.status == 66)
    #expect(missing.err.contains("no such file or directory: 'nope/rules'"))
    #expect(placement(["lint", "--format", "xml"]).status == 64)
    #expect(placement(["lint", "--strit"]).err.contains("did you mean '--strict'?"))
    #expect(placement(["lint", "--help"]).out.contains("usage: placement lint"))
  }
}
