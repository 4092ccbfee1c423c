import TestSupport
import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

/// Characters that are not what they look like, outside literals: each is one located error naming the code
/// point and what it imitates, and the file reads as the author meant it, so no follow-on finding repeats it.
@Suite struct LookAlikeTests {
  static let pros = """
    attribute experience: choice(beginner, pro)
    segment pr1️⃣\u{43E}s = experience == pro

    placement p: flow {
      pros    -> flow a
      default -> flow z
    }
    """

  /// The newcomer trial's `prоs` (a Cyrillic `о`): one error, the name read as `pros`, no cascade.
  @Test func aCyrillicLetterInANameIsOneErrorAndTheNameReadsAsMeant() throws {
    let found = expectDiagnostics(Self.pros, SyntaxCatalog.unexpectedCharacter)
    let error = try #require(found.first)
    #expect(error.message == "unexpected character '\u{43E}' (U+043E CYRILLIC SMALL LETTER O, looks like 'o')")
    #expect(error.fixIts.map(\.message) == ["use 'o'"])
    #expect(error.fixIts.map(\.replacement) == ["o"])
    let text = MarkedRules(Self.pros).text
    #expect(compile(text).model.segments.map(\.name) == ["pros"])
    #expect(lintRun(text).diagnostics.map(\.code) == [SyntaxCatalog.unexpectedCharacter])
  }

  /// A name typed entirely in look-alikes (`ѕеgment`) still starts a declaration.
  @Test func aKeywordInLookAlikesIsReadAsTheKeyword() {
    let found = expectDiagnostics(
      """
      1️⃣\u{455}2️⃣\u{435}gment us = country == "US"
      placement p: flow {
        us -> flow a
        default -> flow z
      }
      """, SyntaxCatalog.unexpectedCharacter)
    #expect(
      found.map(\.message) == [
        "unexpected character '\u{455}' (U+0455 CYRILLIC SMALL LETTER DZE, looks like 's')",
        "unexpected character '\u{435}' (U+0435 CYRILLIC SMALL LETTER IE, looks like 'e')",
      ])
  }

  /// An invisible character inside a name is removed by its fix-it; between tokens it is skipped like a space.
  @Test func anInvisibleCharacterInOrBetweenNamesIsOneErrorEach() throws {
    let rules = """
      segment pr1️⃣\u{200B}os = age > 30
      placement p: flow {
        pros 2️⃣\u{200B}\u{200D}-> flow a
        default -> flow z
      }
      """
    let found = expectDiagnostics(rules, SyntaxCatalog.unexpectedCharacter)
    #expect(
      found.map(\.message) == [
        "unexpected character '\\u{200B}' (U+200B ZERO WIDTH SPACE, invisible)",
        "unexpected characters '\\u{200B}\\u{200D}' (U+200B ZERO WIDTH SPACE, invisible)",
      ])
    #expect(
      found.map { $0.fixIts.map(\.message) } == [
        ["remove the invisible character"], ["remove the invisible character"],
      ])
    #expect(compile(MarkedRules(rules).text).diagnostics.count == 2)
  }

  @Test func noBreakSpacesAreOneErrorWithAFixThatLeavesASCIISpaces() throws {
    let rules = "segment a = age > 30\nplacement p: flow {\n1️⃣\u{A0}\u{A0}a -> flow x\n  default -> flow z\n}\n"
    let error = try #require(expectDiagnostics(rules, SyntaxCatalog.unexpectedCharacter).first)
    #expect(error.message == "unexpected characters '\u{A0}\u{A0}' (U+00A0 NO-BREAK SPACE, looks like a space)")
    #expect(error.fixIts.map(\.replacement) == ["  "])
    #expect(compile(MarkedRules(rules).text).diagnostics.count == 1)
  }

  /// Characters the table does not imitate ASCII with still name their code point.
  @Test func otherCharactersNameTheirCodePoint() {
    #expect(
      Confusables.describe("\u{FF11}") == "U+FF11 FULLWIDTH DIGIT ONE, looks like '1'")
    #expect(Confusables.describe("\u{FF1D}") == "U+FF1D FULLWIDTH EQUALS SIGN, looks like '='")
    #expect(Confusables.describe("\u{3BF}") == "U+03BF GREEK SMALL LETTER OMICRON, looks like 'o'")
    #expect(Confusables.describe("\u{201C}") == "U+201C LEFT DOUBLE QUOTATION MARK, looks like '\"'")
    #expect(Confusables.describe("\u{2066}") == "U+2066 LEFT-TO-RIGHT ISOLATE, reorders text")
    #expect(Confusables.describe("\u{E9}") == "U+00E9")
    #expect(Confusables.describe("\u{FE0F}") == "U+FE0F VARIATION SELECTOR-16, invisible")
    #expect(Confusables.describe("\u{E0041}") == "U+E0041, invisible")
    let found = expectDiagnostics("segment a = age >= 1️⃣\u{FF11}\u{FF18}", SyntaxCatalog.unexpectedCharacter)
    #expect(
      found.map(\.message) == ["unexpected characters '\u{FF11}\u{FF18}' (U+FF11 FULLWIDTH DIGIT ONE, looks like '1')"])
  }
}

/// Generated files: an ASCII rule set with look-alike letters and invisible characters put into its names and
/// some line breaks turned into lone `\r`s reads as the ASCII one, with exactly one error per character put in
/// and one for the line endings; every rendering of them is safe for a terminal.
@Suite struct LookAlikePropertyTests {
  static let original = """
    attribute experience: choice(beginner, amateur, pro) from quiz "experience"
    segment pros = experience == pro and country in ["US", "CA"]
    segment casual = not pros and platform == "iOS"
    placement onboarding: flow {
      pros -> flow pro_onboarding
      casual -> flow casual_onboarding
      default -> flow generic
    }
    """
  static let lookAlikes: [Character: [Unicode.Scalar]] = [
    "a": ["\u{430}", "\u{3B1}"], "e": ["\u{435}"], "o": ["\u{43E}", "\u{3BF}"], "p": ["\u{440}", "\u{3C1}"],
    "c": ["\u{441}"], "s": ["\u{455}"], "i": ["\u{456}"], "x": ["\u{445}"], "y": ["\u{443}"], "u": ["\u{3C5}"],
    "n": [], "g": [], "r": [], "t": [],
  ]

  @Test func namesWithLookAlikesReadAsTheirASCII() {
    var random = SplitMix64(state: 29)
    let reference = compile(Self.original)
    for _ in 0..<300 {
      var text = ""
      var inserted = 0
      var carriageReturns = 0
      var quoted = false
      var previousIsLetter = false
      for character in Self.original {
        if character == "\"" { quoted.toggle() }
        let letter = !quoted && (character.isLetter || character == "_")
        if !quoted, character == "\n", Int.random(in: 0..<3, using: &random) == 0 {
          text.append("\r")
          carriageReturns += 1
        } else if letter, let options = Self.lookAlikes[character], !options.isEmpty,
          Int.random(in: 0..<12, using: &random) == 0
        {
          text.unicodeScalars.append(options.randomElement(using: &random)!)
          inserted += 1
        } else {
          if letter, previousIsLetter, Int.random(in: 0..<40, using: &random) == 0 {
            text.unicodeScalars.append(["\u{200B}", "\u{2060}", "\u{FEFF}"].randomElement(using: &random)!)
            inserted += 1
          }
          text.append(character)
        }
        previousIsLetter = letter
      }
      let compilation = compile(text)
      let codes = compilation.diagnostics.map(\.code)
      #expect(codes.filter { $0 == SyntaxCatalog.unexpectedCharacter }.count == inserted, "\(text.debugDescription)")
      #expect(codes.filter { $0 == SyntaxCatalog.loneCarriageReturn }.count == (carriageReturns > 0 ? 1 : 0))
      #expect(codes.count == inserted + (carriageReturns > 0 ? 1 : 0), "\(codes) in \(text.debugDescription)")
      #expect(compilation.model.segments.map(\.name) == reference.model.segments.map(\.name))
      #expect(compilation.model.placements.map(\.name) == reference.model.placements.map(\.name))
      let rendered = DiagnosticRenderer().render(Linter.lint(compilation))
      #expect(!rendered.unicodeScalars.contains { $0 == "\r" || Confusables.isInvisible($0) })
    }
  }
}

/// A file whose lines end in a lone `\r` gets one error of its own, and reads as the lines it shows.
@Suite struct LoneCarriageReturnTests {
  /// The newcomer trial's file: only `lone-carriage-return`, at the first line's end; no unused segment, no
  /// missing placement, no parse error.
  @Test func classicMacLineEndingsAreOneErrorAndNoCascade() throws {
    let rules = "segment s = country == \"US\"1️⃣\rplacement p: flow {\r  s -> flow a\r  default -> flow z\r}\r"
    let error = try #require(expectDiagnostics(rules, SyntaxCatalog.loneCarriageReturn).first)
    #expect(
      error.message
        == #"lines end in a lone \r (classic Mac line endings); save the file with \n (or \r\n) line endings"#)
    let text = MarkedRules(rules).text
    #expect(lintRun(text).diagnostics.map(\.code) == [SyntaxCatalog.loneCarriageReturn])
    #expect(compile(text).model.placements.map(\.name) == ["p"])
    // The excerpt stops at the `\r`: no other line is shown, and nothing is shown as U+FFFD.
    let rendered = DiagnosticRenderer().render(error)
    #expect(rendered.split(separator: "\n")[1] == #" 1 | segment s = country == "US""#)
  }

  /// A comment, a string and a pattern end at a lone `\r` as at a line break.
  @Test func commentsStringsAndPatternsEndAtALoneCarriageReturn() {
    let text =
      "# note\rattribute n: string\rsegment s = n matches /a/\rplacement p: flow {\r  s -> flow a\r  default -> flow z\r}\r"
    #expect(compile(text).diagnostics.map(\.code) == [SyntaxCatalog.loneCarriageReturn])
    let unterminated = compile("segment s = country == \"US\rplacement p: flow {\r  default -> flow z\r}\r")
    #expect(
      unterminated.diagnostics.map(\.code) == [SyntaxCatalog.unterminatedString, SyntaxCatalog.loneCarriageReturn])
  }

  @Test func crlfLineEndingsAreFine() {
    #expect(
      compile("segment s = country == \"US\"\r\nplacement p: flow {\r\n  s -> flow a\r\n  default -> flow z\r\n}\r\n")
        .diagnostics.isEmpty)
  }
}

/// A file too large to read may declare anything: the rule set is not reported for lacking a placement, nor
/// its other files' declarations for being unused.
@Suite struct UnreadFileFollowOnTests {
  @Test func aFileTooLargeHasNoFollowOnFindings() {
    let options = CompileOptions(syntax: SyntaxLimits(maxFileBytes: 64))
    let small = RuleSource(name: "a.rules", text: "attribute nick: string\nsegment s = nick == \"x\"\n")
    let large = RuleSource(
      name: "b.rules",
      text: "# " + String(repeating: "x", count: 80) + "\nplacement p: flow {\n  s -> flow a\n  default -> flow z\n}\n")
    let compilation = Compilation.compile([small, large], options: options)
    #expect(Linter.run(compilation).diagnostics.map(\.code) == [SyntaxCatalog.fileTooLarge])
    // Without the large file, the same small file has both findings.
    let alone = Linter.run(Compilation.compile([small], options: options)).diagnostics.map(\.code)
    #expect(Set(alone) == [SemanticsCatalog.noPlacements, LintCatalog.unusedSegment])
  }
}
