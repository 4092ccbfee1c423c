import Foundation
import Testing

/// `ingest` and `test --coverage` at the edges.
@Suite struct IngestAndCoverageEdgesTests {
  /// A fresh folder under the temporary directory, removed by the caller.
  func scratch() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("placement-edges-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func ingestKeepsUnknownMembersAndPrintsIntegersAsIntegers() throws {
    let folder = try scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let profile = folder.appendingPathComponent("n.json")
    try #"{"profile_id":"x","foo":{"bar":[1]},"custom_attributes":{"n":9007199254740993,"t":1764400000000,"f":2.5}}"#
      .write(to: profile, atomically: true, encoding: .utf8)
    let run = placement(["ingest", "/dev/null", "--profile", profile.path, "--rules", repo("Rules")])
    #expect(run.status == 0, "\(run.err)")
    #expect(
      run.out
        == #"{"custom_attributes":{"f":2.5,"n":9007199254740992,"t":1764400000000},"foo":{"bar":[1]},"profile_id":"x"}"#
        + "\n")
    // Kept, so not called "ignored" (the newcomer trial of 2026-12-02).
    #expect(
      run.err.contains(
        "warning: profile member 'foo' is no attribute: kept in the output as given, ignored when resolving "
          + "(custom attributes go in 'custom_attributes')\n"), "\(run.err)")
    #expect(!run.err.contains("ignored (custom"))
  }

  @Test func theShippedExamplePassesItsOwnAdaptyCheck() {
    let run = placement(["ingest", repo("Examples/events/seed-events.jsonl"), "--adapty", "--rules", repo("Rules")])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.err == "")
    #expect(run.out.contains(#""interests":["sports","music"]"#))
  }

  @Test func aDecimalCommaIsReadAndAWrongElementKindIsNamed() throws {
    let folder = try scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let rules = folder.appendingPathComponent("r.rules")
    try """
    attribute weight_kg: number from input "weight"
    attribute age_range: choice(young, old) from quiz "age_range"
    placement p: flow {
      default -> flow x
    }

    """.write(to: rules, atomically: true, encoding: .utf8)
    let events = [
      #"{"name":"flow_user_input","instanceId":"scr_body","element_id":"weight","element_type":"number_input","value":"92,5"}"#,
      #"{"name":"flow_user_input","instanceId":"scr_q","element_id":"age_range","element_type":"text_input","value":"young"}"#,
    ]
    let run = placement(["ingest", "-", "--rules", rules.path], stdin: events)
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out == #"{"custom_attributes":{"age_range":"young","weight_kg":92.5}}"# + "\n")
    // The line is named after the input's name (`-` or `<stdin>`): only the line number is asserted here.
    #expect(
      run.err.split(separator: ":", maxSplits: 1).last.map(String.init)
        == #"2: warning: element 'age_range' is a text_input, but attribute 'age_range' is declared from quiz "age_range" (which reads single_choice, multi_choice)"#
        + "\n")
  }

  @Test func aFallThroughRowReachedByACaseIsCovered() throws {
    let folder = try scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    try """
    attribute weight_kg: number from input "weight"
    segment heavy = weight_kg > 100
    placement main_paywall: paywall {
      heavy -> fallthrough
      default -> paywall standard
    }

    """.write(to: folder.appendingPathComponent("r.rules"), atomically: true, encoding: .utf8)
    try """
    {"cases": [{"name": "heavy falls through", "profile": {"custom_attributes": {"weight_kg": 120}},
      "expect": {"main_paywall": {"content": "paywall standard", "row": "default"}}}]}
    """.write(to: folder.appendingPathComponent("r.json"), atomically: true, encoding: .utf8)
    let run = placement(["test", folder.appendingPathComponent("r.json").path, "--rules", folder.path, "--coverage"])
    #expect(run.status == 0, "\(run.out)\(run.err)")
    #expect(run.out == "coverage of \(folder.path): 2 of 2 rows decided by some case\n1 passed, 0 failed\n")
  }
}
