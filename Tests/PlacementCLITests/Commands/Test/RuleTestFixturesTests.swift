import Foundation
import Testing

/// The newcomer check: a copy of `Rules/` could not run its own rule tests, whose cases read their profiles from
/// `../../Examples/…`. The profiles and events the cases use now live beside the tests (`Rules/tests/profiles/`,
/// `Rules/tests/events/`), so the rules folder carries everything its tests need.
@Suite struct RuleTestFixturesTests {
  let scratch = ScratchFolder()

  @Test func aCopyOfTheRulesFolderRunsItsOwnTests() throws {
    let copy = scratch.path + "/MyRules"
    try FileManager.default.copyItem(atPath: repo("Rules"), toPath: copy)
    let run = placement(["test", copy])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.err == "")
    #expect(run.out == "67 passed, 0 failed\n")
  }

  /// From inside the rules folder or its `tests/` folder, as a newcomer runs it (the newcomer trial of 2026-12-02:
  /// a test file given from inside `tests/` ran against `tests/` itself, and `placement test` in a rules folder
  /// gave a bare "no such file" for the default `Rules`).
  @Test func fromInsideTheRulesFolderOrItsTestsFolder() throws {
    let copy = scratch.path + "/MyRules"
    try FileManager.default.copyItem(atPath: repo("Rules"), toPath: copy)
    let file = try #require(
      try FileManager.default.contentsOfDirectory(atPath: copy + "/tests").first { $0.hasSuffix(".json") })
    let one = try shell("cd '\(copy)/tests' && $P test '\(file)'")
    #expect(one.status == 0, "\(one.err)")
    #expect(one.out.hasSuffix(" 0 failed\n"), "\(one.out)")
    let bare = try shell("cd '\(copy)' && $P test")
    #expect(bare.status == 66)
    #expect(
      bare.err
        == "error: no such file or directory: 'Rules' (the default; to test the rules folder you are in, run 'placement test .')\n"
    )
    let here = try shell("cd '\(copy)' && $P test .")
    #expect(here.status == 0, "\(here.err)")
    #expect(here.out == "67 passed, 0 failed\n")
  }

  /// No case reads a file outside the rules folder.
  @Test func everyFileACaseReadsIsInsideTheRulesFolder() throws {
    let tests = repo("Rules/tests")
    for name in try FileManager.default.contentsOfDirectory(atPath: tests) where name.hasSuffix(".json") {
      let text = try String(contentsOfFile: tests + "/" + name, encoding: .utf8)
      for match in text.matches(of: #/"(?:profile|events)_file": "([^"]*)"/#) {
        let path = String(match.output.1)
        #expect(!path.hasPrefix("/") && !path.contains(".."), "\(name): \(path)")
        #expect(FileManager.default.fileExists(atPath: tests + "/" + path), "\(name): \(path)")
      }
    }
  }

  /// The fixtures are the shipped examples (README, docs/CLI.md), byte for byte: the tests pin what the examples
  /// get, and a change to one is a change to both.
  @Test(arguments: [
    "profiles/amateur.json", "profiles/beginner.json", "profiles/lapsed.json", "profiles/never-answered.json",
    "profiles/pro-old-app.json", "profiles/seed-profile.json", "events/seed-events.jsonl",
  ])
  func theFixturesAreTheShippedExamples(_ path: String) {
    let fixture = FileManager.default.contents(atPath: repo("Rules/tests/" + path))
    #expect(fixture != nil)
    #expect(fixture == FileManager.default.contents(atPath: repo("Examples/" + path)))
  }

  /// A path that leaves the rules folder and cannot be read says why it may be missing, and where fixtures go.
  @Test func aFileOutsideTheRulesFolderThatIsMissingSaysWhereFixturesBelong() throws {
    try FileManager.default.copyItem(atPath: repo("Rules"), toPath: scratch.path + "/R")
    let test = scratch.file(
      "R/tests/old-layout.json",
      #"{"cases":[{"name":"x","profile_file":"../../Examples/profiles/amateur.json","expect":{"onboarding_end":"flow amateur_onboarding"}}]}"#
    )
    let run = placement(["test", test])
    #expect(run.status == 65)
    #expect(
      run.err
        == "\(test): error: cases[0].profile_file: cannot read '../../Examples/profiles/amateur.json' (looked for "
        + "\(scratch.path)/R/tests/../../Examples/profiles/amateur.json); it is outside the rules folder "
        + "'\(scratch.path)/R', which does not take it along when copied: keep profiles and events beside the tests "
        + "(\(scratch.path)/R/tests/profiles/; docs/RuleTests.md)\n")
    #expect(run.out == "0 passed, 0 failed, 1 not run\n")
  }
}
