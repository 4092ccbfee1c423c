import TestSupport
import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

@Suite struct OverlappingRowsTests {
  let rules = """
    segment over21 = age >= 21
    segment adults = age >= 18
    placement p: flow {
      over21 -> flow drinks
      1️⃣adults -> flow adult
      default -> flow generic
    }
    """

  @Test func swappedAgeRowsOverlapWithAWitnessMatchingBoth() throws {
    let found = expectFindings(rules, OverlappingRows.id)
    let finding = try #require(found.first)
    #expect(finding.severity == .info)
    #expect(
      finding.message == "row 1 'adults' overlaps row 0 'over21': a profile can match both, and row 0 'over21' wins")
    let text = MarkedRules(rules).text
    let witness = try #require(witnessJSON(finding))
    #expect(witness == #"{"age":21}"#)
    #expect(try segment("over21", of: text, matches: witness))
    #expect(try segment("adults", of: text, matches: witness))
    #expect(findings(text, UnreachableRow.id).isEmpty)
    // The witness resolves to the winning row.
    let decision = try decide(text, witness)
    #expect(decision.audience.index == 0)
  }

  @Test func witnessOverQuizAnswersAndBuiltinsIsAProfileResolveReads() throws {
    let text = """
      \(quizAttributes)
      segment pros = experience == pro and app_version >= 2.3
      segment fans = interests has music and country != "US"
      placement p: flow {
        pros -> flow a
        1️⃣fans -> flow b
        default -> flow c
      }
      """
    let finding = try #require(expectFindings(text, OverlappingRows.id).first)
    let witness = try #require(witnessJSON(finding))
    #expect(witness == #"{"app_version":"2.3.0","custom_attributes":{"experience":"pro","interests":["music"]}}"#)
    let clean = MarkedRules(text).text
    #expect(try segment("pros", of: clean, matches: witness))
    #expect(try segment("fans", of: clean, matches: witness))
  }

  @Test func disjointRowsDoNotOverlap() {
    let text = """
      \(quizAttributes)
      segment pros = experience == pro
      segment amateurs = experience == amateur
      segment minors = age < 18
      segment adults = age >= 18
      placement p: flow {
        pros -> flow a
        amateurs -> flow b
        default -> flow c
      }
      placement q: flow {
        minors -> flow a
        adults -> flow b
        default -> flow c
      }
      """
    #expect(findings(text, OverlappingRows.id).isEmpty)
  }
}

@Suite struct OverlappingRowsListTests {
  @Test func aRowOverlappingSeveralReachableRowsNamesThemOnceAndSkipsUnreachableOnes() throws {
    let text = """
      segment adults = age >= 18
      segment over21 = age >= 21
      segment us = country == "US"
      segment ca = country == "CA"
      segment north_america = country == "US" or country == "MX"
      placement p: flow {
        adults -> flow a
        over21 -> flow b
        1️⃣ca -> flow c
        2️⃣us -> flow d
        3️⃣north_america -> flow e
        default -> flow f
      }
      """
    let found = expectFindings(text, OverlappingRows.id)
    // over21 is unreachable (below adults), so it never wins and is not listed.
    #expect(
      found.last?.message
        == "row 4 'north_america' overlaps row 0 'adults' and row 3 'us': a profile can match it and any of them, and the earlier row wins"
    )
    let witness = try #require(found.last.flatMap(witnessJSON))
    #expect(try decide(MarkedRules(text).text, witness).audience.index == 0)
    #expect(try segment("north_america", of: MarkedRules(text).text, matches: witness))
  }
}
