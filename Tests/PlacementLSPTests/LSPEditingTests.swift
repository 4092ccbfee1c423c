import Foundation
import PlacementKit
import Testing

@testable import PlacementLSP

@Suite struct LSPEditingTests {
  static let attributes = """
    attribute experience: choice(beginner "Just starting", pro "Professional") from quiz "experience"
    attribute interests: choices(music "Music", yoga "Yoga") from quiz "interests"
    segment pros = experience == pro

    """

  func client(_ text: String) -> (LSPTestClient, String) {
    let client = LSPTestClient(root: nil)
    let uri = "untitled:completion"
    client.open(uri, text)
    return (client, uri)
  }

  /// Labels offered at the end of `text`.
  func labels(_ text: String) -> [String] {
    let (client, uri) = client(text)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let end = LSPPosition(line: lines.count - 1, character: lines.last!.utf16.count)
    let items = client.result("textDocument/completion", LSPTestClient.position(uri, end))["items"]?.arrayValue ?? []
    return items.compactMap { $0["label"]?.stringValue }
  }

  @Test func optionIdsAfterEqualsInAndHas() {
    #expect(labels(Self.attributes + "segment a = experience == ") == ["beginner", "pro"])
    #expect(labels(Self.attributes + "segment a = experience in [beginner, ") == ["beginner", "pro"])
    #expect(labels(Self.attributes + "segment a = interests has ") == ["music", "yoga"])
    #expect(labels(Self.attributes + "segment a = interests has any [mu") == ["music", "yoga"])
    #expect(labels(Self.attributes + "segment a = experience != ") == ["beginner", "pro"])
  }

  @Test func namesWithTheirTypeAsDetail() throws {
    let (client, uri) = client(Self.attributes + "segment a = ")
    let items = client.result(
      "textDocument/completion", LSPTestClient.position(uri, LSPPosition(line: 4, character: 12)))
    let all = try #require(items["items"]?.arrayValue)
    #expect(all.contains(["label": "experience", "kind": 6, "detail": "choice"]))
    #expect(all.contains(["label": "app_version", "kind": 6, "detail": "version (built-in)"]))
    #expect(all.contains(["label": "pros", "kind": 3, "detail": "segment"]))
  }

  @Test func keywordsTypesContentKindsAndUnits() {
    #expect(labels("") == ["attribute", "segment", "placement", "test", "layer", "override", "dialect"])
    #expect(labels("dialect ") == ["placement", "adapty"])
    #expect(labels("override x: ") == ["variation", "flow", "paywall"])
    #expect(labels("override x: variation b ") == ["for"])
    #expect(labels("attribute x: ") == ["string", "number", "bool", "version", "date", "choice", "choices"])
    #expect(labels("attribute x: date unit ") == ["seconds", "milliseconds"])
    #expect(labels("attribute x: bool from ") == ["quiz", "input", "toggle"])
    #expect(
      labels(Self.attributes + "placement p: flow {\n  pros -> ") == [
        "flow", "paywall", "test", "fallthrough", "holdout",
      ])
    #expect(labels(Self.attributes + "placement p: ") == ["flow", "paywall"])
    #expect(
      labels(Self.attributes + "segment a = installed_at within last 3 ") == ["minutes", "hours", "days", "weeks"])
    #expect(labels(Self.attributes + "segment a = experience ").prefix(3) == ["==", "!=", "in"])
    #expect(labels(Self.attributes + "placement p: flow {\n  ").contains("pros"))
  }

  @Test func formattingReplacesTheDocumentWithTheCanonicalLayout() throws {
    let (client, uri) = client("segment pros=experience==pro\n")
    let edits = client.result(
      "textDocument/formatting",
      ["textDocument": ["uri": .string(uri)], "options": ["tabSize": 2, "insertSpaces": true]])
    let formatted = try RuleFormatter.format(SourceFile(name: "x", text: "segment pros=experience==pro\n"))
    #expect(
      edits == [
        [
          "range": ["start": ["line": 0, "character": 0], "end": ["line": 1, "character": 0]],
          "newText": .string(formatted),
        ]
      ])
    let (broken, brokenURI) = self.client("segment = = =\n")
    let refused = broken.request(
      "textDocument/formatting", ["textDocument": ["uri": .string(brokenURI)], "options": [:]])
    #expect(refused[path: "error.code"] == -32803)
  }

  /// A trailing comment followed by an own-line comment: the document is formatted, both comments above the line.
  @Test func formattingKeepsATrailingThenAnOwnLineCommentInOrder() {
    let (client, uri) = client("segment adults = # people of age\n  # see JIRA-123\n  age >= 18\n")
    let edits = client.result(
      "textDocument/formatting",
      ["textDocument": ["uri": .string(uri)], "options": ["tabSize": 2, "insertSpaces": true]])
    #expect(
      edits == [
        [
          "range": ["start": ["line": 0, "character": 0], "end": ["line": 3, "character": 0]],
          "newText": "# people of age\n# see JIRA-123\nsegment adults = age >= 18\n",
        ]
      ])
  }

  @Test func rangeFormattingReturnsOnlyTheChangedText() throws {
    let text = "segment a = age > 1\nsegment b=age>2\n"
    let (client, uri) = client(text)
    let edits = client.result(
      "textDocument/rangeFormatting",
      [
        "textDocument": ["uri": .string(uri)], "options": [:],
        "range": ["start": ["line": 1, "character": 0], "end": ["line": 2, "character": 0]],
      ])
    let formatted = try RuleFormatter.format(SourceFile(name: "x", text: text))
    var applied = Array(text.utf8)
    let edit = try #require(edits.arrayValue?.first)
    let lines = LineIndex(applied, encoding: .utf16)
    let range = try #require(lines.sourceRange(edit["range"]))
    applied.replaceSubrange(range.start..<range.end, with: Array(edit["newText"]!.stringValue!.utf8))
    #expect(String(decoding: applied, as: UTF8.self) == formatted)
    #expect(range.start >= 20)
  }

  /// Applies a code action's edit to one document's text.
  func apply(_ action: JSONValue, to text: String, uri: String) throws -> String {
    var bytes = Array(text.utf8)
    let edits = try #require(action[path: "edit.changes"]?[uri]?.arrayValue)
    for edit in edits.reversed() {
      let range = try #require(LineIndex(bytes, encoding: .utf16).sourceRange(edit["range"]))
      bytes.replaceSubrange(range.start..<range.end, with: Array(edit["newText"]!.stringValue!.utf8))
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func aDidYouMeanFixItIsAQuickFixThatMakesTheFileClean() throws {
    let text = Self.attributes + "placement p: flow {\n  prox -> flow a\n  default -> flow b\n}\n"
    let (client, uri) = client(text)
    let whole: JSONValue = ["start": ["line": 0, "character": 0], "end": ["line": 9, "character": 0]]
    let actions = client.result(
      "textDocument/codeAction",
      ["textDocument": ["uri": .string(uri)], "range": whole, "context": ["diagnostics": []]])
    let fix = try #require(
      actions.arrayValue?.first { $0["diagnostics"]?.arrayValue?.first?["code"] == "unknown-segment" })
    #expect(fix["kind"] == "quickfix")
    #expect(fix["isPreferred"] == true)
    let fixed = try apply(fix, to: text, uri: uri)
    #expect(fixed.contains("  pros -> flow a"))
    client.change(uri, fixed, version: 2)
    #expect(client.diagnostics()[uri]?.compactMap { $0["code"]?.stringValue }.filter { $0 == "unknown-segment" } == [])
  }

  /// A fix of several edits (rebalancing three weights) is one quick fix that makes all of them: three actions
  /// of one edit each would each leave the weights wrong.
  @Test func aFixOfSeveralEditsIsOneQuickFix() throws {
    let text =
      Self.attributes
      + "placement p: flow {\n  pros -> test t { flow a 40%, flow b 40%, flow c 40% }\n  default -> flow d\n}\n"
    let (client, uri) = client(text)
    #expect(client.diagnostics()[uri]?.contains { $0["code"] == "invalid-weights" } == true)  // linted
    let whole: JSONValue = ["start": ["line": 0, "character": 0], "end": ["line": 9, "character": 0]]
    let actions = client.result(
      "textDocument/codeAction",
      ["textDocument": ["uri": .string(uri)], "range": whole, "context": ["diagnostics": []]])
    let rebalance = actions.arrayValue?.filter { $0["title"] == "rebalance the weights to 34% + 33% + 33%" } ?? []
    #expect(rebalance.count == 1)
    let fix = try #require(rebalance.first)
    #expect(fix["isPreferred"] == true)
    let fixed = try apply(fix, to: text, uri: uri)
    #expect(fixed.contains("pros -> test t { flow a 34%, flow b 33%, flow c 33% }"))
  }

  @Test func suppressingALintFindingAddsOrExtendsTheCommentAbove() throws {
    let text = Self.attributes + "placement p: flow {\n  pros -> flow a\n  default -> flow b\n}\n"
    let (client, uri) = client(text)
    let diagnostics = client.diagnostics()[uri] ?? []
    let unused = try #require(diagnostics.first { $0["code"] == "unused-attribute" })
    let actions = client.result(
      "textDocument/codeAction",
      ["textDocument": ["uri": .string(uri)], "range": unused["range"]!, "context": ["diagnostics": [unused]]])
    let suppress = try #require(actions.arrayValue?.first { $0["title"] == "Suppress 'unused-attribute' on this line" })
    let suppressed = try apply(suppress, to: text, uri: uri)
    #expect(suppressed.hasPrefix("attribute experience"))
    #expect(suppressed.contains("\"experience\"\n# placement-lint: disable=unused-attribute\nattribute interests"))
    client.change(uri, suppressed, version: 2)
    #expect(client.diagnostics()[uri]?.contains { $0["code"] == "unused-attribute" } == false)
    // A second code on the same line extends the existing comment.
    let file = try #require(client.server.workspace.compiled(of: uri).file(uri: uri))
    let line = file.lines.lineStarts[2]
    let edit = client.server.suppression("other-code", at: line, in: file)
    #expect(edit["newText"] == ",other-code")
    #expect(edit[path: "range.start"] == LSPPosition(line: 1, character: 42).json)
  }
}
