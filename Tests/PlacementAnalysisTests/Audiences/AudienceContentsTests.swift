import TestSupport
import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

/// The declared contents and their locales in `placement audiences`.
@Suite struct AudienceContentsTests {
  static let rules = """
    segment us = country == "US"

    placement home: paywall {
      us -> paywall pro
      default -> paywall basic
    }

    placement other: paywall {
      default -> paywall plain
    }

    content paywall pro {
      config "de" { "title": "Los" }
      config default "en" { "title": "Go" }
      config "pt-br" { "title": "Vai" }
    }

    content paywall basic {
      config default "en" { "title": "Basic" }
    }
    """

  @Test func tablesListTheirDeclaredContentsWithLocales() throws {
    let rules = try #require(ruleSet(Self.rules))
    let table = try #require(AudienceTable("home", in: rules))
    #expect(table.contents.map(\.id) == ["pro", "basic"])
    #expect(table.contents[0].locales == ["de", "en", "pt-br"])
    #expect(table.contents[0].defaultLocale == "en")
    #expect(
      AudiencesText.contentLines(table) == [
        "content paywall pro: locales de, en (default), pt-br", "content paywall basic: locales en (default)",
      ])
    #expect(AudiencesText.table(table).contains("content paywall pro: locales de, en (default), pt-br\n"))
    var json = JSONWriter()
    table.write(to: &json)
    #expect(
      json.string.hasSuffix(
        #""contents":[{"type":"paywall","id":"pro","default_locale":"en","locales":["de","en","pt-br"]},"#
          + #"{"type":"paywall","id":"basic","default_locale":"en","locales":["en"]}]}"#))
  }

  @Test func tablesWithoutDeclaredContentsKeepTheirOutput() throws {
    let rules = try #require(ruleSet(Self.rules))
    let table = try #require(AudienceTable("other", in: rules))
    #expect(table.contents.isEmpty)
    #expect(!AudiencesText.table(table).contains("content paywall"))
    var json = JSONWriter()
    table.write(to: &json)
    #expect(!json.string.contains("contents"))
  }
}
