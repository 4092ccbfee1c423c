import PlacementKit

/// The `placement` command: dispatches to a subcommand and maps failures to exit codes.
public enum PlacementTool {
  /// Runs the tool with `arguments` (without the program name) and returns the exit status; a failed write to
  /// standard output or error turns into 74 or 141 (see ``Console``).
  public static func run(_ arguments: [String], console: Console) -> Int32 {
    console.finish(dispatch(arguments, console: console))
  }

  static func dispatch(_ arguments: [String], console: Console) -> Int32 {
    guard let name = arguments.first else {
      console.err(Help.overview)
      return ExitCode.usage.rawValue
    }
    let rest = Array(arguments.dropFirst())
    if ["-h", "--help", "help"].contains(name) {
      if let topic = rest.first, let text = Help.command[topic] {
        console.out(text)
      } else {
        console.out(Help.overview)
      }
      return ExitCode.ok.rawValue
    }
    if name == "--version" {
      console.out("placement \(Help.version)\n")
      return ExitCode.ok.rawValue
    }
    guard let command = commands[name] else {
      // Options of the tool itself count as candidates too (`--versoin` → `--version`).
      let candidates = Array(commands.keys) + ["--help", "--version"]
      let hint = Suggestions.closest(to: name, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
      console.err("error: unknown command '\(name)'\(hint)\n\n\(Help.overview)")
      return ExitCode.usage.rawValue
    }
    if rest.contains("--help") || rest.contains("-h") {
      console.out(Help.command[name] ?? Help.overview)
      return ExitCode.ok.rawValue
    }
    do {
      return try command(rest, console).rawValue
    } catch {
      console.err("\(error.location.map { "\($0): " } ?? "")error: \(error.message)\n")
      if error.code == .usage { console.err("run 'placement \(name) --help' for usage\n") }
      return error.code.rawValue
    }
  }

  typealias Command = @Sendable ([String], Console) throws(CommandFailure) -> ExitCode

  static let commands: [String: Command] = [
    "resolve": { args, console throws(CommandFailure) in try ResolveCommand(args, console: console).run() },
    "ingest": { args, console throws(CommandFailure) in try IngestCommand(args, console: console).run() },
    "audiences": { args, console throws(CommandFailure) in try AudiencesCommand(args, console: console).run() },
    "fmt": { args, console throws(CommandFailure) in try FmtCommand(args, console: console).run() },
    "test": { args, console throws(CommandFailure) in try TestCommand(args, console: console).run() },
    "lint": { args, console throws(CommandFailure) in try LintCommand(args, console: console).run() },
    "diff": { args, console throws(CommandFailure) in try DiffCommand(args, console: console).run() },
    "lsp": { args, console throws(CommandFailure) in try LSPCommand(args, console: console).run() },
  ]
}
