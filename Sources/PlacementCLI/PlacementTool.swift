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
    guard let command = commands[name]?.run else {
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

  typealias Run = @Sendable ([String], Console) throws(CommandFailure) -> ExitCode

  /// A subcommand: the options its parser accepts (each must be in its `--help`, see ``Help/command``) and how
  /// it runs.
  struct Command: Sendable {
    let options: CommandOptions
    let run: Run

    init<C: Subcommand>(_ type: C.Type) {
      options = C.options
      run = { args, console throws(CommandFailure) in try C(args, console: console).run() }
    }
  }

  static let commands: [String: Command] = [
    "resolve": Command(ResolveCommand.self), "ingest": Command(IngestCommand.self),
    "audiences": Command(AudiencesCommand.self), "fmt": Command(FmtCommand.self), "test": Command(TestCommand.self),
    "lint": Command(LintCommand.self), "diff": Command(DiffCommand.self), "lsp": Command(LSPCommand.self),
    "bundle": Command(BundleCommand.self), "serve": Command(ServeCommand.self),
    "export": Command(ExportCommand.self),
  ]
}

/// One `placement` subcommand: parses its arguments (``options``) when made, then runs.
protocol Subcommand: SendableMetatype {
  /// The options the command's parser accepts.
  static var options: CommandOptions { get }
  init(_ args: [String], console: Console) throws(CommandFailure)
  func run() throws(CommandFailure) -> ExitCode
}
