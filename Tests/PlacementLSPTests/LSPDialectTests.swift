import PlacementKit
import Testing

@testable import PlacementLSP

/// Hover under `dialect adapty`: on the declaration, on a negated operator, on `not`, and on a segment whose
/// meaning the dialect changes.
@Suite struct LSPDialectTests {
  static let rules = """
    dialect adapty
    segment outside_ru = country != "RU"
    segment older = not (age < 30)
    segment russia = country == "RU"
    placement p: flow {
      outside_ru -> flow a
      older -> flow b
      russia -> flow c
      default -> flow d
    }

    """

  func hover(_ text: String, line: Int, character: Int) -> String? {
    let client = LSPTestClient(root: nil)
    let uri = "untitled:dialect-hover"
    client.open(uri, text)
    let hover = client.result(
      "textDocument/hover", LSPTestClient.position(uri, LSPPosition(line: line, character: character)))
    return hover[path: "contents.value"]?.stringValue
  }

  @Test func hoverOnTheDeclarationExplainsTheDialects() throws {
    let keyword = try #require(hover(Self.rules, line: 0, character: 2))
    #expect(keyword.hasPrefix("**`dialect placement|adapty`**"))
    let name = try #require(hover(Self.rules, line: 0, character: 10))
    #expect(name.hasPrefix("**`dialect adapty`**"))
  }

  @Test func hoverOnANegationSaysWhatTheDialectMeans() throws {
    let notEqual = try #require(hover(Self.rules, line: 1, character: 30))
    #expect(notEqual.contains("Under `dialect adapty` (these rules)"))
    let not = try #require(hover(Self.rules, line: 2, character: 17))
    #expect(not.contains("Under `dialect adapty` (these rules)"))
    let segment = try #require(hover(Self.rules, line: 5, character: 4))
    #expect(segment.contains("Under `dialect adapty` (these rules)"))
    let positive = try #require(hover(Self.rules, line: 7, character: 4))
    #expect(!positive.contains("Under `dialect adapty`"))
  }

  @Test func withoutTheDeclarationNothingIsAdded() throws {
    let plain = String(Self.rules.drop { $0 != "\n" }.dropFirst())
    let notEqual = try #require(hover(plain, line: 0, character: 30))
    #expect(!notEqual.contains("Under `dialect adapty`"))
  }
}
