import Foundation
import PlacementKit
import Testing

@testable import PlacementLSP

/// The language server on id lists: hover on a list's name shows its file and size.
@Suite struct LSPIdListTests {
  static let rules = Marked(
    """
    list vip_ids from "vip.txt"
    segment vip = profile_id in list «vip_ids»
    placement home: flow {
      vip -> flow vip
      default -> flow other
    }

    """)

  @Test func hoverOnAListNameShowsItsFileAndSize() throws {
    let root = try temporaryRules(["home.rules": Self.rules.text, "vip.txt": "# VIPs\nu1\nu2\nu2\n"])
    defer { try? FileManager.default.removeItem(atPath: root) }
    let client = LSPTestClient(root: root)
    let uri = DocumentURI.uri(root + "/Rules/home.rules")
    let hover = client.result("textDocument/hover", LSPTestClient.position(uri, Self.rules.starts[0]))
    let text = try #require(hover[path: "contents.value"]?.stringValue)
    #expect(
      text.hasPrefix("```placement\nlist vip_ids from \"vip.txt\"\n```\nId list: `vip.txt` beside the rules file"))
    #expect(text.contains("2 distinct ids (3 lines with ids)"))
    #expect(hover["range"] == Self.rules.ranges[0])
  }
}
