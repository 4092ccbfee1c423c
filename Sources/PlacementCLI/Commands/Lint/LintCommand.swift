import Foundation
import PlacementKit

/// `placement lint [PATHS] [--rules PATH] [--format text|json|github|sarif] [--strict]`: compiler diagnostics plus
/// lint rules.
///
/// Findings go to stdout (they are the command's result; CI reads SARIF and GitHub annotations from there).
/// Exit: 0 clean, 1 when an error is found (or a warning with `--strict`), 64 usage, 66 a path is missing.
struct LintCommand: Subcommand {
  let arguments: Arguments
  let console: Console

  static var formats: [String] { LintReporters.formats }

  static let options = CommandOptions(valued: ["--format", "--rules", "--now"], flags: ["--strict"])

  init(_ args: [String], console: Console) throws(CommandFailure) {
    arguments = try Arguments(args, Self.options)
    self.console = console
  }

  func run() throws(CommandFailure) -> ExitCode {
    let format = try arguments.choice("--format", among: Self.formats, default: Self.formats[0])
    // `--rules PATH` as in the other commands, or paths as arguments; both may be given.
    let given = arguments.all("--rules") + arguments.positionals
    let paths = given.isEmpty ? ["Rules"] : given
    let sources = try Self.sources(paths, console: console, verbose: arguments.verbose)
    let compilation = Compilation.compile(sources, options: CompileOptions(maxDiagnostics: 10_000))
    // Example profiles that depend on the time say `(with --now T)`: `lint --now T` judges at that instant.
    let now = try arguments.value("--now").map { text throws(CommandFailure) in try Support.now(text) }
    // Schedules are judged at --now, else the clock (a schedule that has ended is a finding).
    let clock = try Support.now(nil)
    let linted = Linter.run(compilation, now: now ?? Reasoner.defaultNow, scheduleNow: now ?? clock)
    // One file of a folder of rules files: say which findings come from linting it without the others.
    let result = LintFolderContext(paths: given, sources: sources, console: console).annotate(linted, of: compilation)
    let context = LintReportContext(colors: console.stdoutColors, rules: paths.joined(separator: ", "))
    let reporter = LintReporters.named(format)!.init(context: context)
    console.out(reporter.render(result))
    let failing = result.count(.error) > 0 || (arguments.has("--strict") && result.count(.warning) > 0)
    return failing ? .findings : .ok
  }

  /// The rules files at `paths`, named as given on the command line (relative paths are read from the
  /// console's current directory).
  /// - Throws: ``CommandFailure`` (no input) when a path does not exist or holds no rules file.
  static func sources(_ paths: [String], console: Console, verbose: Bool = false) throws(CommandFailure)
    -> [RuleSource]
  {
    var sources: [RuleSource] = []
    for path in paths {
      if path == "-" {
        sources.append(try Support.standardInputRules(console: console))
        continue
      }
      let absolute = path.hasPrefix("/") ? path : console.currentDirectory + "/" + path
      func shown(_ name: String) -> String {
        name.hasPrefix(absolute) ? path + name.dropFirst(absolute.count) : name
      }
      do {
        let (found, skipped) = try RuleLoading.load([absolute])
        if verbose {
          Support.reportSkipped(skipped.map { SkippedFile(path: shown($0.path), reason: $0.reason) }, console: console)
        }
        sources += found.map { RuleSource(name: shown($0.name), bytes: $0.bytes, path: $0.path, kind: $0.kind) }
      } catch {
        throw CommandFailure(
          error.isReadFailure ? .ioError : error.isInvalidBundle ? .dataError : .noInput,
          error.message.replacingOccurrences(of: absolute, with: path))
      }
    }
    return sources
  }
}
