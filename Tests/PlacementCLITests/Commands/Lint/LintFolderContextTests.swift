import Foundation
import PlacementAnalysis
import PlacementCore
import Synchronization
import Testing

@testable import PlacementCLI

/// The newcomer check: `placement lint Rules/paywall.rules` reported the names the other files of `Rules/` declare
/// as unknown, without saying why. The findings stay (the file does not compile alone), with notes: where each
/// name is declared or used, and that linting the folder as one rule set is the fix.
@Suite struct LintFolderContextTests {
  let scratch = ScratchFolder()

  @Test func oneFileOfTheShippedRulesSaysWhereEachNameIsDeclared() {
    let run = placement(["lint", "Rules/paywall.rules"])
    #expect(run.status == 1)
    expectGolden(run.out, "lint-one-file-of-Rules.txt")
    // Without the checker's advice to declare an attribute that is declared.
    #expect(!run.out.contains("custom attributes must be declared"))
    // The folder, linted whole: no such note.
    let whole = placement(["lint", "Rules", "--strict", "--now", "2026-12-01"])
    #expect(whole.status == 0)
    #expect(whole.out.hasSuffix("0 errors, 0 warnings, 5 infos\n"))
    #expect(!whole.out.contains("not linted"))
  }

  /// JSON (and SARIF, GitHub) carry the notes too; a note pointing at a declaration has its place.
  @Test func theNotesAreInTheJSONWithThePlaceOfTheDeclaration() throws {
    let run = placement(["lint", "Rules/onboarding.rules", "--format", "json"])
    let findings = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [[String: Any]])
    let first = try #require(findings.first)
    #expect(first["code"] as? String == "unknown-attribute")
    let notes = try #require(first["notes"] as? [[String: Any]])
    #expect(notes.count == 2)
    #expect(notes[0]["message"] as? String == "attribute 'experience' is declared in a file that was not linted")
    #expect(notes[0]["file"] as? String == "Rules/attributes.rules")
    #expect(notes[0]["line"] as? Int == 4)
    #expect(notes[0]["column"] as? Int == 11)
    #expect(
      notes[1]["message"] as? String == "not a finding when the folder is linted as one rule set: placement lint Rules")
  }

  /// An unused declaration that a sibling uses, and the no-placements warning of a file of declarations only.
  @Test func unusedDeclarationsAndNoPlacementsPointAtTheOtherFiles() {
    let run = placement(["lint", "Rules/attributes.rules"])
    #expect(run.status == 0)
    #expect(
      run.out.hasPrefix(
        """
        Rules/attributes.rules: warning: the rule set declares no placement [no-placements]
         = note: not a finding when the folder is linted as one rule set: placement lint Rules

        Rules/attributes.rules:4:11: info: attribute 'experience' is declared but no segment tests it [unused-attribute]
         4 | attribute experience: choice(
           |           ^~~~~~~~~~
           = note: it is still derived from flow answers by 'placement ingest'
           = note: attribute 'experience' is used in a file that was not linted (Rules/onboarding.rules:3:16)
           = note: not a finding when the folder is linted as one rule set: placement lint Rules

        """))
    // 'email' is used nowhere: its finding is the folder's too, and gets no note.
    #expect(
      run.out.contains(
        """
        Rules/attributes.rules:15:11: info: attribute 'email' is declared but no segment tests it [unused-attribute]
         15 | attribute email: string from input "email" on screen "scr_registration"
            |           ^~~~~
            = note: it is still derived from flow answers by 'placement ingest'

        """))
  }

  /// Named relative to the current folder, a file beside others names them the same way.
  @Test func aFileOfTheCurrentFolderNamesItsSiblingsWithoutAPrefix() {
    scratch.file("R/a.rules", "attribute level: number\n")
    scratch.file(
      "R/b.rules", "segment high = level > 3\nplacement p: flow {\n  high    -> flow h\n  default -> flow d\n}\n")
    let run = placementIn(scratch.path + "/R", ["lint", "b.rules"])
    #expect(run.status == 1)
    #expect(
      run.out == """
        b.rules:1:16: error: unknown attribute 'level' [unknown-attribute]
         1 | segment high = level > 3
           |                ^~~~~
           = note: attribute 'level' is declared in a file that was not linted (a.rules:1:11)
           = note: not a finding when the folder is linted as one rule set: placement lint .

        1 error, 0 warnings, 0 infos

        """)
    #expect(placementIn(scratch.path + "/R", ["lint", "b.rules", "a.rules"]).status == 0)
  }

  /// A folder of separate one-file rule sets (fixtures, `Examples/broken/`): its files declare the same names, so
  /// the siblings are no context and no note is added; nor for a file alone in its folder.
  @Test func aFolderOfSeparateRuleSetsAndALoneFileGetNoNotes() {
    let table = "placement p: flow {\n  adults  -> flow a\n  default -> flow d\n}\n"
    scratch.file("fixtures/one.rules", "segment pros = age > 30\n" + table)
    scratch.file("fixtures/two.rules", "segment pros = age > 40\nsegment adults = age >= 18\n" + table)
    let separate = placement(["lint", scratch.path + "/fixtures/one.rules"])
    #expect(separate.status == 1)
    #expect(separate.out.contains("unknown segment 'adults'"))
    #expect(!separate.out.contains("not linted"), "\(separate.out)")
    let lone = scratch.file("alone/only.rules", "segment s = age > 1\n" + table)
    let alone = placement(["lint", lone])
    #expect(alone.status == 1)
    #expect(!alone.out.contains("not linted"))
  }

  /// The siblings are read only for a finding they can explain: a file without one costs what it costs alone,
  /// however large its folder.
  @Test func siblingsAreReadOnlyForAFindingTheyCanExplain() {
    scratch.file("set/other.rules", "placement p: flow {\n  high    -> flow h\n  default -> flow d\n}\n")
    func lint(_ name: String, _ text: String) -> (read: [String], notes: [String]) {
      let path = scratch.file("set/\(name)", text)
      defer { try? FileManager.default.removeItem(atPath: path) }
      let sources = [RuleSource(name: path, text: text)]
      let compilation = Compilation.compile(sources)
      let console = Console(out: { _ in }, err: { _ in }, readLine: { nil }, currentDirectory: scratch.path)
      var read: [String] = []
      let result = LintFolderContext(paths: [path], sources: sources, console: console).annotate(
        Linter.run(compilation), of: compilation
      ) { path in
        read.append((path as NSString).lastPathComponent)
        return FileManager.default.contents(atPath: path)
      }
      return (read, result.findings.flatMap { $0.diagnostic.notes.map(\.message) })
    }
    let clean = lint(
      "clean.rules", "segment adults = age >= 18\nplacement q: flow {\n  adults  -> flow a\n  default -> flow d\n}\n")
    #expect(clean.read == [])
    #expect(clean.notes == [])
    let declarations = lint("declarations.rules", "segment high = age > 3\n")
    #expect(declarations.read == ["other.rules"])
    #expect(
      declarations.notes == [
        "not a finding when the folder is linted as one rule set: placement lint \(scratch.path)/set",
        "segment 'high' is used in a file that was not linted",
        "not a finding when the folder is linted as one rule set: placement lint \(scratch.path)/set",
      ])
  }

  /// `placement` run with `directory` as the current folder.
  func placementIn(_ directory: String, _ arguments: [String]) -> CLIRun {
    let out = Mutex("")
    let err = Mutex("")
    let console = Console(
      out: { text in out.withLock { $0 += text } }, err: { text in err.withLock { $0 += text } }, readLine: { nil },
      currentDirectory: directory)
    let status = PlacementTool.run(arguments, console: console)
    return CLIRun(status: status, out: out.withLock { $0 }, err: err.withLock { $0 })
  }
}
