import Testing

@testable import PlacementCore
@testable import PlacementFormat
@testable import PlacementKit

/// A line ends with at most one comment: when a trailing comment is followed by another comment that lands on the
/// same output line, both go above that line in source order (docs/Formatting.md, "Comments are kept").
@Suite struct FormatCommentOrderTests {
  func format(_ text: String) throws -> String {
    try RuleFormatter.format(SourceFile(name: "t.rules", text: text))
  }

  /// Formats `input`, expects `expected`, and expects `expected` to be a fixed point.
  func expectLayout(_ input: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let once = try format(input)
    #expect(once == expected, sourceLocation: sourceLocation)
    #expect(try format(once) == once, "not a fixed point", sourceLocation: sourceLocation)
  }

  @Test func aTrailingCommentThenAnOwnLineCommentInASegmentGoAboveIt() throws {
    try expectLayout(
      "segment adults = # people of age\n  # see JIRA-123\n  age >= 18\n\nplacement p: flow {\n  adults  -> flow a\n  default -> flow b\n}\n",
      "# people of age\n# see JIRA-123\nsegment adults = age >= 18\n\nplacement p: flow {\n  adults  -> flow a\n  default -> flow b\n}\n"
    )
  }

  @Test(arguments: [
    ("segment s = x > # c1\n# c2\n 3\n", "# c1\n# c2\nsegment s = x > 3\n"),
    ("segment s = x in # c1\n# c2\n [1, 2]\n", "# c1\n# c2\nsegment s = x in [1, 2]\n"),
    ("segment s = x in [ # c1\n# c2\n 1, 2]\n", "# c1\n# c2\nsegment s = x in [1, 2]\n"),
    ("segment s = # c1\n # c2\n a and b\n", "# c1\n# c2\nsegment s = a and b\n"),
    ("attribute x: number # c1\n# c2\n from input \"x\"\n", "# c1\n# c2\nattribute x: number from input \"x\"\n"),
    ("attribute x: # c1\n # c2\n choice(a, b)\n", "# c1\n# c2\nattribute x: choice(a, b)\n"),
    ("override t: variation a for # c1\n # c2\n qa\n", "# c1\n# c2\noverride t: variation a for qa\n"),
  ])
  func oneLineDeclarations(input: String, expected: String) throws {
    try expectLayout(input, expected)
  }

  /// After `and` the comments belong to the continuation line, which they go above.
  @Test func aTrailingCommentThenAnOwnLineCommentAfterAndBreakTheCondition() throws {
    try expectLayout("segment s = a and # c1\n# c2\n b\n", "segment s = a\n  # c1\n  # c2\n  and b\n")
  }

  /// Comments between the rows' tokens and an inline test's header.
  @Test func rowsAndInlineTestsKeepTheOrder() throws {
    try expectLayout(
      "placement p: paywall {\n  s -> test t # c1\n  # c2\n  { paywall a 50%, paywall b 50% }\n  default -> paywall z\n}\n",
      "placement p: paywall {\n  # c1\n  # c2\n  s       -> test t { paywall a 50%, paywall b 50% }\n  default -> paywall z\n}\n"
    )
  }

  /// A trailing comment after `)` moves above the `) from ...` line when the declaration's last token has one too;
  /// it is indented as the options, where formatting again puts it.
  @Test func aCommentAfterTheClosingParenOfABrokenChoiceListIsIndentedAsTheOptions() throws {
    try expectLayout(
      "attribute experience: choice(\n  beginner,\n  pro # two\n) # close\nfrom quiz \"experience\" # src\n",
      "attribute experience: choice(\n  beginner,\n  pro # two\n  # close\n) from quiz \"experience\" # src\n")
  }

  /// `"screen/element"` then `on screen`: the element string is kept as written.
  @Test func aQualifiedElementIsKeptAsWritten() throws {
    try expectLayout(
      "attribute e: string from input \"scr_registration/email\"   \n",
      "attribute e: string from input \"scr_registration/email\"\n")
  }
}
