import TestSupport
import Testing

@testable import PlacementCore
@testable import PlacementFormat

/// The formatter over content declarations and config schemas: layout fixed, JSON printed as written.
@Suite struct ContentFormatTests {
  @Test func contentsAndSchemasFormatAndRoundTrip() throws {
    let messy = """
      placement main: paywall {
        default -> paywall pro
      }
      config   schema paywall {
          title :string
        trial_days: number =   7
        "badge text": object = {"a": [1, 2]}
      }
      content   paywall pro {
      config default "en" { "title": "Go pro",
          "features": ["sync"] }   # English
        config "de"   from   "configs/pro.de.json"
      }
      """
    let formatted = try RuleFormatter.format(SourceFile(name: "p.rules", text: messy))
    #expect(
      formatted == """
        placement main: paywall {
          default -> paywall pro
        }

        config schema paywall {
          title: string
          trial_days: number = 7
          "badge text": object = {"a": [1, 2]}
        }

        content paywall pro {
          config default "en" { "title": "Go pro",
            "features": ["sync"] } # English
          config "de" from "configs/pro.de.json"
        }

        """)
    #expect(try RuleFormatter.format(SourceFile(name: "p.rules", text: formatted)) == formatted)
  }

  @Test func multiLineJSONInACRLFFileKeepsOneCarriageReturnPerLine() throws {
    let text =
      "placement main: paywall {\r\n  default -> paywall pro\r\n}\r\n\r\n"
      + "config schema paywall {\r\n  features: list = [\r\n    1\r\n  ]\r\n}\r\n\r\n"
      + "content paywall pro {\r\n  config default \"en\" {\r\n    \"features\": [1]\r\n  }\r\n}\r\n"
    let once = try RuleFormatter.format(SourceFile(name: "p.rules", text: text))
    #expect(once == text)
    #expect(try RuleFormatter.format(SourceFile(name: "p.rules", text: once)) == once)
  }

  @Test func aChangedConfigChangesTheFingerprint() {
    func fingerprint(_ json: String) -> String {
      let file = SourceFile(name: "f", text: "content paywall p {\n  config default \"en\" \(json)\n}\n")
      return SyntaxFingerprint.of(Parser.parse(file).0.declarations, in: file)
    }
    #expect(fingerprint(#"{"a": 1}"#) != fingerprint(#"{"a": 2}"#))
    #expect(fingerprint(#"{"a": 1}"#) == fingerprint(#"{"a": 1}"#))
  }
}
