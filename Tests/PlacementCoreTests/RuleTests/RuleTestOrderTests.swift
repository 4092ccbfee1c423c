import Testing

@testable import PlacementCore

/// A test file's cases keep their order, malformed or not, and names are unique per file.
@Suite struct RuleTestOrderTests {
  @Test func entriesKeepCaseOrderAndADuplicateNameIsMalformed() throws {
    let file = try RuleTestFile(
      jsonBytes: Array(
        (#"{"cases":[{"name":"a","profile":{},"expect":{"p":"flow x"}},{"name":"b","profile":{},"expect":{}},"#
          + #"{"name":"a","profile":{},"expect":{"p":"flow y"}},{"name":"c","profile":{},"expect":{"p":"flow z"}}]}"#)
          .utf8))
    let order = file.entries.map { entry in
      switch entry {
      case .success(let testCase): testCase.path
      case .failure(let error): "malformed \(error.path)"
      }
    }
    #expect(order == ["cases[0]", "malformed cases[1].expect", "malformed cases[2].name", "cases[3]"])
    #expect(file.cases.map(\.name) == ["a", "c"])
    #expect(
      file.malformedCases.last
        == RuleTestError(
          path: "cases[2].name", message: "duplicate case name 'a' (also cases[0]); names must be unique"))
  }
}
