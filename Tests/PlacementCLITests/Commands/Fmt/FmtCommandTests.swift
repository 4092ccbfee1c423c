import Foundation
import Testing

@Suite struct FmtCommandTests {
  let messy =
    "segment pros=experience==pro\nplacement onboarding_end:flow{pros->flow pro_onboarding\ndefault->flow generic}\n"
  let tidy = """
    segment pros = experience == pro

    placement onboarding_end: flow {
      pros    -> flow pro_onboarding
      default -> flow generic
    }

    """

  @Test func shippedRulesAreFormatted() {
    let run = placement(["fmt", "--check", repo("Rules")])
    #expect(run.status == 0, "\(run.out)\(run.err)")
    #expect(run.out == "")
  }

  @Test func checkNamesFilesThatWouldChangeAndWritesNothing() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try messy.write(toFile: folder + "/a.rules", atomically: true, encoding: .utf8)
    try tidy.write(toFile: folder + "/b.rules", atomically: true, encoding: .utf8)
    let run = placement(["fmt", "--check", folder])
    #expect(run.status == 1)
    #expect(run.out == "\(folder)/a.rules\n")
    #expect(try String(contentsOfFile: folder + "/a.rules", encoding: .utf8) == messy)
  }

  @Test func rewritesInPlaceAtomicallyThenChecksClean() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try messy.write(toFile: folder + "/a.rules", atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: folder + "/a.rules")
    let run = placement(["fmt", folder + "/a.rules"])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out == "\(folder)/a.rules\n")
    #expect(try String(contentsOfFile: folder + "/a.rules", encoding: .utf8) == tidy)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["a.rules"], "no temporary file left")
    let permissions = try FileManager.default.attributesOfItem(atPath: folder + "/a.rules")[.posixPermissions] as? Int
    #expect(permissions == 0o640)
    #expect(placement(["fmt", "--check", folder]).status == 0)
    #expect(placement(["fmt", folder]).out == "", "a formatted file is not rewritten")
  }

  @Test func syntaxErrorsExit65AndLeaveTheFileUntouched() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let broken = "segment a = \nplacement x:flow{default->flow a}\n"
    try broken.write(toFile: folder + "/broken.rules", atomically: true, encoding: .utf8)
    try messy.write(toFile: folder + "/ok.rules", atomically: true, encoding: .utf8)
    let run = placement(["fmt", folder])
    #expect(run.status == 65)
    #expect(
      run.err.contains(
        "\(folder)/broken.rules:1:12: error: expected a condition, found the end of the line [expected-expression]"))
    #expect(run.err.contains("\(folder)/broken.rules: not formatted: fix the syntax errors first"))
    #expect(try String(contentsOfFile: folder + "/broken.rules", encoding: .utf8) == broken)
    #expect(
      try String(contentsOfFile: folder + "/ok.rules", encoding: .utf8) == tidy, "other files are still formatted")
  }

  /// The lexer's diagnostics (line 2's `&&`) and the parser's (line 1's missing value) come from two passes;
  /// `fmt` reports them in source order, as `lint` does (the newcomer trial saw line 6 before line 5).
  @Test func syntaxErrorsAreReportedInSourceOrder() {
    let run = placement(
      ["fmt", "-"],
      stdin: [
        "segment a = age >", "segment b = country == \"US\" && platform == \"ios\"", "placement p: flow {",
        "  default -> flow x", "}",
      ])
    #expect(run.status == 65)
    let lines = run.err.split(separator: "\n").filter { $0.contains(": error: ") }.map { $0.split(separator: ":")[1] }
    #expect(lines == ["1", "2"], "\(run.err)")
  }

  /// A trailing comment followed by an own-line comment inside a declaration, and a comment after the `)` of a
  /// broken choice list: `fmt` formats both (exit 0), and `fmt --check` then passes.
  @Test func commentsEverywhereFormatAndThenCheckClean() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let commented =
      "segment adults = # people of age\n  # see JIRA-123\n  age >= 18\n\nplacement p: flow {\n  adults  -> flow a\n  default -> flow b\n}\n"
    let choice = "attribute experience: choice(\n  beginner,\n  pro # two\n) # close\nfrom quiz \"experience\" # src\n"
    try commented.write(toFile: folder + "/a.rules", atomically: true, encoding: .utf8)
    try choice.write(toFile: folder + "/b.rules", atomically: true, encoding: .utf8)
    let run = placement(["fmt", folder])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out == "\(folder)/a.rules\n\(folder)/b.rules\n")
    #expect(
      try String(contentsOfFile: folder + "/a.rules", encoding: .utf8)
        == "# people of age\n# see JIRA-123\nsegment adults = age >= 18\n\nplacement p: flow {\n  adults  -> flow a\n  default -> flow b\n}\n"
    )
    #expect(
      try String(contentsOfFile: folder + "/b.rules", encoding: .utf8)
        == "attribute experience: choice(\n  beginner,\n  pro # two\n  # close\n) from quiz \"experience\" # src\n")
    let check = placement(["fmt", "--check", folder])
    #expect(check.status == 0, "\(check.out)\(check.err)")
    #expect(check.out == "")
  }

  @Test func standardInputToStandardOutput() {
    let run = placement(["fmt", "-"], stdin: messy.split(separator: "\n").map(String.init))
    #expect(run.status == 0)
    #expect(run.out == tidy)
  }

  @Test func missingPathExits66() {
    let run = placement(["fmt", repo("nope")])
    #expect(run.status == 66)
    #expect(run.err.contains("no such file or directory"))
    #expect(placement(["fmt", "--chek"]).err.contains("did you mean '--check'?"))
  }
}
