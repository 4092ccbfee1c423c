import TestSupport
import Testing

@testable import PlacementCore

/// Source, syntax and diagnostics at the edges: presence, encodings, positions and slips that get a did-you-mean. Positions are stated by markers.
@Suite struct EdgeDiagnosticsTests {
  static let table = "\nplacement p: flow {\n  default -> flow a\n}\n"

  // MARK: Missing is not empty (defect 5)

  @Test func anEmptyElementIdIsAnError() {
    let found = expectDiagnostics(
      #"attribute level: choice(a, b) from quiz 1️⃣"""# + Self.table, SemanticsCatalog.invalidSource)
    #expect(found.map(\.message) == ["the element id cannot be empty"])
  }

  @Test func aScreenWithoutElementIsAnError() {
    let found = expectDiagnostics(
      #"attribute level: choice(a, b) from quiz 1️⃣"scr/""# + Self.table, SemanticsCatalog.invalidSource)
    #expect(found.map(\.message) == ["the element id cannot be empty"])
    let screen = expectDiagnostics(
      #"attribute level: choice(a, b) from quiz "x" on screen 1️⃣"""# + Self.table, SemanticsCatalog.invalidSource)
    #expect(screen.map(\.message) == ["the screen id cannot be empty"])
  }

  @Test func anEmptySaltIsAnErrorButAMissingOneIsReportedOnce() {
    let empty = expectDiagnostics(
      #"segment s = percent(10) salt 1️⃣"""# + "\nplacement p: flow {\n  s -> flow b\n  default -> flow a\n}\n",
      SemanticsCatalog.invalidRollout)
    #expect(empty.map(\.message) == ["a rollout salt cannot be empty"])
    let missing = compile("segment s = percent(10) salt\nplacement p: flow {\n  s -> flow b\n  default -> flow a\n}\n")
    #expect(missing.diagnostics.filter { $0.severity == .error }.map(\.code) == [SyntaxCatalog.expectedToken])
  }

  // MARK: Encodings (m-7, m-8, D9)

  @Test func aByteOrderMarkIsSkipped() {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("segment a = country == \"US\"\n".utf8)
    let file = SourceFile(name: "bom.rules", bytes: bytes)
    #expect(file.hasByteOrderMark)
    #expect(file.text.hasPrefix("segment"))
    let compilation = Compilation.compile([
      RuleSource(
        name: "bom.rules", bytes: bytes + Array("placement p: flow {\n  a -> flow x\n  default -> flow y\n}\n".utf8))
    ])
    #expect(compilation.diagnostics.isEmpty)
    #expect(compilation.ruleSet != nil)
  }

  @Test func invalidUTF8IsAnErrorAtItsLineAndColumn() {
    let bytes =
      Array("segment é = 1\nsegment a = country == \"U".utf8) + [0xFF, 0xFE] + Array("S\" # \u{1}".utf8)
      + [0xC3] + Array("\n".utf8)
    let compilation = Compilation.compile([RuleSource(name: "b.rules", bytes: bytes)])
    let invalid = compilation.diagnostics.filter { $0.code == SyntaxCatalog.invalidUTF8 }
    // Columns on a line with ill-formed UTF-8 count each ill-formed byte: \xC3 follows 7 characters after \xFF\xFE.
    #expect(positions(invalid) == ["2:26", "2:34"])
    #expect(
      invalid.map(\.message) == [
        #"invalid UTF-8 bytes \xFF\xFE: rules files must be UTF-8"#,
        #"invalid UTF-8 byte \xC3: rules files must be UTF-8"#,
      ])
    #expect(compilation.ruleSet == nil)
  }

  @Test func crlfLinesHaveTheSamePositionsAsLFLines() {
    let marked =
      "segment a = 1️⃣nope == 1\r\nsegment b = country ==2️⃣\r\nplacement p: flow {\r\n  default -> flow a\r\n}\r\n"
    let rules = MarkedRules(marked)
    let found = compile(rules.text).diagnostics.filter { $0.severity == .error }
    #expect(positions(found) == rules.positions)
    #expect(found.map(\.code) == [SemanticsCatalog.unknownAttribute, SyntaxCatalog.expectedValue])
  }

  // MARK: Positions (P-11)

  @Test func aConstructMissingAtTheEndOfALineIsReportedOnThatLine() {
    let found = expectDiagnostics(
      "segment broken = country ==1️⃣\nplacement p: flow {\n  broken -> flow x\n  default -> flow y\n}\n",
      SyntaxCatalog.expectedValue)
    #expect(found.map(\.message) == ["expected a value, found the end of the line"])
    let dangling = expectDiagnostics(
      "segment s = country == \"US\" and1️⃣\nplacement p: flow {\n  s -> flow x\n  default -> flow y\n}\n",
      SyntaxCatalog.expectedExpression)
    #expect(dangling.map(\.message) == ["expected a condition, found the end of the line"])
  }

  @Test func cStyleOperatorsGetOneDiagnosticWithAFixIt() {
    let found = expectDiagnostics(
      """
      segment s = country == "US" 1️⃣&& platform == "ios" 2️⃣|| 3️⃣!(country == "CA")
      segment t = country 4️⃣= "US"
      placement p: flow {
        s -> flow x
        t -> flow z
        default -> flow y
      }
      """, SyntaxCatalog.operatorSpelling)
    #expect(
      found.map(\.message) == [
        "'&&' is not an operator here: use 'and'", "'||' is not an operator here: use 'or'",
        "'!' is not an operator here: use 'not'", "'=' is not an operator here: use '=='",
      ])
    #expect(found.flatMap(\.fixIts).map(\.replacement) == ["and", "or", "not ", "=="])
    // One diagnostic each, nothing else: the rest of each condition is checked as written.
    #expect(compile(MarkedRules(Self.slips).text).diagnostics.count == 4)
  }

  /// `=>`, `=<` and `<>` (other languages' spellings of `>=`, `<=` and `!=`): one diagnostic each, whose fix-it
  /// replaces the pair, and the condition then means what was meant (the newcomer trial had `=>` fixed to
  /// `==>` and a second error at the `>`).
  @Test func otherLanguagesTwoCharacterOperatorsGetOneDiagnosticWithAFixIt() {
    let found = expectDiagnostics(
      """
      segment adult = age 1️⃣=> 18
      segment minor = age 2️⃣=< 17
      segment abroad = country 3️⃣<> "US"
      placement p: flow {
        adult -> flow a
        minor -> flow b
        abroad -> flow c
        default -> flow d
      }
      """, SyntaxCatalog.operatorSpelling)
    #expect(
      found.map(\.message) == [
        "'=>' is not an operator here: use '>='", "'=<' is not an operator here: use '<='",
        "'<>' is not an operator here: use '!='",
      ])
    #expect(found.flatMap(\.fixIts).map(\.replacement) == [">=", "<=", "!="])
    #expect(found.flatMap(\.fixIts).map { $0.span.range.end - $0.span.range.start } == [2, 2, 2])
    // The fix-its applied give rules that compile clean and mean what was written.
    let rules =
      "segment adult = age => 18\nsegment abroad = country <> \"US\"\n"
      + "placement p: flow {\n  adult -> flow a\n  abroad -> flow c\n  default -> flow d\n}\n"
    var bytes = Array(rules.utf8)
    let fixes = compile(rules).diagnostics.flatMap(\.fixIts).sorted { $0.span.range.start > $1.span.range.start }
    #expect(fixes.count == 2)
    for fix in fixes {
      bytes.replaceSubrange(fix.span.range.start..<fix.span.range.end, with: Array(fix.replacement.utf8))
    }
    let fixed = String(decoding: bytes, as: UTF8.self)
    #expect(fixed.hasPrefix("segment adult = age >= 18\nsegment abroad = country != \"US\"\n"))
    #expect(compile(fixed).diagnostics.isEmpty)
  }

  /// Apart, `=` and `>` are two mistakes, not one operator: `age = > 18` keeps the `=` diagnostic and the
  /// missing value.
  @Test func anEqualsSignAndAComparisonApartAreNotMerged() {
    let diagnostics = compile("segment adult = age = > 18\nplacement p: flow {\n  default -> flow d\n}\n").diagnostics
    #expect(diagnostics.map(\.code) == [SyntaxCatalog.operatorSpelling, SyntaxCatalog.expectedValue])
  }

  static let slips = """
    segment s = country == "US" && platform == "ios" || !(country == "CA")
    segment t = country = "US"
    placement p: flow {
      s -> flow x
      t -> flow z
      default -> flow y
    }
    """

  @Test func anUnquotedDateSaysQuoteTheDate() {
    let found = expectDiagnostics(
      "segment s = installed_at > 1️⃣2026-01-01\nplacement p: flow {\n  s -> flow x\n  default -> flow y\n}\n",
      SyntaxCatalog.unquotedDate)
    #expect(found.map(\.message) == [#"dates are quoted: write "2026-01-01""#])
    #expect(found.first?.fixIts.map(\.replacement) == [#""2026-01-01""#])
    #expect(
      compile("segment s = installed_at > 2026-01-01\nplacement p: flow {\n  s -> flow x\n  default -> flow y\n}\n")
        .diagnostics.count == 1)
  }

  // MARK: Columns (P-14, D7) and carets under wide characters

  @Test func utf16ColumnsCountSurrogatePairs() {
    let file = SourceFile(name: "e.rules", text: "segment emoji = ville == \"👍🏽👍🏽\" and baz == 2\n")
    let offset = Array(file.bytes).firstIndex(of: UInt8(ascii: "b"))!
    #expect(file.location(of: offset).column == 35)  // characters
    #expect(file.utf16Location(of: offset).column == 41)  // UTF-16 code units (SARIF)
  }

  @Test func aLongNonASCIILineIsPassedOverOnceForManyDiagnostics() {
    let names = (0..<150).map { "u\($0) == 1" }.joined(separator: " and ")
    let text =
      "attribute ville: string\nsegment s = ville == \"" + String(repeating: "é", count: 50_000) + "\" and " + names
      + "\nplacement p: flow {\n  s -> flow b\n  default -> flow a\n}\n"
    let compilation = compile(text)
    let unknown = compilation.diagnostics.filter { $0.code == SemanticsCatalog.unknownAttribute }
    #expect(unknown.count == 150)
    let rendered = DiagnosticRenderer().render(unknown)
    // 22 characters, 50,000 é, then `" and `: u0 starts at column 50,029.
    #expect(rendered.contains("test.rules:2:50029: error: unknown attribute 'u0'"))
    let file = unknown[0].span!.file
    #expect(file.columns.builtCount == 1)
  }

  @Test func caretsAccountForWideCharacters() {
    let compilation = compile("segment g = ville == \"東京\" and baz == 2\n")
    let baz = compilation.diagnostics.first { $0.message == "unknown attribute 'baz'" }!
    #expect(baz.span?.location.description == "1:31")
    let lines = DiagnosticRenderer().render(baz).split(separator: "\n")
    #expect(lines[1] == " 1 | segment g = ville == \"東京\" and baz == 2")
    // 30 characters before the caret, two of them two columns wide.
    #expect(lines[2] == "   | " + String(repeating: " ", count: 32) + "^~~")
  }

  @Test func jsonErrorPositionsAreOneBasedLinesAndCharacterColumns() throws {
    let bytes = Array("{\n  \"ville\": \"Zürich\", x}".utf8)
    #expect(throws: JSONError.self) { try JSONReader.parse(bytes) }
    do {
      _ = try JSONReader.parse(bytes)
    } catch {
      // `x` is the 22nd character of line 2 (the 23rd byte: ü is two).
      #expect(error.location(in: bytes).description == "2:22")
    }
  }

  // MARK: Catalogue (defect 6)

  @Test func splitCodesSayWhatIsWrong() {
    let cases: [(String, DiagnosticCode)] = [
      ("attribute a: string from survey \"x\"", SyntaxCatalog.unknownSourceKind),
      ("attribute a: string unit seconds", SemanticsCatalog.unitOnNonDate),
      ("attribute a: date unit fortnights", SemanticsCatalog.unknownTimeUnit),
      ("attribute a: number\nsegment s = a", SemanticsCatalog.nonBoolReference),
      ("segment t = country == \"US\"\nsegment s = t == 1", SemanticsCatalog.segmentCompared),
      ("segment s = country in \"US\"", SemanticsCatalog.expectedList),
      ("attribute a: bool\nsegment s = a > true", SemanticsCatalog.unsupportedOperator),
      ("segment s = count(country) > 1", SemanticsCatalog.functionTypeMismatch),
      ("attribute i: choices(a, b)\nsegment s = i == a", SemanticsCatalog.choicesEquality),
      ("attribute n: number\nsegment s = n == 1 ignoring case", SemanticsCatalog.ignoringCaseNotApplicable),
      ("attribute n: number\nsegment s = n between 5 and 1", SemanticsCatalog.reversedBetween),
    ]
    for (rules, code) in cases {
      let errors = compile(rules + "\nplacement p: flow {\n  default -> flow a\n}\n").diagnostics
        .filter { $0.severity == .error }
      #expect(errors.map(\.code) == [code], "\(rules)")
    }
    let unknownContent = compile("placement p: movie {\n  default -> flow a\n}\n").diagnostics
    #expect(unknownContent.map(\.code).contains(SyntaxCatalog.unknownContentType))
  }
}
