import Foundation
import PlacementKit
import Testing

@testable import PlacementLSP

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
    // The other file of the workspace is compiled with it: `experience` is named by a condition (one that does
    // not compile still tests it), `interests` by none (`interest` is a typo), so only `interests` is unused.
    let other = try #require(published[DocumentURI.uri(root + "/Rules/attributes.rules")])
    #expect(other.map { $0["code"] } == ["unused-attribute"])
    guard case .string(let message)? = other.first?["message"] else { Issue.record("no message: \(other)"); return }
    #expect(message.contains("'interests'"), "\(message)")
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

  func changeRange(_ uri: String, _ start: (Int, Int), _ end: (Int, Int), _ text: String) -> JSONValue {
    [
      "textDocument": ["uri": .string(uri), "version": 2],
      "contentChanges": [
        [
          "range": [
            "start": LSPPosition(line: start.0, character: start.1).json,
            "end": LSPPosition(line: end.0, character: end.1).json,
          ],
          "text": .string(text),
        ]
      ],
    ]
  }

  @Test func aChangeWhoseRangeStartsAfterItsEndIsIgnoredWithAWarning() throws {
    let client = LSPTestClient(root: nil)
    let uri = "untitled:inverted"
    let text = "attribute score: number\nsegment a = score > 1\n"
    client.open(uri, text)
    client.notifications = []
    client.notify("textDocument/didChange", changeRange(uri, (50, 0), (1, 0), "zzz"))
    #expect(client.server.workspace.open[uri]?.text == text)
    let logged = client.notifications.filter { $0["method"] == "window/logMessage" }
    #expect(logged.map { $0[path: "params.type"] } == [2])
    #expect(
      logged.first?[path: "params.message"]
        == "didChange of untitled:inverted: change 1 ignored, its range is malformed or starts after its end")
    // Same line, start character after end character: ignored too.
    client.notify("textDocument/didChange", changeRange(uri, (1, 9), (1, 8), "b"))
    #expect(client.server.workspace.open[uri]?.text == text)
  }

  @Test func aChangeRangePastTheEndIsClampedToTheText() throws {
    let client = LSPTestClient(root: nil)
    let uri = "untitled:clamped"
    client.open(uri, "attribute score: number\nsegment a = score > 1\n")
    client.notify("textDocument/didChange", changeRange(uri, (1, 0), (99, 99), "# gone\n"))
    #expect(client.server.workspace.open[uri]?.text == "attribute score: number\n# gone\n")
    client.notify("textDocument/didChange", changeRange(uri, (0, 16), (0, 500), " bool"))
    #expect(client.server.workspace.open[uri]?.text == "attribute score: bool\n# gone\n")
    #expect(client.notifications.filter { $0["method"] == "window/logMessage" } == [])
  }

  @Test func aDocumentOverTheFileSizeLimitGetsFileTooLargeAndTheServerStaysResponsive() throws {
    let client = LSPTestClient(root: nil)
    let uri = "untitled:huge"
    let limit = SyntaxLimits.default.maxFileBytes
    client.open(uri, "# " + String(repeating: "x", count: limit) + "\n")
    // The compiler's finding, at the start of the file (lint adds `no-placements`: the file declares nothing).
    let diagnostics = (client.diagnostics()[uri] ?? []).filter { $0["code"] == "file-too-large" }
    #expect(diagnostics.count == 1)
    #expect(
      diagnostics.first?["message"]
        == .string("rules file is \(limit + 3) bytes, over the limit of \(limit) bytes"))
    #expect(
      diagnostics.first?["range"] == ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]])
    let symbols = client.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]])
    #expect(symbols["result"] == [])
  }

  @Test func diagnosticsDueWhenShutdownArrivesArePublishedBeforeItsResponse() throws {
    // An editor (or script) that opens a document and shuts down in one write still sees its diagnostics;
    // a debounced edit not yet due is dropped.
    let client = LSPTestClient(root: nil, debounce: 10)
    client.open("untitled:due", "segment s = nope\n")
    client.open("untitled:later", "segment t = age > 1\n")
    client.change("untitled:later", "segment t = nope\n", version: 2)
    client.notifications = []
    #expect(client.request("shutdown", .null)["result"] == .null)
    let published = client.notifications.filter { $0["method"] == "textDocument/publishDiagnostics" }
    #expect(published.map { $0[path: "params.uri"] } == ["untitled:due"])
    let codes = published.first?[path: "params.diagnostics"]?.arrayValue?.compactMap { $0["code"] }
    #expect(codes?.contains("unknown-segment") == true)
    #expect(client.server.nextDeadline == nil)
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
