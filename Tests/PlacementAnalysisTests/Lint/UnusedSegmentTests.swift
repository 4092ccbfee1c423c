import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

@Suite struct UnusedSegmentTests {
  @Test func segmentWithoutRowOrReferenceWarns() {
    let rules = """
      segment us = country == "US"
      segment us_adults = us and age >= 18
      segment 1️⃣unused = country == "CA"
      placement p: flow {
        us_adults -> flow a
        default -> flow c
      }
      """
    let found = expectFindings(rules, UnusedSegment.id)
    #expect(found.first?.message == "segment 'unused' is not used by any row or segment")
  }

  @Test func aSegmentWithAnErrorGetsOnlyTheError() {
    let rules = """
      segment t = country = "US"
      segment u = nosuch == 3
      placement p: flow {
        default -> flow c
      }
      """
    #expect(
      DiagnosticRenderer().render(lintRun(rules).diagnostics) == """
        test.rules:1:21: error: '=' is not an operator here: use '==' [operator-spelling]
         1 | segment t = country = "US"
           |                     ^
           = fix-it: use '=='

        test.rules:2:13: error: unknown attribute 'nosuch' [unknown-attribute]
         2 | segment u = nosuch == 3
           |             ^~~~~~
           = note: custom attributes must be declared: 'attribute nosuch: <type>'


        """)
  }
}
