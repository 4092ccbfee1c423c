import Foundation
import Testing

/// Every JSON document the CLI reads reports an error as `FILE:LINE:COLUMN`, 1-based,
/// columns in characters, like rules diagnostics; the message keeps no byte offset.
@Suite struct JSONErrorPositionTests {
  let scratch = ScratchFolder()
  let common = ["--now", "2026-11-30T00:00:00Z", "--rules", repo("Rules")]

  /// The `x` on line 3 (after four spaces) is where a key was expected.
  static let multiLine = "{\n  \"profile_id\": \"p\",\n    x: 1\n}\n"

  @Test func multiLineProfileFileNamesLineAndColumn() {
    let file = scratch.file("p.json", Self.multiLine)
    let run = placement(["resolve", "--profile", file] + common)
    #expect(run.status == 65)
    #expect(run.err == "\(file):3:5: error: invalid JSON: expected a string key\n")
    #expect(run.out == "")
  }

  @Test func columnsCountCharactersAndSkipTheByteOrderMark() {
    // `x` is the 19th character of `{"ville":"Zürich",x}` (the 23rd byte counting the BOM and the two of ü).
    let file = scratch.file("bom.json", bytes: [0xEF, 0xBB, 0xBF] + Array(#"{"ville":"Zürich",x}"#.utf8))
    let run = placement(["resolve", "--profile", file] + common)
    #expect(run.status == 65)
    #expect(run.err == "\(file):1:19: error: invalid JSON: expected a string key\n")
  }

  @Test func aProfileThatIsValidJSONButNotAProfileKeepsTheFileName() {
    let file = scratch.file("s.json", "\"text\"\n")
    let run = placement(["resolve", "--profile", file] + common)
    #expect(run.status == 65)
    #expect(run.err == "error: \(file): a profile must be a JSON object, found string\n")
  }

  @Test func batchLineNamesItsLineAndTheColumnWithinIt() {
    let file = scratch.file("b.jsonl", "{\"profile_id\":\"a\"}\n{\"profile_id\":\"b\", oops}\n")
    let run = placement(["resolve", "--profiles", file, "--placement", "onboarding_end"] + common)
    #expect(run.status == 1)
    #expect(
      run.err == "\(file):2:20: error: invalid JSON: expected a string key\n1 profile resolved, 1 line failed\n")
    let inline = placement(
      ["resolve", "--profiles", file, "--placement", "onboarding_end", "--errors", "inline", "--format", "text"]
        + common)
    #expect(inline.out.contains("line 2:20: error: invalid JSON: expected a string key\n"), "\(inline.out)")
  }

  @Test func ingestEventLinesAndProfileNameLineAndColumn() {
    let events = scratch.file("e.jsonl", "\n{\"name\": x}\n")
    let run = placement(["ingest", events, "--rules", repo("Rules")])
    #expect(run.err.hasPrefix("\(events):2:10: error: invalid JSON: expected a value\n"), "\(run.err)")
    let profile = scratch.file("p.json", Self.multiLine)
    let withProfile = placement(["ingest", events, "--profile", profile, "--rules", repo("Rules")])
    #expect(withProfile.status == 65)
    #expect(withProfile.err == "\(profile):3:5: error: invalid JSON: expected a string key\n")
  }

  @Test func ruleTestFileAndItsProfileFileNameLineAndColumn() {
    let test = scratch.file("t.json", "{\n  \"cases\": [\n    1,\n  ]\n}\n")
    let run = placement(["test", test, "--rules", fixture("ruletests/rules.rules")])
    #expect(run.status == 65)
    #expect(run.err.hasPrefix("\(test):4:3: error: invalid JSON: expected a value\n"), "\(run.err)")
    scratch.file("p.json", Self.multiLine)
    let cases = scratch.file(
      "u.json",
      #"{"cases": [{"name": "x", "profile_file": "p.json", "expect": {"onboarding_end": "flow pro_onboarding"}}]}"#)
    let file = placement(["test", cases, "--rules", fixture("ruletests/rules.rules")])
    #expect(file.status == 65)
    #expect(
      file.err.hasPrefix(
        "\(cases): error: cases[0].profile_file: p.json:3:5: invalid JSON: expected a string key\n"), "\(file.err)")
  }
}
