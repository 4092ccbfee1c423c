import TestSupport
import Testing

@testable import PlacementCore

/// The catalogue wordings no other suite renders (those of `SyntaxMessages+Expected.swift` and
/// `SemanticsMessages+Arguments.swift`): each message and note, word for word.
@Suite struct CatalogueWordingTests {
  /// The messages and note texts of `rules`' diagnostics with `code`.
  static func reported(_ rules: String, _ code: DiagnosticCode) -> [String] {
    compile(rules).diagnostics.filter { $0.code == code }.flatMap { [$0.message] + $0.notes.map(\.message) }
  }

  @Test func aLayerWithARolloutsSaltNamesTheRollout() {
    let rules = """
      segment half = percent(50) salt "shared"
      placement main: paywall {
        half    -> test a { paywall a1 50%, paywall a2 50% }
        default -> paywall standard
      }
      layer one version "shared" {
        a 0% to 10%
      }
      """
    #expect(
      Self.reported(rules, SemanticsCatalog.duplicateSalt) == [
        "layer 'one' has the salt \"shared\" of a rollout",
        Note.layerOwnKey.message,
      ])
  }

  @Test func aBareWordIsNamedAndQuotedInTheNote() {
    let rules = "segment us = country == US\nplacement p: flow {\n  us -> flow a\n  default -> flow b\n}"
    #expect(
      Self.reported(rules, SemanticsCatalog.typeMismatch) == [
        "cannot compare string attribute 'country' with the bare word US",
        "string literals are quoted: \"US\"",
      ])
  }

  @Test func eachSourceKindListsTheTypesItGives() {
    let rules = """
      attribute level: bool from quiz "level"
      attribute name: bool from input "name"
      attribute reminders: string from toggle "reminders"
      """
    #expect(
      Self.reported(rules, SemanticsCatalog.invalidSource) == [
        "a quiz answer cannot be a bool attribute", "'from quiz' attributes are choice(...) or choices(...)",
        "an input answer cannot be a bool attribute", "'from input' attributes are string, number or date",
        "a toggle answer cannot be a string attribute", "'from toggle' attributes are bool",
      ])
  }

  @Test func aConstructMissingAtTheEndOfTheFileSaysSo() {
    #expect(
      Self.reported("segment s = country ==", SyntaxCatalog.expectedValue) == ["expected a value, found end of file"])
    #expect(Self.reported("segment", SyntaxCatalog.expectedToken) == ["expected a segment name, found end of file"])
  }
}
