import Testing

@testable import PlacementAnalysis
@testable import PlacementCore
@testable import PlacementKit

@Suite struct UnusedAttributeTests {
  @Test func declaredButUntestedAttributeIsAnInfo() {
    let rules = """
      attribute 1️⃣email: string from input "email"
      attribute score: number
      attribute 2️⃣note: string
      segment high = score > 10
      """
    let found = expectFindings(rules, UnusedAttribute.id)
    #expect(found.allSatisfy { $0.severity == .info })
    #expect(found.first?.notes.first?.message == "it is still derived from flow answers by 'placement ingest'")
    #expect(found.last?.notes.isEmpty == true)
  }
}
