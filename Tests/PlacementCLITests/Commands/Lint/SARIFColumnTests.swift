import Foundation
import Testing

/// P-14: SARIF regions count UTF-16 code units and the run says so (`columnKind`), so a viewer highlights the
/// right characters on a line with emoji; the text output keeps character columns.
@Suite struct SARIFColumnTests {
  /// A folder of its own: a file written straight into the temporary folder sits beside every other test's files,
  /// which `lint FILE` reads for its notes on names declared in the other files of the folder.
  let scratch = ScratchFolder()

  @Test func columnsAreUTF16CodeUnitsAndTheRunSaysSo() throws {
    let rules =
      "segment emoji = ville == \"👍🏽👍🏽\" and baz == 2\nplacement p: flow {\n  emoji -> flow a\n  default -> flow b\n}\n"
    let path = scratch.file("emoji.rules", rules)
    let run = placement(["lint", path, "--format", "sarif"])
    let log = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
    let sarifRun = try #require((log["runs"] as? [[String: Any]])?.first)
    #expect(sarifRun["columnKind"] as? String == "utf16CodeUnits")
    let results = try #require(sarifRun["results"] as? [[String: Any]])
    let baz = try #require(
      results.first {
        ($0["message"] as? [String: Any])?["text"] as? String
          == "unknown attribute 'baz'\nnote: custom attributes must be declared: 'attribute baz: <type>'"
      })
    let region = try #require(
      (((baz["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"])
        as? [String: Any])
    // 34 characters (36 code points, 40 UTF-16 code units) precede `baz`.
    #expect(region["startColumn"] as? Int == 41)
    #expect(region["endColumn"] as? Int == 44)
    #expect(placement(["lint", path]).out.contains(":1:35: error: unknown attribute 'baz'"))
  }
}
