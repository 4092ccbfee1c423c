import TestSupport
import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

/// The audience table model behind `placement audiences`.
@Suite struct AudienceTableTests {
  @Test func rowsMarksAndFallbackOfACrossPlacementTable() throws {
    let rules = try #require(ruleSet(ABFixtures.crossPlacement))
    let table = try #require(AudienceTable("settings", in: rules))
    #expect(table.rows.map(\.name) == ["us", "ios", "default"])
    #expect(table.rows.map(\.priority) == [0, 1, 2])
    #expect(table.rows[0].isCrossPlacement)
    #expect(table.rows[0].alsoIn == ["onboarding", "main"])
    #expect(table.rows[0].fallThrough == .variations(["control"]))
    #expect(table.rows[0].condition == "country == \"US\"")
    #expect(table.rows[1].fallThrough == .never)
    #expect(table.defaultRow?.priority == 2)
    #expect(table.defaultRow?.condition == nil)
    #expect(table.fallThroughRows.map(\.priority) == [0])
    #expect(try #require(AudienceTable("main", in: rules)).rows[0].holdouts == ["quiet"])
    #expect(AudienceTable("mian", in: rules) == nil)
  }

  @Test func jsonShape() throws {
    let rules = try #require(ruleSet(ABFixtures.fallthroughHoldout))
    var json = JSONWriter()
    try #require(AudienceTable("p", in: rules)).write(to: &json)
    #expect(
      json.string
        == #"{"placement":"p","content_type":"paywall","rows":["#
        + #"{"priority":0,"name":"stopped","segment":"country == \"US\"","default":false,"cross_placement":false,"also_in":[],"falls_through":"always","fall_through_variations":[],"holdouts":[],"content":{"type":"fallthrough"},"schedule":null},"#
        + #"{"priority":1,"name":"us","segment":"country == \"US\"","default":false,"cross_placement":false,"also_in":[],"falls_through":"never","fall_through_variations":[],"holdouts":["holdout"],"content":{"type":"test","name":"t","version_id":"fh-1","version_derived":false,"cross_placement":false,"layer":null,"variations":[{"id":"holdout","weight":50,"content":{"type":"holdout"}},{"id":"shown","weight":50,"content":{"type":"paywall","id":"shown"}}]},"schedule":null},"#
        + #"{"priority":2,"name":"default","segment":null,"default":true,"cross_placement":false,"also_in":[],"falls_through":"never","fall_through_variations":[],"holdouts":[],"content":{"type":"paywall","id":"standard"},"schedule":null}],"#
        + #""now":null,"fallback":{"default_row":2,"fall_through_rows":[0]}}"#)
  }

  @Test func multiLineConditionsAreCollapsed() throws {
    let rules = try #require(
      ruleSet(
        "segment s = country == \"US\"\n    and platform == \"iOS\"\nplacement p: paywall { s -> paywall a  default -> paywall b }"
      ))
    #expect(
      try #require(AudienceTable("p", in: rules)).rows[0].condition == "country == \"US\" and platform == \"iOS\"")
  }

  @Test func audienceTablesListTheOverridesThatApplyThere() throws {
    let rules = try #require(ruleSet(ABFixtures.overrides))
    #expect(
      AudienceTable("home", in: rules)?.overrides == [
        AudienceTable.Override(
          test: "home_copy", variation: "a", content: nil, condition: #"profile_id in ["qa-pixel-7"] or qa_devices"#)
      ])
    #expect(
      AudienceTable("main", in: rules)?.overrides == [
        AudienceTable.Override(test: nil, variation: nil, content: .paywall(id: "qa_preview"), condition: "qa_devices")
      ])
  }
}
