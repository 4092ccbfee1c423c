import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

@Suite struct TitleInsteadOfIdTests {
  @Test func stringAttributeComparedWithAnOptionTitleWarns() throws {
    let rules = """
      \(quizAttributes)
      attribute experience_text: string
      segment pros = experience_text == 1️⃣"I train professionally"
      segment others = experience_text in ["x", 2️⃣" i train for fun "]
      """
    let found = expectFindings(rules, TitleInsteadOfId.id)
    #expect(
      found.first?.message
        == "\"I train professionally\" is the title of option 'pro' of 'experience'; titles are localised, compare option ids"
    )
    #expect(found.first?.notes.first?.message == "flow answers carry item_ids; branch on 'experience == pro'")
  }

  @Test func optionIdThatIsAlsoAnotherOptionsTitleWarns() {
    let rules = """
      attribute consent: choice(yes "No thanks", no "Yes", later "Later")
      segment agreed = consent == 1️⃣yes
      segment later = consent == later
      """
    let found = expectFindings(rules, TitleInsteadOfId.id)
    #expect(found.first?.message == "'yes' is an option id of 'consent' and also the title of option 'no'")
  }

  @Test func titleComparedWithAChoiceIsTheCompilersErrorNotALintFinding() {
    let rules = "\(quizAttributes)\nsegment pros = experience == \"I train professionally\""
    let run = lintRun(rules)
    #expect(run.diagnostics.filter { $0.code == TitleInsteadOfId.id }.isEmpty)
    let error = run.diagnostics.first { $0.code == SemanticsCatalog.unknownOption }
    #expect(
      error?.notes.first?.message
        == "\"I train professionally\" is the title of option 'pro'; compare option ids, not titles")
  }

  @Test func plainStringsAndIdsAreNotReported() {
    let rules = """
      \(quizAttributes)
      attribute note: string
      segment a = note == "professional" and experience == pro and country == "US"
      """
    #expect(findings(rules, TitleInsteadOfId.id).isEmpty)
  }
}
