import Foundation
import PlacementKit
import Testing

@testable import PlacementLSP

/// The language server on `layer` declarations: completion inside a layer, hover on a layer (its allocation), on a
/// layered test and on the keyword, document symbols, and references from a layer to its tests.
@Suite struct LSPLayerTests {
  static let text = """
    segment us = country == "US"
    placement p: paywall {
      us      -> test music { paywall a 50%, paywall b 50% }
      default -> paywall standard
    }

    layer exp version "exp-1" {
      music 0% to 30%
    }

    """

  func open(_ text: String = Self.text) -> (LSPTestClient, String) {
    let client = LSPTestClient(root: nil)
    let uri = "untitled:layers"
    client.open(uri, text)
    return (client, uri)
  }

  func hover(_ line: Int, _ character: Int) -> String? {
    let (client, uri) = open()
    return client.result(
      "textDocument/hover", LSPTestClient.position(uri, LSPPosition(line: line, character: character)))[
        path: "contents.value"]?.stringValue
  }

  func labels(_ text: String) -> [String] {
    let (client, uri) = open(text)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let end = LSPPosition(line: lines.count - 1, character: lines.last!.utf16.count)
    let items = client.result("textDocument/completion", LSPTestClient.position(uri, end))["items"]?.arrayValue ?? []
    return items.compactMap { $0["label"]?.stringValue }
  }

  @Test func completionOffersVersionTestNamesAndTo() {
    let head = Self.text.components(separatedBy: "layer exp")[0]
    #expect(labels(head + "layer exp ") == ["version"])
    #expect(labels(head + "layer exp {\n  ") == ["music"])
    #expect(labels(head + "layer exp {\n  music 0% ") == ["to"])
    #expect(labels(head + "layer exp {\n  music 0% to 30%\n  ") == ["music"])
  }

  @Test func hoverOnALayerShowsItsAllocation() throws {
    let text = try #require(hover(6, 7))
    #expect(text.contains("layer exp version \"exp-1\""))
    #expect(text.contains("| `music` | 0% to 30% |"))
    #expect(text.contains("Unallocated: 70% (30% to 100%)"))
  }

  @Test func hoverOnALayeredTestNamesItsShare() throws {
    let text = try #require(hover(2, 19))
    #expect(text.contains("In layer `exp`: 0% to 30% of its bucket space"))
  }

  @Test func hoverOnTheKeyword() throws {
    #expect(try #require(hover(6, 2)).hasPrefix("**`layer <name> [version \"<id>\"]"))
  }

  @Test func documentSymbolsListTheLayerWithItsShares() throws {
    let (client, uri) = open()
    let symbols = try #require(
      client.result("textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]]).arrayValue)
    let layer = try #require(symbols.first { $0["name"]?.stringValue == "exp" })
    #expect(layer["detail"] == "layer")
    #expect(layer["children"]?.arrayValue?.map { $0["detail"]?.stringValue } == ["0% to 30%"])
  }

  @Test func aTestInALayerIsAReferenceOfTheTest() throws {
    let (client, uri) = open()
    let references = try #require(
      client.result(
        "textDocument/references",
        [
          "textDocument": ["uri": .string(uri)], "position": LSPPosition(line: 7, character: 3).json,
          "context": ["includeDeclaration": true],
        ]
      ).arrayValue)
    let lines = references.compactMap { reference -> Int? in
      if case .number(let line)? = reference[path: "range.start.line"] { Int(line) } else { nil }
    }
    #expect(lines.sorted() == [2, 7])
  }
}
