import PlacementLSP

/// `placement lsp [--stdio]`: the language server on standard input and output (docs/Editors.md).
struct LSPCommand: Subcommand {
  static let help = """
    usage: placement lsp [--stdio]

    Runs the Language Server Protocol 3.17 server on standard input and output (--stdio is accepted, as
    editors pass it). The workspace folder's Rules/ (or the folder itself) is compiled as one rule set, with
    open documents taking precedence over disk: diagnostics (compiler and lint), hover, go to definition,
    references, rename, completion, symbols, formatting and quick fixes. Setup per editor: docs/Editors.md.

    options:
      --stdio   speak LSP on standard input and output (the only transport; accepted because editors pass it)

    exit: 0 after 'shutdown' and 'exit'; 1 when the input ends or 'exit' comes without 'shutdown'.

    """

  let arguments: Arguments

  /// `--stdio` only: the server reads no rules folder at start-up, so `--verbose` (files skipped) has nothing to
  /// name and is refused rather than silently ignored.
  static let options = CommandOptions(flags: ["--stdio"], verbose: false)

  init(_ args: [String], console: Console) throws(CommandFailure) {
    arguments = try Arguments(args, Self.options)
    guard arguments.positionals.isEmpty else {
      throw CommandFailure(.usage, "unexpected argument '\(arguments.positionals[0])'")
    }
  }

  func run() throws(CommandFailure) -> ExitCode {
    StdioTransport.serve(version: Help.version) == 0 ? .ok : .findings
  }
}
