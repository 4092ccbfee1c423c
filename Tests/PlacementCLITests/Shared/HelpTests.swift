import Foundation
import PlacementKit
import Testing

@testable import PlacementCLI

/// `placement <command> --help` lists every option the command's parser accepts, and only those: an option added
/// to a command without a line in its help fails here.
@Suite struct HelpTests {
  /// The options a help text lists: its lines that start with two spaces and `-`, each option up to the first
  /// space (`  -o, --output FILE` lists both spellings).
  static func listedOptions(_ help: String) -> Set<String> {
    var listed: Set<String> = []
    for line in help.split(separator: "\n") where line.hasPrefix("  -") && !line.hasPrefix("  - ") {
      var rest = line.dropFirst(2)
      while rest.hasPrefix("-") {
        let option = rest.prefix { $0 != " " && $0 != "," }
        listed.insert(String(option))
        rest = rest.dropFirst(option.count)
        guard rest.hasPrefix(", ") else { break }
        rest = rest.dropFirst(2)
      }
    }
    return listed
  }

  @Test(arguments: PlacementTool.commands.keys.sorted())
  func eachCommandsHelpListsEveryOptionItAccepts(_ command: String) throws {
    let options = try #require(PlacementTool.commands[command]).options
    let run = placement([command, "--help"])
    #expect(run.status == 0)
    #expect(run.err == "")
    #expect(Self.listedOptions(run.out) == Set(options.all), "\(command) --help")
  }

  /// `resolve --help` names every reason a decision can carry, and the docs' usage line every option.
  @Test func resolveHelpNamesEveryReasonAndTheDocsEveryOption() throws {
    let run = placement(["resolve", "--help"])
    for reason in DecisionReason.allCases { #expect(run.out.contains(reason.rawValue), "\(reason)") }
    let docs = try String(contentsOfFile: repo("docs/CLI.md"), encoding: .utf8)
    let section = try #require(docs.components(separatedBy: "## `placement resolve`\n```\n").dropFirst().first)
    let usage = section.prefix { $0 != "`" }
    for option in ResolveCommand.options.all { #expect(usage.contains(option), "\(option)") }
  }

  /// The global options, command by command: `--verbose` wherever rules files are read from disk, `--strict`
  /// where a rules warning can fail the command.
  @Test func theGlobalOptionsAreAcceptedWhereTheHelpsSay() {
    let accepting = { (option: String) in
      PlacementTool.commands.filter { $0.value.options.flags.contains(option) }.keys.sorted()
    }
    #expect(
      accepting("--verbose") == [
        "audiences", "bundle", "diff", "export", "fmt", "ingest", "lint", "resolve", "serve", "test",
      ])
    #expect(accepting("--strict") == ["audiences", "export", "ingest", "lint", "resolve", "test"])
    let lsp = placement(["lsp", "--verbose"])
    #expect(lsp.status == 64)
    #expect(lsp.err == "error: unknown option '--verbose'\nrun 'placement lsp --help' for usage\n")
    #expect(
      placement(["--help"]).out.contains(
        """
        Rules are read from Rules/ unless --rules PATH is given; --verbose (every command but lsp) names the rules
        files skipped; --strict (resolve, audiences, ingest, test, lint, export) makes a rules warning fail the
        command.
        """))
  }

  /// `--jobs` states its range, the one the parser enforces.
  @Test func jobsStatesItsRange() {
    let help = placement(["resolve", "--help"]).out
    #expect(
      help.contains(
        """
          --jobs N             resolve --profiles on N threads, N from 1 to 256 (default 1); the output is the same
                               for any N
        """))
    let batch = ["resolve", "--profiles", repo("Examples/profiles/batch.jsonl"), "--rules", repo("Rules")]
    #expect(placement(batch + ["--jobs", "256"]).status == 0)
    #expect(placement(batch + ["--jobs", "257"]).err.hasPrefix("error: --jobs must be a whole number from 1 to 256"))
  }
}
