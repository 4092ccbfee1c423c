import PlacementKit
import Testing

@testable import PlacementLSP

/// The editor side of schedules: completion offers `from`/`until` after a row's segment and `until` after the
/// `from` instant, and hover explains `until`.
@Suite struct LSPScheduleTests {
  static let rules = """
    segment everyone = country is set
    placement p: paywall {

    """

  func labels(_ text: String) -> [String] {
    let client = LSPTestClient(root: nil)
    let uri = "untitled:schedules"
    client.open(uri, text)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let end = LSPPosition(line: lines.count - 1, character: lines.last!.utf16.count)
    let items = client.result("textDocument/completion", LSPTestClient.position(uri, end))["items"]?.arrayValue ?? []
    return items.compactMap { $0["label"]?.stringValue }
  }

  /// The hover text at a position of a document holding `text`.
  func hover(_ text: String, line: Int, character: Int) -> String? {
    let client = LSPTestClient(root: nil)
    let uri = "untitled:schedules-hover"
    client.open(uri, text)
    let hover = client.result(
      "textDocument/hover", LSPTestClient.position(uri, LSPPosition(line: line, character: character)))
    return hover[path: "contents.value"]?.stringValue
  }

  @Test func completionOffersTheScheduleKeywords() {
    #expect(labels(Self.rules + "  everyone ") == ["from", "until"])
    #expect(labels(Self.rules + #"  everyone from "2026-12-20T00:00:00+01:00" "#) == ["until"])
    #expect(labels(Self.rules + "  everyone from ") == [])
  }

  @Test func hoverExplainsUntil() throws {
    let text =
      Self.rules + #"  everyone until "2027-01-05T00:00:00+01:00" -> paywall x"# + "\n  default -> paywall y\n}\n"
    let value = try #require(hover(text, line: 2, character: 13))
    #expect(value.hasPrefix("**`until \"<instant>\"`**: a schedule's end, exclusive"))
  }

  @Test func hoverOnAScheduledCrossPlacementTestShowsItsWindow() throws {
    let text = """
      segment everyone = country is set
      test launch version "l-1" from "2026-12-01T00:00:00Z" {
        variation a 50% {
          p -> paywall pa
        }
        variation b 50% {
          p -> paywall pb
        }
      }
      placement p: paywall {
        everyone -> test launch
        default  -> paywall standard
      }

      """
    let value = try #require(hover(text, line: 1, character: 6))
    #expect(value.hasPrefix("```placement\ntest launch version \"l-1\" from \"2026-12-01T00:00:00Z\"\n```\n"))
    #expect(value.contains("Scheduled: outside its window (from inclusive, until exclusive) its rows are skipped."))
  }
}
