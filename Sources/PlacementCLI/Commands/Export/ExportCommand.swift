import PlacementKit

/// `placement export fallback [-o FILE]`: the offline fallback file of a rule set (``Fallback``): per placement,
/// the default row's content with its default-locale remote config, no A/B test. `-o -` or no `-o` writes
/// standard output; a file is replaced atomically, and a failed write is exit 74 with a message.
struct ExportCommand: Subcommand {
  let arguments: Arguments
  let console: Console

  static let options = CommandOptions(valued: ["--rules", "--output", "-o"], flags: ["--strict"])

  static let help = """
    usage: placement export fallback [-o FILE] [--rules PATH] [--strict] [--verbose]

    Writes what an app ships for when it has no network and no cache, as Adapty's fallback file does: per
    placement, the content of the default row (the "All users" audience) with its default-locale remote
    config, and no A/B test. A default row that is a test gives the variation most of its profiles see: the
    heaviest variation that shows content, equal weights in draw order (the smallest id); the test and
    variation are named in the file. The format is in docs/CLI.md.

    options:
      -o, --output FILE   the file to write, replaced atomically ('-' or none: standard output)
      --rules PATH        the rules to read (default: Rules)
      --strict            fail on any rules warning
      --verbose           name on stderr each rules file skipped in a folder

    exit: 0 written; 64 usage; 65 rules do not compile (or have a warning, with --strict); 66 the rules path is
    missing; 74 the file cannot be written.

    """

  init(_ args: [String], console: Console) throws(CommandFailure) {
    arguments = try Arguments(args, Self.options)
    self.console = console
  }

  func run() throws(CommandFailure) -> ExitCode {
    guard let what = arguments.positionals.first else {
      throw CommandFailure(.usage, "give what to export: fallback")
    }
    guard what == "fallback" else {
      let hint = Suggestions.closest(to: what, in: ["fallback"]).map { "; did you mean '\($0)'?" } ?? ""
      throw CommandFailure(.usage, "unknown export '\(what)'\(hint): give fallback")
    }
    guard arguments.positionals.count == 1 else {
      throw CommandFailure(.usage, "unexpected operand '\(arguments.positionals[1])'")
    }
    let output = arguments.value("--output") ?? arguments.value("-o")
    let ruleSet = try Support.compileRules(
      try arguments.rulesPath(), console: console, verbose: arguments.verbose, strict: arguments.has("--strict"))
    let bytes = ruleSet.fallback().jsonBytes()
    guard let output, output != "-" else {
      console.out(String(decoding: bytes, as: UTF8.self))
      return .ok
    }
    try FileWriting.replace(output, with: bytes)
    return .ok
  }
}
