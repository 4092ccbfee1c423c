import Foundation
import PlacementCLI
import Synchronization
import Testing

/// `placement diff <revision>` reads the config files that the revision's contents name (`config … from "<path>"`)
/// at that revision, so rules with config files compare with their own history.
@Suite struct DiffRevisionConfigTests {
  static let rules = """
    placement home: paywall {
      default -> paywall pro
    }

    content paywall pro {
      config default "en" from "configs/en.json"
      config "de" { "title": "Los" }
    }

    """

  @Test func aRevisionsConfigFilesAreReadAtThatRevision() throws {
    let scratch = ScratchFolder()
    scratch.file("Rules/paywall.rules", Self.rules)
    scratch.file("Rules/configs/en.json", #"{"title": "Go"}"# + "\n")
    func git(_ arguments: [String]) throws { try PlacementCLITests.git(arguments, in: scratch.path) }
    try git(["init", "-q", "-b", "main"])
    try git(["add", "."])
    try git(["commit", "-q", "-m", "rules"])
    let out = Mutex("")
    let err = Mutex("")
    let console = Console(
      out: { text in out.withLock { $0 += text } }, err: { text in err.withLock { $0 += text } }, readLine: { nil },
      currentDirectory: scratch.path)
    func diff(_ arguments: [String]) -> (Int32, String, String) {
      out.withLock { $0 = "" }
      err.withLock { $0 = "" }
      let status = PlacementTool.run(["diff", "main", "--now", "2026-12-01"] + arguments, console: console)
      return (status, out.withLock { $0 }, err.withLock { $0 })
    }
    let same = diff(["--fail-on", "config", "--expect", "equivalent"])
    #expect(same.0 == 0, "\(same.2)")
    #expect(!same.1.contains("configs"))
    // An uncommitted edit of the config file only: a config change of the default locale.
    scratch.file("Rules/configs/en.json", #"{"title": "Go pro"}"# + "\n")
    let changed = diff(["--fail-on", "config"])
    #expect(changed.0 == 1, "\(changed.2)")
    #expect(changed.1.contains("  paywall pro: locale en changed (key title) [changed] at home\n"))
  }
}
