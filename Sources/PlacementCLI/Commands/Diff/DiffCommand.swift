import Foundation
import PlacementKit

/// `placement diff OLD [NEW] [--profiles FILE] [--now T] [--format …] [--fail-on …] [--expect equivalent]`: what a
/// rules change does, per placement, with witness profiles, experiment safety findings and, with `--profiles`,
/// the impact on a sample (see ``RulesDiff`` and docs/CLI.md).
///
/// Results go to stdout, compile diagnostics to stderr. Exit: 0 ok, 1 when a `--fail-on` or `--expect` check
/// fails, 64 usage, 65 rules that do not compile or a bad `--profiles` file, 66 a missing path or revision.
struct DiffCommand: Subcommand {
  let arguments: Arguments
  let console: Console

  static let formats = ["text", "json", "markdown", "github", "sarif"]

  static let options = CommandOptions(
    valued: ["--rules", "--profiles", "--now", "--format", "--fail-on", "--expect", "--time-budget"])

  init(_ args: [String], console: Console) throws(CommandFailure) {
    arguments = try Arguments(args, Self.options)
    self.console = console
  }

  func run() throws(CommandFailure) -> ExitCode {
    let format = try arguments.choice("--format", among: Self.formats, default: "text")
    let checks = try DiffChecks(failOn: arguments.all("--fail-on"), expect: arguments.value("--expect"))
    let rulesPath = try arguments.rulesPath() ?? "Rules"
    let operands = arguments.positionals
    guard (1...2).contains(operands.count) else {
      throw CommandFailure(
        .usage, "give OLD (a rules path or a git revision) and optionally NEW (default: --rules or Rules)")
    }
    let newOperand = operands.count == 2 ? operands[1] : rulesPath
    let oldSources = try DiffSides.sources(
      operands[0], rulesPath: rulesPath, console: console, verbose: arguments.verbose)
    let old = try compile(oldSources, side: "old", path: operands[0])
    let newSources = try DiffSides.sources(
      newOperand, rulesPath: rulesPath, console: console, verbose: arguments.verbose)
    let new = try compile(newSources, side: "new", path: newOperand)
    let now = try Support.now(arguments.value("--now"))
    var options = DiffOptions(now: now)
    if let text = arguments.value("--time-budget") {
      guard let seconds = Double(text), seconds > 0, seconds <= 3_600 else {
        throw CommandFailure(
          .usage, "--time-budget must be a number of seconds greater than 0 and at most 3600, found '\(text)'")
      }
      options.timeBudget = .milliseconds(Int64(seconds * 1_000))
    }
    let listChanges = IdListChurn.changes(
      old: old.model, new: new.model, oldFiles: Self.dataFiles(oldSources), newFiles: Self.dataFiles(newSources))
    options.listIds = IdListChurn.candidates(listChanges)
    var report: DiffReport
    do {
      report = try RulesDiff.compare(old: old, new: new, options: options)
    } catch {
      throw CommandFailure(.dataError, error.description)
    }
    report.listChanges = listChanges
    var sample: DiffSample?
    if let path = arguments.value("--profiles") {
      sample = try DiffSample.run(path: path, old: old.ruleSet!, new: new.ruleSet!, now: now, console: console)
    }
    let verdicts = checks.evaluate(report, sample: sample?.impact)
    let rendered = DiffRendering(
      report: report, sample: sample, verdicts: verdicts,
      instant: DiffInstant(now: now, given: arguments.value("--now") != nil), version: Help.version)
    console.out(rendered.render(format, colors: console.stdoutColors))
    for verdict in verdicts where verdict.failed { console.err("diff: check failed: \(verdict.reason)\n") }
    // Like `resolve --profiles`: a sample line that failed (reported above) makes the run exit 1.
    let sampleFailed = (sample?.failed ?? 0) > 0
    return verdicts.contains(where: \.failed) || sampleFailed ? .findings : .ok
  }

  /// Compiles one side; diagnostics on stderr; errors end the command with exit 65.
  func compile(_ sources: [RuleSource], side: String, path: String) throws(CommandFailure) -> Compilation {
    let compilation = Compilation.compile(sources)
    Support.printDiagnostics(compilation, rules: path, console: console, includeWarnings: false)
    guard compilation.ruleSet != nil else {
      let count = compilation.diagnostics.filter { $0.severity == .error }.count + compilation.truncatedCount
      throw CommandFailure(.dataError, "the \(side) rules do not compile: \(count) error\(count == 1 ? "" : "s")")
    }
    return compilation
  }
}
