import Testing

@testable import PlacementCore
@testable import PlacementFormat

/// `content(…)`, `row(…)` and `variation(…)` print as written, also when a condition's continuation line starts
/// with `content(` (not a `content` declaration).
@Suite struct PrerequisiteFormatTests {
  @Test func prerequisitesRoundTrip() throws {
    let source = """
      segment   s = content( onboarding ) == quiz_first and row(onboarding)!=default
        or variation(yoga_offer) in [trial]
      segment t = profile_id is set
        and
        content(onboarding) is not set
      """
    let once = try RuleFormatter.format(SourceFile(name: "t.rules", text: source))
    #expect(
      once == """
        segment s = content(onboarding) == quiz_first and row(onboarding) != default
          or variation(yoga_offer) in [trial]
        segment t = profile_id is set and content(onboarding) is not set

        """)
    #expect(try RuleFormatter.format(SourceFile(name: "t.rules", text: once)) == once)
  }
}
