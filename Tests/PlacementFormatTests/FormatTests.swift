import Testing

@testable import PlacementCore
@testable import PlacementFormat
@testable import PlacementKit

@Suite struct FormatTests {
  func format(_ text: String) throws -> String {
    try RuleFormatter.format(SourceFile(name: "t.rules", text: text))
  }

  @Test func fileWithSyntaxErrorsIsRefusedWithTheParsersDiagnostics() {
    #expect {
      try format("segment a = \nplacement x: flow {\n  default -> flow a\n}\n")
    } throws: { error in
      guard case FormatError.syntax(let diagnostics) = error else { return false }
      return diagnostics.map(\.code) == [SyntaxCatalog.expectedExpression] && diagnostics[0].span?.location.line == 1
    }
  }

  @Test func semanticErrorsDoNotStopFormatting() throws {
    #expect(
      try format("placement x:flow{music_fan->flow a\ndefault->flow b}") == """
        placement x: flow {
          music_fan -> flow a
          default   -> flow b
        }

        """)
  }

  @Test func emptyAndCommentOnlyFiles() throws {
    #expect(try format("") == "")
    #expect(try format("\n\n") == "")
    #expect(try format("\n# one\n\n\n\n# two   \n") == "# one\n\n# two\n")
  }

  /// A file whose first line break is `\r\n` keeps `\r\n` on every line (a mixed file is made consistent);
  /// a file with `\n` keeps `\n`.
  @Test func windowsLineEndingsAreKept() throws {
    #expect(
      try format("segment a = x == 1 # c\r\n\r\n\r\nsegment b = y == 2\r\n")
        == "segment a = x == 1 # c\r\n\r\nsegment b = y == 2\r\n")
    #expect(try format("segment a = x == 1\r\nsegment b = y == 2\n") == "segment a = x == 1\r\nsegment b = y == 2\r\n")
    #expect(try format("segment a = x == 1\nsegment b = y == 2\r\n") == "segment a = x == 1\nsegment b = y == 2\n")
  }

  @Test func choiceListStaysOnOneLineUpTo100Columns() throws {
    // 'attribute a: choice(' is 20 columns, ') from quiz "q"' 15: 65 columns of options fit exactly.
    let fits = (0..<10).map { "opt\($0)" }.joined(separator: ", ") + ", zzzzz"
    let line = "attribute a: choice(\(fits)) from quiz \"q\""
    #expect(line.count == 100)
    #expect(try format(line) == line + "\n")
    let tooLong = "attribute a: choice(\(fits)z) from quiz \"q\""
    #expect(try format(tooLong).hasPrefix("attribute a: choice(\n  opt0,\n  opt1,\n"))
    #expect(try format(tooLong).hasSuffix("  opt9,\n  zzzzzz\n) from quiz \"q\"\n"))
  }

  @Test func blankLinesBetweenKindsAndCollapsedElsewhere() throws {
    let text =
      "attribute a: bool\n\n\n\nattribute b: bool\nsegment s = a\nsegment t = b\n\n\nsegment u = a\nplacement p: flow {\n\n  s -> flow x\n\n\n  default -> flow y\n\n}\ntest t version \"v\" { variation a 50% { p -> flow x } variation b 50% { p -> flow y } }\n"
    #expect(
      try format(text) == """
        attribute a: bool

        attribute b: bool

        segment s = a
        segment t = b

        segment u = a

        placement p: flow {
          s       -> flow x

          default -> flow y
        }

        test t version "v" {
          variation a 50% {
            p -> flow x
          }
          variation b 50% {
            p -> flow y
          }
        }

        """)
  }

  @Test func stringsAreReEscapedAndPatternsAndNumbersKeptAsWritten() throws {
    let text =
      #"segment s = name == "tab"# + "\t" + #"\"q\" \\ \n" or name matches /a\/b\d+/"# + "\n"
      + "segment t = score > -3.50 or v >= 1.0.0-rc.1+b5\n"
    #expect(
      try format(text) == #"segment s = name == "tab\t\"q\" \\ \n" or name matches /a\/b\d+/"# + "\n"
        + "segment t = score > -3.50 or v >= 1.0.0-rc.1+b5\n")
  }

  @Test func commentsInsideAConditionKeepItBrokenAtTheOuterOperator() throws {
    let text = "segment s = a # first\n  and (b or # inner\n c) and d\n"
    let once = try format(text)
    #expect(once == "segment s = a # first\n  and (b or c) # inner\n  and d\n")
    #expect(try format(once) == once)
  }

  @Test func twoTrailingCommentsOnOneLineKeepTheLastAtTheEnd() throws {
    let text = "segment pros = experience == # a\n pro # b\nplacement # c\n p: flow { # d\n  default -> flow x\n}\n"
    let once = try format(text)
    #expect(
      once == "# a\nsegment pros = experience == pro # b\n\n# c\nplacement p: flow { # d\n  default -> flow x\n}\n")
    #expect(try format(once) == once)
  }

  @Test func aTrailingCommentOnTheLastOperandDoesNotBreakTheCondition() throws {
    let text = "segment s = a and # x\n b\n"
    #expect(try format(text) == "segment s = a and b # x\n")
    #expect(try format("segment s = a # x\n and b\n") == "segment s = a # x\n  and b\n")
    #expect(try format("segment s = a # x\n and b\n") == (try format("segment s = a # x\n  and b\n")))
  }

  @Test func everyCommentIsKeptExactlyOnce() throws {
    let text = """
      # a
      attribute x: choice(p, # b
      # c
      q) # d
      segment s = x == p # e
      placement pl: paywall { # f
        # g
        s -> test t { # h
          paywall a 50% # i
          # j
          paywall b 50% } # k
        # l
        default -> paywall z # m
      # n
      } # o
      # p
      """
    let formatted = try format(text)
    let comments = Lexer.tokenize(SourceFile(name: "f", text: formatted)).comments.map(\.text)
    #expect(
      comments == [
        "# a", "# b", "# c", "# d", "# e", "# f", "# g", "# h", "# i", "# j", "# k", "# l", "# m", "# n", "# o", "# p",
      ])
    #expect(try format(formatted) == formatted)
    #expect(
      formatted.contains("\n  s       -> test t { # h\n    paywall a 50% # i\n    # j\n    paywall b 50%\n  } # k\n"))
  }

  @Test func verificationRejectsALayoutThatRegroups() throws {
    let original = Parser.parse(SourceFile(name: "a", text: "segment s = a and (b or c)\n")).0
    #expect(throws: FormatError.changedMeaning("the formatted text parses to a different syntax tree")) {
      try RuleFormatter.verify(
        original: original, formatted: SourceFile(name: "b", text: "segment s = a and b or c\n"), limits: .default)
    }
    #expect(throws: FormatError.changedMeaning("the formatted text does not keep every comment in order")) {
      try RuleFormatter.verify(
        original: original, formatted: SourceFile(name: "b", text: "segment s = a and (b or c) # x\n"), limits: .default
      )
    }
    #expect(throws: Never.self) {
      try RuleFormatter.verify(
        original: original, formatted: SourceFile(name: "b", text: "segment s =\n a and ( b or c )\n"), limits: .default
      )
    }
  }

  @Test func fingerprintSeesLiteralValuesButNotPositions() {
    func fingerprint(_ text: String) -> String {
      SyntaxFingerprint.of(Parser.parse(SourceFile(name: "f", text: text)).0.declarations)
    }
    #expect(fingerprint("segment s = a == \"x\"") == fingerprint("segment  s =   a==\"x\""))
    #expect(fingerprint("segment s = a == \"x\"") != fingerprint("segment s = a == \"y\""))
    #expect(fingerprint("segment s = a == 2.0") != fingerprint("segment s = a == 2.00"))
    #expect(fingerprint("segment s = not a") != fingerprint("segment s = not (a)"))
    #expect(
      fingerprint("segment s = a starts_with \"x\"") != fingerprint("segment s = a starts_with \"x\" ignoring case"))
    #expect(fingerprint("segment s = count(a) > 1") != fingerprint("segment s = a > 1"))
    #expect(fingerprint("segment s = a and b or c") != fingerprint("segment s = a or b and c"))
    #expect(fingerprint("attribute d: date unit seconds") != fingerprint("attribute d: date unit milliseconds"))
    #expect(fingerprint("attribute c: choice(a \"A\", b)") != fingerprint("attribute c: choice(a, b \"A\")"))
    #expect(
      fingerprint("attribute e: string from input \"s/e\"")
        == fingerprint("attribute e: string from input \"e\" on screen \"s\""))
  }
}

@Suite struct SyntaxFingerprintCoverageTests {
  /// `SyntaxFingerprint` writes the AST's fields by hand; this lists every stored field the AST has (found by
  /// reflection over the golden inputs). When a field is added to the AST this fails: write the field in
  /// `SyntaxFingerprint`, then add it here.
  @Test func fingerprintKnowsEveryStoredFieldOfTheAST() throws {
    var fields = Set<String>()
    func walk(_ value: Any) {
      let mirror = Mirror(reflecting: value)
      let type = String(describing: Swift.type(of: value))
      if value is SourceRange || value is SourceFile || value is String || value is Bool { return }
      for child in mirror.children {
        if mirror.displayStyle == .struct, let label = child.label { fields.insert("\(type).\(label)") }
        walk(child.value)
      }
    }
    for name in FormatGolden.names() {
      let text = try FormatGolden.read("\(name).input.rules")
      walk(Parser.parse(SourceFile(name: name, text: text)).0.declarations)
    }
    #expect(
      fields.sorted() == [
        "AttributeDecl.name", "AttributeDecl.range", "AttributeDecl.source", "AttributeDecl.type", "AttributeDecl.unit",
        "CrossPlacementTestDecl.name", "CrossPlacementTestDecl.range", "CrossPlacementTestDecl.sticky",
        "CrossPlacementTestDecl.stickyWindow", "CrossPlacementTestDecl.variations", "CrossPlacementTestDecl.version",
        "CrossPlacementTestDecl.window",
        "CrossVariationSyntax.contents", "CrossVariationSyntax.id",
        "CrossVariationSyntax.range", "CrossVariationSyntax.weight", "InlineTestSyntax.name", "InlineTestSyntax.range",
        "InlineTestSyntax.sticky", "InlineTestSyntax.stickyWindow", "InlineTestSyntax.variations",
        "InlineTestSyntax.version", "InlineTestSyntax.window",
        "Name.presence", "Name.range", "Name.text", "OptionSyntax.id",
        "OptionSyntax.title", "OverrideDecl.condition", "OverrideDecl.forced", "OverrideDecl.range",
        "OverrideDecl.target", "PlacementDecl.contentType", "PlacementDecl.name", "PlacementDecl.range",
        "PlacementDecl.rows", "PredicateSyntax.ignoringCase", "PredicateSyntax.op", "PredicateSyntax.opRange",
        "PredicateSyntax.operands", "PredicateSyntax.range", "PredicateSyntax.subject", "PredicateSyntax.unit",
        "RowSyntax.cap", "RowSyntax.content", "RowSyntax.range", "RowSyntax.segment", "RowSyntax.window",
        "SegmentDecl.condition",
        "SegmentDecl.name",
        "SegmentDecl.range", "SourceSyntax.element", "SourceSyntax.key", "SourceSyntax.kind",
        "SourceSyntax.presentedDefault", "SourceSyntax.range", "SourceSyntax.screen",
        "StickyWindowSyntax.count", "StickyWindowSyntax.range", "StickyWindowSyntax.unit", "SubjectSyntax.attribute",
        "SubjectSyntax.event", "SubjectSyntax.function", "SubjectSyntax.range", "TypeSyntax.keyword",
        "TypeSyntax.kind", "TypeSyntax.options", "TypeSyntax.range", "VariationSyntax.content", "VariationSyntax.id",
        "VariationSyntax.range", "VariationSyntax.weight", "WindowSyntax.from", "WindowSyntax.range",
        "WindowSyntax.until",
      ])
  }

  @Test func longChainsAreFormattedWithoutDeepRecursion() throws {
    let operands = (0..<5000).map { "age > \($0)" }
    let text = "segment s = " + operands.joined(separator: " and ") + "\n"
    let formatted = try RuleFormatter.format(SourceFile(name: "long", text: text))
    #expect(formatted == "segment s = " + operands.joined(separator: "\n  and ") + "\n")
  }
}

@Suite struct FormatDeclarationWordTests {
  @Test func optionIdThatIsADeclarationWordIsQuotedAtLineStart() throws {
    let options = ["test", "segment", "attribute", "placement", "a_long_option_id_number_one", "a_long_option_id_two"]
    let text = "attribute kind: choice(\(options.joined(separator: ", "))) from quiz \"kind\"\n"
    let formatted = try RuleFormatter.format(SourceFile(name: "w", text: text))
    #expect(
      formatted.hasPrefix("attribute kind: choice(\n  \"test\",\n  \"segment\",\n  \"attribute\",\n  \"placement\",\n"))
    #expect(try RuleFormatter.format(SourceFile(name: "w", text: formatted)) == formatted)
  }

  @Test func inlineTestWithAVariationIdThatIsADeclarationWordStaysOnOneLine() throws {
    let row =
      "  s -> test t { test: paywall a_very_long_paywall_identifier_number_one 50%, b: paywall another_long_paywall_identifier 50% }"
    let text = "segment s = age > 1\n\nplacement p: paywall {\n\(row)\n  default -> paywall z\n}\n"
    #expect(row.count > 100)
    let formatted = try RuleFormatter.format(SourceFile(name: "w", text: text))
    #expect(
      formatted.contains("\n  s       -> test t { test: paywall a_very_long_paywall_identifier_number_one 50%, b:"))
  }
}
