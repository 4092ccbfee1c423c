import Foundation
import TestSupport
import Testing

@testable import PlacementCore
@testable import PlacementKit

@Suite struct FormatGoldenTests {
  @Test func fixturesArePresent() {
    #expect(
      FormatGolden.names() == [
        "comments", "cross-placement", "inline-tests", "long-choice", "nested-parens", "overrides", "schedules",
        "spacing",
      ])
  }

  @Test(arguments: FormatGolden.names())
  func formatsToTheExpectedLayout(name: String) throws {
    let input = try FormatGolden.read("\(name).input.rules")
    let formatted = try RuleFormatter.format(SourceFile(name: "\(name).input.rules", text: input))
    try FormatGolden.check(formatted, against: "\(name).expected.rules")
  }

  @Test(arguments: FormatGolden.names())
  func expectedLayoutIsAFixedPoint(name: String) throws {
    let expected = try FormatGolden.read("\(name).expected.rules")
    #expect(try RuleFormatter.format(SourceFile(name: name, text: expected)) == expected)
    #expect(expected != (try FormatGolden.read("\(name).input.rules")), "the input should need formatting")
  }

  /// Extra spaces before any token change nothing: the layout comes from the tree, not from the input's spacing.
  @Test(arguments: FormatGolden.names())
  func layoutDoesNotDependOnSpacing(name: String) throws {
    let input = try FormatGolden.read("\(name).input.rules")
    let file = SourceFile(name: name, text: input)
    var bytes = file.bytes
    var generator = SplitMix64(state: UInt64(name.utf8.count))
    for token in Lexer.tokenize(file).tokens.reversed() where token.kind != .endOfFile {
      bytes.insert(
        contentsOf: Array(repeating: UInt8(ascii: " "), count: Int(generator.next() % 4)), at: token.range.start)
    }
    let spaced = String(decoding: bytes, as: UTF8.self)
    #expect(spaced != input)
    #expect(
      try RuleFormatter.format(SourceFile(name: name, text: spaced))
        == (try FormatGolden.read("\(name).expected.rules")))
  }

  @Test func diffShowsChangedLinesWithNumbers() {
    let diff = TestSupport.LineDiff.render(expected: "a\nb\nc\n", actual: "a\nB\nc\nd")
    #expect(diff == "    1 | a\n-   2 | b\n+   2 | B\n    3 | c\n+   4 | d⏎")
  }
}
