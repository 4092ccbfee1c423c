import Testing

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
      return diagnostics.map(\.code) == [SyntaxCatalog.expectedExpression] && diagnostics[0].span?.location.line == 2
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

  @Test func windowsLineEndingsBecomeNewlines() throws {
    #expect(
      try format("segment a = x == 1 # c\r\n\r\n\r\nsegment b = y == 2\r\n")
        == "segment a = x == 1 # c\n\nsegment b = y == 2\n")
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
  }
}
