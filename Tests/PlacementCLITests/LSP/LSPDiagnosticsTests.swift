import Foundation
import PlacementKit
import Testing

@testable import PlacementCLI

@Suite struct LSPDiagnosticsTests {
  static let attributes = """
    attribute experience: choice(beginner "Just starting", pro "Professional") from quiz "experience"
    attribute interests: choices(music "Music", yoga "Yoga") from quiz "interests"

    """

  @Test func threeMistakesGiveThreeDiagnosticsAtTheirRanges() throws {
    let root = try temporaryRules(["attributes.rules": Self.attributes])
    defer { try? FileManager.default.removeItem(atPath: root) }
    let client = LSPTestClient(root: root)
    let marked = Marked(
      """
      segment pros = experience == «pro_»
      segment fans = «interest» has music

      placement onboarding_end: flow {
        «prox»  -> flow pro_onboarding
        fans    -> flow fan_onboarding
        default -> flow generic_onboarding
      }

      """)
    let uri = DocumentURI.uri(root + "/Rules/onboarding.rules")
    client.open(uri, marked.text)
    let published = client.diagnostics()
    let found = try #require(published[uri]).filter { $0["severity"] == 1 }
    #expect(found.map { $0["code"] } == ["unknown-option", "unknown-attribute", "unknown-segment"])
    #expect(found.map { $0["range"] } == marked.ranges)
    #expect(found.allSatisfy { $0["severity"] == 1 && $0["source"] == "placement" })
    #expect(found[2]["codeDescription"] == ["href": "https://docs.example/Diagnostics.md#unknown-segment"])
    // The other file of the workspace is compiled with it: no segment checks clean, so both attributes are unused.
    #expect(
      published[DocumentURI.uri(root + "/Rules/attributes.rules")]?.map { $0["code"] } == [
        "unused-attribute", "unused-attribute",
      ])
  }

  @Test func notesWithAPlaceBecomeRelatedInformationInTheOtherFile() throws {
    let root = try temporaryRules([
      "a.rules": Self.attributes + "segment pros = experience == pro\n",
      "b.rules":
        "segment pros = experience == beginner\nplacement p: flow {\n  pros -> flow x\n  default -> flow y\n}\n",
    ])
    defer { try? FileManager.default.removeItem(atPath: root) }
    let client = LSPTestClient(root: root)
    let published = client.diagnostics()
    let b = try #require(published[DocumentURI.uri(root + "/Rules/b.rules")])
    let duplicate = try #require(b.first { $0["code"] == "duplicate-declaration" })
    let related = try #require(duplicate["relatedInformation"]?.arrayValue?.first)
    #expect(related[path: "location.uri"] == .string(DocumentURI.uri(root + "/Rules/a.rules")))
    #expect(related[path: "location.range.start"] == LSPPosition(line: 2, character: 8).json)
  }

  @Test func lintFindingsLinkToLintDocsAndOpenDocumentsWinOverDisk() throws {
    let root = try temporaryRules([
      "a.rules": Self.attributes
        + "segment pros = experience == pro\nplacement p: flow {\n  pros -> flow x\n  default -> flow y\n}\n"
    ])
    defer { try? FileManager.default.removeItem(atPath: root) }
    let client = LSPTestClient(root: root)
    let uri = DocumentURI.uri(root + "/Rules/a.rules")
    let onDisk = try #require(client.diagnostics()[uri])
    #expect(onDisk.map { $0["code"] } == ["unused-attribute"])
    #expect(onDisk[0]["codeDescription"] == ["href": "https://docs.example/Lint.md#unused-attribute"])
    #expect(onDisk[0]["source"] == "placement lint")
    // The editor's text (a segment using `interests`) replaces the file's: the finding goes away.
    client.open(
      uri,
      Self.attributes
        + "segment pros = experience == pro and interests has yoga\nplacement p: flow {\n  pros -> flow x\n  default -> flow y\n}\n"
    )
    #expect(client.diagnostics()[uri] == [])
  }

  @Test func editsAreDebouncedAndCoalesced() throws {
    let root = try temporaryRules(["a.rules": Self.attributes])
    defer { try? FileManager.default.removeItem(atPath: root) }
    let client = LSPTestClient(root: root, debounce: 0.15)
    let uri = DocumentURI.uri(root + "/Rules/a.rules")
    client.open(uri, Self.attributes)
    _ = client.diagnostics(after: 0)
    for version in 2...4 { client.change(uri, Self.attributes + "segment s = nope\(version)", version: version) }
    #expect(client.diagnostics(after: 0.1).isEmpty)
    let published = client.diagnostics(after: 0.1)
    #expect(published.keys.sorted() == [uri])
    #expect(published[uri]?.contains { $0["message"]?.stringValue?.contains("nope4") == true } == true)
    #expect(published[uri]?.contains { $0["message"]?.stringValue?.contains("nope3") == true } == false)
    #expect(client.server.nextDeadline == nil)
  }

  @Test func incrementalChangesApplyInUTF16Units() throws {
    let client = LSPTestClient(root: nil)
    let uri = "untitled:Untitled-1"
    client.open(uri, "# 😀 emoji\nsegment s = age > 1\n")
    // Replace "😀" (2 UTF-16 units at character 2) with "x", then "1" on line 1 with "18".
    client.notify(
      "textDocument/didChange",
      [
        "textDocument": ["uri": .string(uri), "version": 2],
        "contentChanges": [
          ["range": ["start": ["line": 0, "character": 2], "end": ["line": 0, "character": 4]], "text": "x"],
          ["range": ["start": ["line": 1, "character": 18], "end": ["line": 1, "character": 19]], "text": "18"],
        ],
      ])
    #expect(client.server.workspace.open[uri]?.text == "# x emoji\nsegment s = age > 18\n")
  }

  @Test func aFixedFileGetsAnEmptyListAndAClosedUntitledDocumentIsCleared() {
    let client = LSPTestClient(root: nil)
    let uri = "untitled:Untitled-2"
    client.open(uri, "segment s = nope\n")
    #expect(client.diagnostics()[uri]?.isEmpty == false)
    client.change(uri, "segment s = age > 1\nplacement p: flow {\n  s -> flow a\n  default -> flow b\n}\n", version: 2)
    #expect(client.diagnostics()[uri] == [])
    client.notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
    #expect(client.diagnostics()[uri] == [])
  }
}
