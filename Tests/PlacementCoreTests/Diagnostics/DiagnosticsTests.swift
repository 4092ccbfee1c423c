import Foundation
import TestSupport
import Testing

@testable import PlacementCore

/// Compiler diagnostics: positions, codes, did-you-mean, recovery.
@Suite struct DiagnosticsTests {
  @Test func threeMistakesGiveThreeDiagnosticsWithPositions() {
    let rules = """
      attribute experience: choice(beginner, amateur, pro) from quiz "experience"
      segment pros = experience == pro
      segment fans = experiance == pro
      segment oldies = app_version >= v1.2.3
      placement onboarding_end: flow {
        pro     -> flow pro_onboarding
        default -> flow generic_onboarding
      }
      """
    let diagnostics = compile(rules).diagnostics
    #expect(diagnostics.map(\.code.id) == ["unknown-attribute", "invalid-literal", "unknown-segment"])
    #expect(positions(diagnostics) == ["3:16", "4:33", "6:3"])
    #expect(diagnostics[2].notes.map(\.message) == ["did you mean 'pros'?"])
    #expect(compile(rules).ruleSet == nil)
  }

  /// A construct missing at the end of a line is reported at the end of the previous token, on that line.
  @Test func everySyntaxErrorInAFileIsReported() {
    let diagnostics = expectDiagnostics(
      """
      segment a = country ==1️⃣
      segment b = (age > 32️⃣
      attribute x: 3️⃣strin
      placement p: flow {
        a -> 4️⃣flw one
        default -> flow two
      }
      """,
      [
        SyntaxCatalog.expectedValue, SyntaxCatalog.expectedToken, SyntaxCatalog.expectedType,
        SyntaxCatalog.expectedContent,
      ])
    #expect(diagnostics.map(\.code.id) == ["expected-value", "expected-token", "expected-type", "expected-content"])
    #expect(diagnostics[0].message == "expected a value, found the end of the line")
  }

  @Test func unknownSegmentInARowNeverMatchesEveryone() {
    let rules = """
      segment music_fans = country == "US"
      placement p: flow {
        music_fan -> flow music
        default -> flow generic
      }
      """
    let compilation = compile(rules)
    #expect(compilation.ruleSet == nil)
    #expect(compilation.diagnostics.map(\.code.id) == ["unknown-segment"])
    #expect(compilation.diagnostics[0].message == "unknown segment 'music_fan'")
    #expect(compilation.diagnostics[0].notes.first?.message == "did you mean 'music_fans'?")
    #expect(compilation.diagnostics[0].fixIts.first?.replacement == "music_fans")
  }

  @Test func cycleIsNamed() {
    let rules = """
      segment a = b and country == "US"
      segment b = c
      segment c = a or age > 3
      placement p: flow {
        default -> flow generic
      }
      """
    let diagnostics = compile(rules).diagnostics
    #expect(diagnostics.map(\.message) == ["segments refer to each other in a cycle: a -> b -> c -> a"])
  }

  @Test func defaultRowRules() {
    let missing = compile("placement p: flow {\n}\n").diagnostics
    #expect(missing.map(\.code.id) == ["missing-default"])
    let after = compile("segment s = age > 1\nplacement p: flow {\n  default -> flow a\n  s -> flow b\n}\n").diagnostics
    #expect(after.map(\.code.id) == ["row-after-default"])
    #expect(positions(after) == ["4:3"])
    let twice = compile("placement p: flow {\n  default -> flow a\n  default -> flow b\n}\n").diagnostics
    #expect(twice.map(\.code.id) == ["duplicate-default"])
  }

  @Test func typeErrors() {
    let declarations = """
      attribute experience: choice(beginner, amateur, pro) from quiz "experience"
      attribute reminders: bool from toggle "reminders"

      """
    for (condition, message, code) in [
      ("experience == 3", "cannot compare choice attribute 'experience' with number 3", "type-mismatch"),
      (#"reminders == "yes""#, #"cannot compare bool attribute 'reminders' with string "yes""#, "type-mismatch"),
      ("country == 1", "cannot compare string attribute 'country' with number 1", "type-mismatch"),
      ("experience > pro", "operator '>' does not apply to choice attribute 'experience'", "unsupported-operator"),
    ] {
      let diagnostics = compile(
        declarations + "segment s = \(condition)\nplacement p: flow {\n  s -> flow a\n  default -> flow b\n}"
      ).diagnostics
      #expect(diagnostics.map(\.message) == [message], "\(condition)")
      #expect(diagnostics.map(\.code.id) == [code])
    }
  }

  @Test func optionTitleGetsAHint() {
    let rules = """
      attribute experience: choice(pro "I train professionally", beginner "Just starting") from quiz "experience"
      segment s = experience == "I train professionally"
      placement p: flow {
        s -> flow a
        default -> flow b
      }
      """
    let diagnostic = compile(rules).diagnostics[0]
    #expect(diagnostic.code.id == "unknown-option")
    #expect(
      diagnostic.notes[0].message
        == #""I train professionally" is the title of option 'pro'; compare option ids, not titles"#)
  }

  @Test func renderedDiagnosticsMatchGoldenFile() throws {
    let url = fixturesFolder.appendingPathComponent("golden/several-mistakes.rules")
    let text = try String(contentsOf: url, encoding: .utf8)
    let compilation = Compilation.compile([RuleSource(name: "several-mistakes.rules", text: text)])
    let rendered = DiagnosticRenderer().render(compilation.diagnostics)
    try Golden.check(rendered, against: "golden/several-mistakes.txt")
  }
}

@Suite struct BetweenBoundsTests {
  @Test func reversedBoundsAreACompileError() {
    let rules = "segment s = age between 30 and 18\nplacement p: flow {\n  s -> flow a\n  default -> flow b\n}\n"
    let diagnostics = compile(rules).diagnostics
    #expect(diagnostics.map(\.message) == ["'between' bounds are reversed: the range is empty and never matches"])
    #expect(positions(diagnostics) == ["1:25"])
    #expect(diagnostics[0].notes.map(\.message) == ["write the lower bound first: between 18 and 30"])
  }
}

@Suite struct MalformedNumberTests {
  @Test func aVersionWithALetterIsOneInvalidLiteral() {
    let rules = "segment s = app_version >= 2.3.x\nplacement p: flow {\n  s -> flow a\n  default -> flow b\n}\n"
    let diagnostics = compile(rules).diagnostics
    #expect(diagnostics.map(\.message) == ["invalid version '2.3.x': version component 'x' is not a number"])
    #expect(positions(diagnostics) == ["1:28"])
  }
}
