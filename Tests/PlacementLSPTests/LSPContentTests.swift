import Foundation
import PlacementCLI
import PlacementKit
import Testing

@testable import PlacementLSP

/// The language server on content declarations: locale codes after `config "`, go-to-definition on a config
/// file path, hover on a content id with its locales.
@Suite struct LSPContentTests {
  static let paywall = Marked(
    """
    placement home: paywall {
      default -> paywall «pro»
    }

    content paywall pro {
      config default "en" { "title": "Go" }
      config "de" from «"pro.de.json"»
    }

    """)

  func workspace() throws -> (root: String, client: LSPTestClient, uri: String) {
    let root = try temporaryRules(["paywall.rules": Self.paywall.text, "pro.de.json": #"{ "title": "Los" }"#])
    return (root, LSPTestClient(root: root), DocumentURI.uri(root + "/Rules/paywall.rules"))
  }

  @Test func definitionOfAConfigPathOpensTheFile() throws {
    let w = try workspace()
    defer { try? FileManager.default.removeItem(atPath: w.root) }
    let start: JSONValue = ["line": 0, "character": 0]
    var inside = Self.paywall.starts[1]
    inside.character += 3
    let result = w.client.result("textDocument/definition", LSPTestClient.position(w.uri, inside))
    #expect(
      result == [
        ["uri": .string(DocumentURI.uri(w.root + "/Rules/pro.de.json")), "range": ["start": start, "end": start]]
      ])
    // Elsewhere in the declaration there is nothing to go to.
    let elsewhere = w.client.result(
      "textDocument/definition", LSPTestClient.position(w.uri, LSPPosition(line: 5, character: 4)))
    #expect(elsewhere == [] || elsewhere == .null)
  }

  @Test func hoverOnAContentIdInARowShowsItsLocales() throws {
    let w = try workspace()
    defer { try? FileManager.default.removeItem(atPath: w.root) }
    let hover = w.client.result("textDocument/hover", LSPTestClient.position(w.uri, Self.paywall.starts[0]))
    let text = try #require(hover[path: "contents.value"]?.stringValue)
    #expect(text.hasPrefix("```placement\ncontent paywall pro\n```\nRemote config in 2 locales; `en` is the default."))
    #expect(text.contains("| `en` (default) | inline |"))
    #expect(text.contains("| `de` | `pro.de.json` |"))
    #expect(hover["range"] == Self.paywall.ranges[0])
  }

  @Test func localeCodesAfterConfigQuoteUsedOnesFirst() throws {
    let w = try workspace()
    defer { try? FileManager.default.removeItem(atPath: w.root) }
    let typing = Self.paywall.text + "content paywall basic {\n  config default \"e"
    w.client.open(w.uri, typing, version: 2)
    let lines = typing.split(separator: "\n", omittingEmptySubsequences: false)
    let end = LSPPosition(line: lines.count - 1, character: lines.last!.utf16.count)
    let items = w.client.result("textDocument/completion", LSPTestClient.position(w.uri, end))["items"]?.arrayValue
    let labels = (items ?? []).compactMap { $0["label"]?.stringValue }
    #expect(Array(labels.prefix(4)) == ["de", "en", "es", "fr"])
    #expect(labels.contains("pt-br") && labels.contains("zh-hant"))
    #expect(items?.first?["detail"] == "used by 1 config")
    // Outside a content's config string, the usual candidates.
    let other = Self.paywall.text + "segment s = "
    w.client.open(w.uri, other, version: 3)
    let plain = w.client.result(
      "textDocument/completion",
      LSPTestClient.position(w.uri, LSPPosition(line: other.split(separator: "\n").count - 1, character: 12)))
    #expect(!(plain["items"]?.arrayValue ?? []).contains { $0["label"] == "pt-br" })
  }

  /// An editor closes the quote as it is typed: the empty or partial code between the quotes is not offered.
  @Test func theCodeBeingTypedIsNoCandidate() throws {
    let w = try workspace()
    defer { try? FileManager.default.removeItem(atPath: w.root) }
    for typed in ["", "p"] {
      let typing =
        Self.paywall.text + "content paywall basic {\n  config default \"\(typed)\" { \"title\": \"Go\" }\n}\n"
      w.client.open(w.uri, typing, version: typed.isEmpty ? 2 : 3)
      let lines = typing.split(separator: "\n", omittingEmptySubsequences: false)
      let line = lines.count - 3
      let end = LSPPosition(line: line, character: "  config default \"\(typed)".utf16.count)
      let items = w.client.result("textDocument/completion", LSPTestClient.position(w.uri, end))["items"]?.arrayValue
      let labels = (items ?? []).compactMap { $0["label"]?.stringValue }
      #expect(Array(labels.prefix(3)) == ["de", "en", "es"], "typed \(typed)")
      #expect(!labels.contains(typed))
    }
  }
}
