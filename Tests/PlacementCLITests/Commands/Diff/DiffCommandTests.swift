import Foundation
import PlacementCLI
import Synchronization
import Testing

@Suite struct DiffCommandTests {
  let old = "Tests/PlacementCLITests/Fixtures/diff/old"
  let new = "Tests/PlacementCLITests/Fixtures/diff/new"
  let now = "2026-11-30T00:00:00Z"

  /// A fresh temporary folder holding `files` (name → text).
  func folder(_ files: [String: String]) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("diff-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    for (name, text) in files {
      let file = path + "/" + name
      try FileManager.default.createDirectory(
        atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try text.write(toFile: file, atomically: true, encoding: .utf8)
    }
    return path
  }

  @Test func textRenderingMatchesTheGoldenFile() throws {
    let run = placement(["diff", old, new, "--now", now])
    #expect(run.status == 0, "\(run.err)")
    try LintGolden.check(run.out, against: "diff/diff.txt")
  }

  @Test func markdownRenderingIsAPullRequestCommentMatchingTheGoldenFile() throws {
    let run = placement(["diff", old, new, "--now", now, "--format", "markdown", "--fail-on", "reassign"])
    #expect(run.status == 1)
    try LintGolden.check(run.out, against: "diff/diff.md")
  }

  @Test func jsonHasEveryTransitionWithWitnessAndTheTestFraction() throws {
    let run = placement(["diff", old, new, "--now", now, "--format", "json"])
    #expect(run.status == 0)
    let json = try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as! [String: Any]
    #expect(json["equivalent"] as? Bool == false)
    let placements = json["placements"] as! [[String: Any]]
    #expect(placements.map { $0["status"] as? String } == ["changed"])
    let transitions = placements[0]["transitions"] as! [[String: Any]]
    #expect(transitions.count == 7)
    let narrowed = transitions.first {
      ($0["old"] as! [String: Any])["content"] as? String == "paywall adult_a"
        && ($0["new"] as! [String: Any])["content"] as? String == "paywall standard"
    }!
    #expect((narrowed["causes"] as! [[String: Any]]).map { $0["kind"] as? String } == ["segment-narrowed"])
    let age = (narrowed["witness"] as! [String: Any])["age"] as! Double
    #expect(age >= 18 && age < 21)
    #expect((narrowed["new_row"] as! [String: Any])["line"] as? Int == 14)
    let tests = json["tests"] as! [[String: Any]]
    #expect(tests.first?["reassigned_fraction"] as? Double == 0.2)
  }

  /// The overrides fixture: `home`'s table is unchanged but the variation override of its test `offer` is
  /// rewritten, `promo` holds the same test and its table changes too, `upgrade`'s own override forces other
  /// content, `settings` is untouched.
  let overridesOld = "Tests/PlacementCLITests/Fixtures/diff/overrides/old"
  let overridesNew = "Tests/PlacementCLITests/Fixtures/diff/overrides/new"

  @Test func aPlacementWhoseOverridesChangedSaysSoInTextMarkdownAndJSON() throws {
    let text = placement(["diff", overridesOld, overridesNew, "--now", now])
    #expect(text.status == 0, "\(text.err)")
    try LintGolden.check(text.out, against: "diff/overrides.txt")
    let markdown = placement(["diff", overridesOld, overridesNew, "--now", now, "--format", "markdown"])
    try LintGolden.check(markdown.out, against: "diff/overrides.md")
    let json = placement(["diff", overridesOld, overridesNew, "--now", now, "--format", "json"])
    try LintGolden.check(json.out, against: "diff/overrides.json")
    let object = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as! [String: Any]
    let placements = object["placements"] as! [[String: Any]]
    #expect(
      placements.map { $0["status"] as? String } == [
        "overrides-changed", "changed", "overrides-changed", "equivalent",
      ])
    #expect(object["equivalent"] as? Bool == false)
  }

  @Test func overrideChangesFailExpectEquivalentAndFailOnAny() {
    let expect = placement(["diff", overridesOld, overridesNew, "--expect", "equivalent"])
    #expect(expect.status == 1)
    #expect(
      expect.err
        == "diff: check failed: not equivalent: home overrides-changed, promo changed, upgrade overrides-changed\n")
    let any = placement(["diff", overridesOld, overridesNew, "--fail-on", "any"])
    #expect(any.status == 1)
    #expect(any.err == "diff: check failed: decisions change (placements: home, promo, upgrade)\n")
    #expect(placement(["diff", overridesOld, overridesOld, "--expect", "equivalent", "--fail-on", "any"]).status == 0)
  }

  @Test func widenedQADevicesOfTheShippedRulesChangeTheOverridesOfBothPlacementsOfYogaOffer() throws {
    let scratch = ScratchFolder()
    for name in try FileManager.default.contentsOfDirectory(atPath: repo("Rules")) where name.hasSuffix(".rules") {
      scratch.file("Rules/" + name, try String(contentsOfFile: repo("Rules/" + name), encoding: .utf8))
    }
    let list = try String(contentsOfFile: repo("Rules/lists/qa_device_ids.txt"), encoding: .utf8)
    scratch.file("Rules/lists/qa_device_ids.txt", list + "qa-pixel-8\n")
    let run = placement(["diff", repo("Rules"), scratch.path + "/Rules", "--expect", "equivalent"])
    #expect(run.status == 1)
    #expect(
      run.out.split(separator: "\n").filter { $0.hasPrefix("placement ") } == [
        "placement onboarding_end: equivalent", "placement main_paywall: overrides changed",
        "placement upgrade_prompt: overrides changed",
      ])
    #expect(
      run.out.contains(
        "  override changed: 'override yoga_offer: variation trial for qa_devices' (segment 'qa_devices' changed) ("))
  }

  @Test func githubAndSARIFAnnotateTheChangedRows() throws {
    let github = placement(["diff", old, new, "--now", now, "--format", "github"])
    let lines = github.out.split(separator: "\n")
    #expect(lines.count == 9)
    #expect(
      lines.contains {
        $0.hasPrefix("::notice file=\(new)/paywall.rules,line=8,col=3,") && $0.contains("title=decision-changed")
          && $0.contains("row 'lapsed' added")
      })
    #expect(
      lines.contains {
        $0.hasPrefix("::error file=\(new)/paywall.rules,line=10,") && $0.contains("reassigns-running-test")
      })
    let sarif = placement(["diff", old, new, "--now", now, "--format", "sarif"])
    let log = try JSONSerialization.jsonObject(with: Data(sarif.out.utf8)) as! [String: Any]
    let run = (log["runs"] as! [[String: Any]])[0]
    let results = run["results"] as! [[String: Any]]
    #expect(results.count == 9)
    #expect(results.filter { $0["level"] as? String == "error" }.count == 2)
  }

  @Test func aReformatAndAConsistentRenameAreEquivalentAndPassExpectEquivalent() throws {
    let before = try folder([
      "a.rules": """
      segment adults = age >= 18
      segment pros = experience == pro
      attribute experience: choice(beginner, amateur, pro) from quiz "experience"
      placement p: paywall {
        pros    -> paywall pro
        adults  -> paywall adult
        default -> paywall standard
      }
      """
    ])
    let after = try folder([
      "b.rules": """
      attribute experience: choice(beginner,amateur,pro) from quiz "experience"
      segment grown_ups = age>=18
      segment professionals = experience==pro
      placement p: paywall { professionals -> paywall pro
      grown_ups -> paywall adult
      default -> paywall standard }
      """
    ])
    let run = placement(["diff", before, after, "--expect", "equivalent", "--now", now])
    #expect(run.status == 0, "\(run.out)\(run.err)")
    #expect(
      run.out.hasSuffix(
        "  ok  equivalent: equivalent: no profile can change decision\nequivalent: 0 placements changed, 1 equivalent, 0 test findings (0 errors); compared at 2026-11-30T00:00:00Z (--now)\n"
      ))
    let changed = placement(["diff", old, new, "--expect", "equivalent"])
    #expect(changed.status == 1)
    #expect(changed.err.contains("diff: check failed: not equivalent: main_paywall changed"))
  }

  @Test func failOnContentAndAnyAndReassign() {
    let content = placement(["diff", old, new, "--fail-on", "content:winback_90"])
    #expect(content.status == 1)
    #expect(content.err == "diff: check failed: profiles newly see 'winback_90' at main_paywall\n")
    #expect(placement(["diff", old, new, "--fail-on", "content:pro_annual"]).status == 0)
    #expect(placement(["diff", old, new, "--fail-on", "any"]).status == 1)
    #expect(placement(["diff", old, old, "--fail-on", "any", "--fail-on", "reassign"]).status == 0)
    #expect(placement(["diff", old, new, "--fail-on", "reassign"]).status == 1)
  }

  @Test func usageBadRulesAndMissingInputs() throws {
    #expect(placement(["diff"]).status == 64)
    #expect(placement(["diff", old, new, "--fail-on", "everything"]).status == 64)
    #expect(placement(["diff", old, new, "--expect", "same"]).status == 64)
    let broken = try folder(["x.rules": "segment a = age >= \nplacement p: paywall { default -> paywall x }"])
    let bad = placement(["diff", old, broken])
    #expect(bad.status == 65)
    #expect(bad.err.contains("error: the new rules do not compile: 1 error"))
    let missing = placement(["diff", "/nonexistent/rules", new])
    #expect(missing.status == 66)
    #expect(missing.err.contains("'/nonexistent/rules' is neither a rules file or folder nor a git revision"))
    let help = placement(["diff", "--help"])
    #expect(help.status == 0)
    #expect(help.out.hasPrefix("usage: placement diff OLD [NEW]"))
  }

  /// `resolve --profiles` output, as (line number, placement) → decision JSON without the explanation.
  func resolved(_ rules: String, _ profiles: String) throws -> [String: String] {
    let run = placement(["resolve", "--rules", rules, "--profiles", profiles, "--now", now])
    #expect(run.status == 0)
    var out: [String: String] = [:]
    var counts: [String: Int] = [:]
    for line in run.out.split(separator: "\n") {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
      let placementName = object["placement"] as! String
      let id = object["profile_id"] as? String ?? "?"
      counts[placementName, default: 0] += 1
      let content = try JSONSerialization.data(withJSONObject: object["content"]!, options: .sortedKeys)
      let test = (object["ab_test"] as? [String: Any]).map { "\($0["name"]!)/\($0["variation"]!)" } ?? "-"
      out["\(placementName)#\(counts[placementName]!)#\(id)"] = String(decoding: content, as: UTF8.self) + test
    }
    return out
  }

  @Test func sampledImpactMatchesResolvingBothRuleSetsSeparately() throws {
    let edited = try folder(
      Dictionary(
        uniqueKeysWithValues: try FileManager.default.contentsOfDirectory(atPath: repo("Rules")).filter {
          $0.hasSuffix(".rules")
        }.map { name in
          var text = try String(contentsOfFile: repo("Rules/\(name)"), encoding: .utf8)
          text = text.replacingOccurrences(of: "app_version >= 2.3", with: "app_version >= 2.5")
          text = text.replacingOccurrences(
            of: "segment beginners = experience == beginner",
            with: "segment beginners = experience in [beginner, amateur]")
          text = text.replacingOccurrences(
            of:
              "  pros      -> flow pro_onboarding\n  amateurs  -> flow amateur_onboarding\n  beginners -> flow beginner_onboarding\n",
            with:
              "  pros      -> flow pro_onboarding\n  beginners -> flow beginner_onboarding\n  amateurs  -> flow amateur_onboarding\n"
          )
          return (name, text)
        }
      ).merging(
        ["lists/qa_device_ids.txt": try String(contentsOfFile: repo("Rules/lists/qa_device_ids.txt"), encoding: .utf8)],
        uniquingKeysWith: { first, _ in first }))
    let sample = repo("Examples/profiles/batch.jsonl")
    let before = try resolved(repo("Rules"), sample)
    let after = try resolved(edited, sample)
    #expect(before.count == after.count && !before.isEmpty)
    var expected: [String: Int] = [:]
    for (key, decision) in before where after[key] != decision {
      expected[String(key.split(separator: "#")[0]), default: 0] += 1
    }
    #expect(expected.values.reduce(0, +) >= 2, "the edit must change some sampled decisions: \(expected)")
    let run = placement(["diff", repo("Rules"), edited, "--profiles", sample, "--now", now, "--format", "json"])
    #expect(run.status == 0, "\(run.err)")
    let json = try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as! [String: Any]
    let impact = json["sample"] as! [String: Any]
    let profiles = Set(before.keys.map { $0.split(separator: "#")[2] }).count
    #expect(impact["profiles"] as? Int == profiles)
    for entry in impact["placements"] as! [[String: Any]] {
      let name = entry["name"] as! String
      #expect(entry["changed"] as? Int == expected[name, default: 0], "\(name)")
      let matrix = entry["matrix"] as! [[String: Any]]
      #expect(matrix.reduce(0) { $0 + ($1["count"] as! Int) } == profiles)
    }
    let text = placement(["diff", repo("Rules"), edited, "--profiles", sample, "--now", now])
    #expect(text.out.contains("  onboarding_end: \(expected["onboarding_end", default: 0]) of \(profiles) change\n"))
  }

  @Test func aBadSampleLineCostsOnlyThatLine() throws {
    let lines = [
      #"{"profile_id": "p1", "subscription_state": "expired"}"#, "not json",
      #"{"profile_id": "p2", "age": 19}"#, "",
    ]
    let run = placement(["diff", old, new, "--profiles", "-", "--now", now], stdin: lines)
    // The good lines are compared; the failed one makes the run exit 1, as `resolve --profiles` does.
    #expect(run.status == 1)
    #expect(run.err.hasPrefix("<stdin>:2:1: error: invalid JSON: "))
    #expect(run.out.contains("sample <stdin>: 2 profiles, 1 line failed\n  main_paywall: 2 of 2 change\n"))
    #expect(run.out.contains("    1  paywall standard → paywall winback_90  (p1)\n"))
  }

  @Test func diffMainComparesTheWorkingRulesWithTheRulesAtMain() throws {
    let root = try folder([
      "Rules/paywall.rules": """
      segment adults = age >= 18
      placement p: paywall {
        adults  -> paywall adult
        default -> paywall standard
      }

      """,
      "README.md": "not rules\n",
    ])
    func git(_ arguments: [String]) throws { try PlacementCLITests.git(arguments, in: root) }
    try git(["init", "-q", "-b", "main"])
    try git(["add", "."])
    try git(["commit", "-q", "-m", "rules"])
    // An uncommitted edit: adults narrowed to 21.
    try """
    segment adults = age >= 21
    placement p: paywall {
      adults  -> paywall adult
      default -> paywall standard
    }

    """.write(toFile: root + "/Rules/paywall.rules", atomically: true, encoding: .utf8)
    let out = Mutex("")
    let err = Mutex("")
    let console = Console(
      out: { text in out.withLock { $0 += text } }, err: { text in err.withLock { $0 += text } }, readLine: { nil },
      currentDirectory: root)
    let status = PlacementTool.run(["diff", "main", "--now", now], console: console)
    let text = out.withLock { $0 }
    #expect(status == 0, "\(err.withLock { $0 })")
    #expect(text.contains("placement p: 1 decision change\n  paywall adult → paywall standard\n"))
    #expect(
      text.contains(
        "    rows: old row 0 'adults' (main:Rules/paywall.rules:3:3) → new row 1 'default' (Rules/paywall.rules:4:3)\n")
    )
    #expect(text.contains("    why: segment of row 'adults' narrowed\n"))
    let example = try #require(text.split(separator: "\n").first { $0.hasPrefix("    e.g. ") })
    let witness =
      try JSONSerialization.jsonObject(with: Data(example.dropFirst("    e.g. ".count).utf8)) as! [String: Any]
    let age = try #require(witness["age"] as? Double)
    #expect(age >= 18 && age < 21)
    // Committed: no difference any more.
    try git(["commit", "-q", "-am", "narrow"])
    #expect(PlacementTool.run(["diff", "main", "--expect", "equivalent"], console: console) == 0)
    #expect(PlacementTool.run(["diff", "no-such-branch"], console: console) == 66)
  }
}
