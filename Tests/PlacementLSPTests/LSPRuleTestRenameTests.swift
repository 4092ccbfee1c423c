import Foundation
import PlacementCLI
import PlacementKit
import TestSupport
import Testing

@testable import PlacementLSP

/// A rename also renames what the rule tests beside the rules (`Rules/tests/*.json`) call by that name, so the
/// tests keep passing; a mention it cannot rename safely is left as it is and named in a warning.
@Suite struct LSPRuleTestRenameTests {
  static let rules = """
    attribute experience: choice(beginner, pro, amateur) from quiz "experience"

    segment pros = experience == pro
    segment pros_on_new_app = pros and app_version >= 2.3

    placement onboarding_end: flow {
      pros_on_new_app -> flow new_app
      pros            -> flow pro_onboarding
      default         -> flow generic_onboarding
    }

    """

  static let tests = """
    {
      "now": "2026-11-30T00:00:00Z",
      "cases": [
        {
          "name": "a pro on an old app",
          "profile": { "app_version": "2.2", "custom_attributes": { "experience": "pro" } },
          "expect": { "onboarding_end": { "content": "flow pro_onboarding", "row": "pros" } }
        },
        {
          "name": "a beginner",
          "profile": { "custom_attributes": { "experience": "beginner" } },
          "expect": {
            "onboarding_end": {
              "row": "default",
              "because": [
                { "row": "pros_on_new_app", "condition": "segment pros: experience == pro", "seen": "experience = beginner" },
                { "row": "pros", "condition": "experience == pro" }
              ]
            }
          }
        }
      ]
    }

    """

  /// A rules folder `Rules/` with `rules.rules`, `tests/onboarding.json` and any other files given.
  static func workspace(_ files: [String: String] = [:]) throws -> (root: String, client: LSPTestClient) {
    var all = ["rules.rules": rules, "tests/onboarding.json": tests]
    all.merge(files) { $1 }
    let root = try temporaryRules([:])
    for (name, text) in all {
      let path = root + "/Rules/" + name
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
    return (root, LSPTestClient(root: root))
  }

  /// Renames the name at the first occurrence of `needle` (+ `skip` bytes) in `file`.
  static func rename(
    _ client: LSPTestClient, root: String, file: String = "rules.rules", at needle: String, skip: Int = 0,
    to newName: String
  ) throws -> JSONValue {
    let path = root + "/Rules/" + file
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let offset = try #require(text.range(of: needle)).lowerBound.utf16Offset(in: text) + skip
    let position = LineIndex(Array(text.utf8), encoding: .utf16).position(of: offset)
    var params = LSPTestClient.position(DocumentURI.uri(path), position)
    if case .object(var members) = params {
      members["newName"] = .string(newName)
      params = .object(members)
    }
    return client.request("textDocument/rename", params)
  }

  /// Applies a `WorkspaceEdit`'s changes to the files on disk.
  static func apply(_ edit: JSONValue) throws {
    for (uri, edits) in edit["changes"]?.objectValue ?? [:] {
      let path = try #require(DocumentURI.path(uri))
      var bytes = Array(try #require(FileManager.default.contents(atPath: path)))
      let ranges = try (edits.arrayValue ?? []).map { edit in
        (
          try #require(LineIndex(bytes, encoding: .utf16).sourceRange(edit["range"])),
          edit["newText"]?.stringValue ?? ""
        )
      }
      for (range, text) in ranges.sorted(by: { $0.0.start > $1.0.start }) {
        bytes.replaceSubrange(range.start..<range.end, with: Array(text.utf8))
      }
      #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    }
  }

  static func read(_ root: String, _ file: String) throws -> String {
    try String(contentsOfFile: root + "/Rules/" + file, encoding: .utf8)
  }

  @Test func renamingASegmentRenamesTheRowsAndTheExplainTextTheTestsName() throws {
    let (root, client) = try Self.workspace()
    defer { try? FileManager.default.removeItem(atPath: root) }
    #expect(placement(["test", root + "/Rules"]).status == 0)
    let response = try Self.rename(client, root: root, at: "segment pros =", skip: 8, to: "experts")
    let testsURI = DocumentURI.uri(root + "/Rules/tests/onboarding.json")
    let testEdits = try #require(response[path: "result.changes"]?[testsURI]?.arrayValue)
    #expect(testEdits.map { $0["newText"] } == ["\"experts\"", "experts", "\"experts\""])
    #expect(client.notifications.filter { $0["method"] == "window/showMessage" } == [])
    try Self.apply(try #require(response["result"]))
    let renamed = try Self.read(root, "tests/onboarding.json")
    #expect(
      renamed.contains(#""expect": { "onboarding_end": { "content": "flow pro_onboarding", "row": "experts" } }"#))
    #expect(renamed.contains(#"{ "row": "pros_on_new_app", "condition": "segment experts: experience == pro", "seen""#))
    #expect(renamed.contains(#"{ "row": "experts", "condition": "experience == pro" }"#))
    let run = placement(["test", root + "/Rules"])
    #expect(run.status == 0, "\(run.out)\(run.err)")
    #expect(run.out == "2 passed, 0 failed\n")
  }

  /// The shipped rules and their tests: each rename below keeps every rule test passing (renames that would
  /// change a test's derived version id, and so its draw, are not among them).
  @Test(arguments: [
    ("onboarding.rules", "segment", "pros", "experts"),
    ("promotions.rules", "segment", "new_yoga_fans", "yoga_newcomers"),
    ("promotions.rules", "test", "yoga_offer", "yoga_promo"),
    ("onboarding.rules", "placement", "onboarding_end", "onboarding_done"),
  ])
  func aRenameInTheShippedRulesKeepsTheirTestsPassing(file: String, keyword: String, old: String, newName: String)
    throws
  {
    let root = try temporaryRules([:])
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.removeItem(atPath: root + "/Rules")
    try FileManager.default.copyItem(atPath: repositoryRoot.path + "/Rules", toPath: root + "/Rules")
    let client = LSPTestClient(root: root)
    let response = try Self.rename(
      client, root: root, file: file, at: "\(keyword) \(old)", skip: keyword.count + 1, to: newName)
    let changes = try #require(response[path: "result.changes"]?.objectValue)
    #expect(changes.keys.contains { $0.hasSuffix(".json") }, "no rule test renamed")
    #expect(client.notifications.filter { $0["method"] == "window/showMessage" } == [])
    try Self.apply(try #require(response["result"]))
    let run = placement(["test", root + "/Rules"])
    #expect(run.status == 0, "\(run.out)\(run.err)")
    #expect(run.out.hasSuffix(" passed, 0 failed\n"), "\(run.out)")
    for name in try FileManager.default.contentsOfDirectory(atPath: root + "/Rules/tests") where name.hasSuffix(".json")
    {
      let text = try Self.read(root, "tests/" + name)
      #expect(!text.contains("\"\(old)\""), "\(name) still names '\(old)'")
    }
  }

  @Test func renamingATestRenamesItsForcesInInlineProfilesAndProfileFiles() throws {
    let rules = """
      attribute experience: choice(beginner, pro) from quiz "experience"
      segment pros = experience == pro

      placement onboarding_end: flow {
        pros    -> test pro_flows version "pro-flows-1" { flow pro_a 50%, flow pro_b 50% }
        default -> flow generic_onboarding
      }

      """
    let tests = """
      {"cases": [
        {"name": "inline", "allow_overrides": true,
         "profile": {"profile_id": "p", "force": {"pro_flows": "pro_b"}, "custom_attributes": {"experience": "pro"}},
         "expect": {"onboarding_end": {"test": "pro_flows", "variation": "pro_b",
                                       "exposures": [{"test": "pro_flows", "outcome": "override"}]}}},
        {"name": "from a file", "allow_overrides": true, "profile_file": "profiles/forced.json",
         "expect": {"onboarding_end": {"content": "flow pro_a", "test": "pro_flows"}}}
      ]}

      """
    let profile = #"{"profile_id": "q", "force": {"pro_flows": "pro_a"}, "custom_attributes": {"experience": "pro"}}"#
    let (root, client) = try Self.workspace([
      "rules.rules": rules, "tests/onboarding.json": tests, "tests/profiles/forced.json": profile,
    ])
    defer { try? FileManager.default.removeItem(atPath: root) }
    #expect(placement(["test", root + "/Rules"]).status == 0)
    let response = try Self.rename(client, root: root, at: "test pro_flows", skip: 5, to: "pro_paths")
    try Self.apply(try #require(response["result"]))
    #expect(
      try Self.read(root, "tests/profiles/forced.json")
        == profile.replacingOccurrences(of: "pro_flows", with: "pro_paths"))
    #expect(
      try Self.read(root, "tests/onboarding.json") == tests.replacingOccurrences(of: "pro_flows", with: "pro_paths"))
    let run = placement(["test", root + "/Rules"])
    #expect(run.out == "2 passed, 0 failed\n", "\(run.err)")
  }

  /// What the rename cannot tell is the renamed symbol stays, and one warning names each place: explain text
  /// with a quoted string, a word that is also an option id, a test file that is not valid JSON.
  @Test func mentionsTheRenameCannotTellAreNamedInAWarning() throws {
    let rules = Self.rules.replacingOccurrences(
      of: "choice(beginner, pro, amateur)", with: "choice(beginner, pro, pros)")
    let quoted = """
      {"cases": [{"name": "quoted", "profile": {},
        "expect": {"onboarding_end": {"because": [{"row": "pros", "condition": "pros", "seen": "\\"pros\\""}]}}}]}

      """
    let (root, client) = try Self.workspace([
      "rules.rules": rules, "tests/quoted.json": quoted, "tests/broken.json": "{\"cases\": [{\"row\": \"pros\"",
    ])
    defer { try? FileManager.default.removeItem(atPath: root) }
    let response = try Self.rename(client, root: root, at: "segment pros =", skip: 8, to: "experts")
    let changes = try #require(response[path: "result.changes"])
    // The rows are renamed; the explain text is not (`pros` is an option id too).
    #expect(
      changes[DocumentURI.uri(root + "/Rules/tests/quoted.json")]?.arrayValue?.map { $0["newText"] } == ["\"experts\""])
    let messages = client.notifications.filter { $0["method"] == "window/showMessage" }
    #expect(messages.count == 1)
    #expect(messages.first?[path: "params.type"] == 2)
    #expect(
      messages.first?[path: "params.message"]
        == """
        renamed segment 'pros' to 'experts'; not renamed in the rule tests, check them: \
        tests/broken.json (not valid JSON), \
        tests/onboarding.json cases[1].expect.onboarding_end.because[0].condition, \
        tests/quoted.json cases[0].expect.onboarding_end.because[0].condition, \
        tests/quoted.json cases[0].expect.onboarding_end.because[0].seen
        """)
  }

  /// A placement may share the segment's name: explain text never prints placements, so the mention is renamed.
  @Test func aPlacementOfTheSameNameLeavesExplainTextRenamable() throws {
    let rules = Self.rules + "placement pros: paywall {\n  default -> paywall standard\n}\n"
    let (root, client) = try Self.workspace(["rules.rules": rules])
    defer { try? FileManager.default.removeItem(atPath: root) }
    let response = try Self.rename(client, root: root, at: "segment pros =", skip: 8, to: "experts")
    try Self.apply(try #require(response["result"]))
    let renamed = try Self.read(root, "tests/onboarding.json")
    #expect(renamed.contains(#""condition": "segment experts: experience == pro""#))
    #expect(client.notifications.filter { $0["method"] == "window/showMessage" } == [])
    #expect(placement(["test", root + "/Rules"]).out == "2 passed, 0 failed\n")
  }

  /// An attribute's name in explain text is renamed, and the profiles that carry it by its old name are listed
  /// (profile data is not renamed); an option id's mentions are listed; a rename to the same name changes no test.
  @Test func attributesAreRenamedInExplainTextAndOptionIdsAreListed() throws {
    let (root, client) = try Self.workspace()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let attribute = try Self.rename(client, root: root, at: "attribute experience", skip: 10, to: "level")
    let testsURI = DocumentURI.uri(root + "/Rules/tests/onboarding.json")
    #expect(
      attribute[path: "result.changes"]?[testsURI]?.arrayValue?.map { $0["newText"] } == ["level", "level", "level"])
    #expect(
      client.notifications.last?[path: "params.message"]?.stringValue
        == "renamed attribute 'experience' to 'level'; not renamed in the rule tests, check them: "
        + "tests/onboarding.json cases[0].profile.custom_attributes.experience, "
        + "tests/onboarding.json cases[1].profile.custom_attributes.experience")
    let option = try Self.rename(client, root: root, at: "beginner,", to: "novice")
    #expect(option[path: "result.changes"]?[testsURI] == nil)
    #expect(
      client.notifications.last?[path: "params.message"]?.stringValue
        == "renamed option 'beginner' to 'novice'; not renamed in the rule tests, check them: "
        + "tests/onboarding.json cases[1].expect.onboarding_end.because[0].seen")
    client.notifications = []
    let same = try Self.rename(client, root: root, at: "segment pros =", skip: 8, to: "pros")
    #expect(same[path: "result.changes"]?[testsURI] == nil)
    #expect(client.notifications == [])
  }

  /// A test file open in the editor is edited as the editor has it, not as it is on disk.
  @Test func anOpenTestFileIsEditedAsTheEditorHasIt() throws {
    let (root, client) = try Self.workspace()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let testsURI = DocumentURI.uri(root + "/Rules/tests/onboarding.json")
    let unsaved = "\n\n" + Self.tests
    client.notify(
      "textDocument/didOpen",
      ["textDocument": ["uri": .string(testsURI), "languageId": "json", "version": 1, "text": .string(unsaved)]])
    let response = try Self.rename(client, root: root, at: "segment pros =", skip: 8, to: "experts")
    let first = try #require(response[path: "result.changes"]?[testsURI]?.arrayValue?.first)
    let onDisk = Self.tests.components(separatedBy: "\n").firstIndex { $0.contains(#""row": "pros" }"#) }!
    #expect(first[path: "range.start.line"] == .number(Double(onDisk + 2)))
  }
}

extension JSONValue {
  fileprivate var objectValue: [String: JSONValue]? {
    if case .object(let members) = self { return members }
    return nil
  }
}
