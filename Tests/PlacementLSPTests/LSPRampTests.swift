import PlacementKit
import Testing

@testable import PlacementLSP

/// The editor side of ramps: hover on `percent` explains ramps too, and a ramp's errors reach the editor.
@Suite struct LSPRampTests {
  static let text = """
    segment early = percent(5 from "2026-12-01T00:00:00Z", 25 from "2026-12-08T00:00:00Z") salt "s"
    placement p: paywall {
      early -> paywall x
      default -> paywall y
    }

    """

  @Test func hoverOnPercentExplainsRamps() throws {
    let client = LSPTestClient(root: nil)
    let uri = "untitled:ramps-hover"
    client.open(uri, Self.text)
    let hover = client.result(
      "textDocument/hover", LSPTestClient.position(uri, LSPPosition(line: 0, character: 18)))
    let value = try #require(hover[path: "contents.value"]?.stringValue)
    #expect(value.hasPrefix("**`percent(n) salt \"s\"`**: a rollout"))
    #expect(value.contains("A ramp, `percent(5 from \"<instant>\""))
    #expect(value.contains("steps never decrease, so nobody admitted is dropped"))
  }
}
