import Foundation
import PlacementKit

/// `placement lint [PATHS] [--format text|json|github|sarif] [--strict]`: compiler diagnostics plus lint rules.
///
/// Findings go to stdout (they are the command's result; CI reads SARIF and GitHub annotations from there).
/// Exit: 0 clean, 1 when an error is found (or a warning with `--strict`), 64 usage, 66 a path is missing.
struct LintCommand {
  let arguments: Arguments
  let console: Console

  static let formats = ["text", "json", "github", "sarif"]

  init(_ args: [String], console: Console) throws(CommandFailure) {
    arguments = try Arguments(args, valued: ["--format"], flags: ["--strict"])
    self.console = console
  }

  func run() throws(CommandFailure) -> ExitCode {
    let format = try arguments.choice("--format", among: Self.formats, default: "text")
    let paths = arguments.positionals.isEmpty ? ["Rules"] : arguments.positionals
    let sources = try Self.sources(paths, console: console)
    let compilation = Compilation.compile(sources, options: CompileOptions(maxDiagnostics: 10_000))
    let result = Linter.run(compilation)
    console.out(render(result, format: format))
    let failing = result.count(.error) > 0 || (arguments.has("--strict") && result.count(.warning) > 0)
    return failing ? .findings : .ok
  }

  func render(_ result: LintResult, format: String) -> String {
    switch format {
    case "json": JSONLintReporter().render(result)
    case "github": GitHubLintReporter().render(result)
    case "sarif": SARIFLintReporter(version: Help.version).render(result)
    default: TextLintReporter(colors: console.stdoutColors).render(result)
    }
  }

  /// The rules files at `paths`, named as given on the command line (relative paths are read from the
  /// console's current directory).
  /// - Throws: ``CommandFailure`` (no input) when a path does not exist or holds no rules file.
  static func sources(_ paths: [String], console: Console) throws(CommandFailure) -> [RuleSource] {
    var sources: [RuleSource] = []
    for path in paths {
      let absolute = path.hasPrefix("/") ? path : console.currentDirectory + "/" + path
      do {
        for source in try RuleLoading.sources(at: [absolute]) {
          let shown = source.name.hasPrefix(absolute) ? path + source.name.dropFirst(absolute.count) : source.name
          sources.append(RuleSource(name: shown, bytes: source.bytes))
        }
      } catch {
        throw CommandFailure(.noInput, error.message.replacingOccurrences(of: absolute, with: path))
      }
    }
    return sources
  }
}
