import PlacementKit

/// `placement fmt [PATHS] [--check]`: rewrites rules files in their canonical layout.
///
/// Each path is a `.rules` file or a directory (every `*.rules` below it); default `Rules`. `-` formats standard
/// input to standard output. A file with syntax errors is reported and left untouched (exit 65). With
/// `--check` nothing is written: each file that would change is named on stdout and the exit status is 1.
struct FmtCommand {
  let arguments: Arguments
  let console: Console

  init(_ args: [String], console: Console) throws(CommandFailure) {
    arguments = try Arguments(args, valued: [], flags: ["--check"])
    self.console = console
  }

  func run() throws(CommandFailure) -> ExitCode {
    let paths = arguments.positionals.isEmpty ? ["Rules"] : arguments.positionals
    if paths == ["-"] { return try formatStandardInput() }
    var files: [String] = []
    for path in paths {
      do {
        files += try RuleLoading.files(at: path)
      } catch {
        throw CommandFailure(.noInput, error.message)
      }
    }
    var changed = 0
    var broken = 0
    for path in files {
      let original = try Support.read(path, console: console)
      guard let formatted = format(SourceFile(name: path, text: String(decoding: original, as: UTF8.self))) else {
        broken += 1
        continue
      }
      guard Array(formatted.utf8) != original else { continue }
      changed += 1
      console.out(path + "\n")
      if !arguments.has("--check") { try FileWriting.replace(path, with: formatted) }
    }
    if broken > 0 {
      console.err("error: \(broken) file\(broken == 1 ? "" : "s") not formatted\n")
      return .dataError
    }
    return arguments.has("--check") && changed > 0 ? .findings : .ok
  }

  /// The formatted text, or nil after reporting why the file cannot be formatted.
  func format(_ file: SourceFile) -> String? {
    do {
      return try RuleFormatter.format(file)
    } catch {
      switch error {
      case .syntax(let diagnostics):
        console.err(DiagnosticRenderer(colors: console.stderrColors).render(diagnostics))
        console.err("\(file.name): not formatted: fix the syntax errors first\n")
      case .changedMeaning(let reason):
        console.err("\(file.name): internal error: \(reason); file left unchanged (please report this)\n")
      }
      return nil
    }
  }

  /// `placement fmt -`: standard input to standard output (for editors).
  func formatStandardInput() throws(CommandFailure) -> ExitCode {
    let text = String(decoding: try Support.read("-", console: console), as: UTF8.self) + "\n"
    guard let formatted = format(SourceFile(name: "<stdin>", text: text)) else { return .dataError }
    if arguments.has("--check") { return formatted == text ? .ok : .findings }
    console.out(formatted)
    return .ok
  }
}
