import PlacementKit
import Testing

@testable import PlacementLSP

/// Hover explains the words of event conditions and caps: `event`, `first_at`, `last_at`, `limit`.
@Suite struct LSPEventTests {
  static let text = """
    segment lapsed = last_at(event "purchase") more than 30 days ago or first_at(event "app_open") is not set
    placement p: paywall {
      lapsed limit 3 per 7 days -> paywall winback
      default -> paywall standard
    }

    """

  func hover(line: Int, character: Int) -> String? {
    let client = LSPTestClient(root: nil)
    let uri = "untitled:events-hover"
    client.open(uri, Self.text)
    let hover = client.result(
      "textDocument/hover", LSPTestClient.position(uri, LSPPosition(line: line, character: character)))
    return hover[path: "contents.value"]?.stringValue
  }

  @Test(arguments: [
    (0, 18, "**`last_at(event \\\"x\\\" …)`**"), (0, 26, "**`event \\\"<name>\\\"`**"),
    (0, 70, "**`first_at(event \\\"x\\\" …)`**"), (2, 10, "**`limit <n> per <m> <unit>`**"),
  ])
  func hoverExplainsTheEventWords(_ line: Int, _ character: Int, _ prefix: String) throws {
    let value = try #require(hover(line: line, character: character))
    #expect(value.hasPrefix(prefix.replacingOccurrences(of: "\\\"", with: "\"")))
  }
}
