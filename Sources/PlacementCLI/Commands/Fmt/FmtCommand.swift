import Glibc
import PlacementKit

/// `placement fmt [PATHS] [--check]`: rewrites rules files in their canonical layout.
///
/// Each path is a `.rules` file or a directory (every `*.rules` below it); default `Rules`. `-` formats standard
/// input to standard output. A file with syntax errors is reported and left untouched (exit 65). With
/// `--check` nothing is written: each file that would change is named on stdout and the exit status is 1.
struct FmtCommand: Subcommand {
  let arguments: Arguments
  let console: Console

  static let options = CommandOptions(flags: ["--check"])

  init(_ args: [String], console: Console) throws(CommandFailure) {
    arguments = try Arguments(args, Self.options)
    self.console = console
  }

  func run() throws(CommandFailure) -> ExitCode {
    let paths = arguments.positionals.isEmpty ? ["Rules"] : arguments.positionals
    if paths == ["-"] { return try formatStandardInput() }
    if paths.contains("-") {
      throw CommandFailure(.usage, "'-' (standard input) cannot be mixed with paths")
    }
    var files: [String] = []
    for path in paths {
      do {
        let found = try RuleLoading.discover(at: path)
        if arguments.verbose { Support.reportSkipped(found.skipped, console: console) }
        files += found.files
      } catch {
        throw CommandFailure(.noInput, error.message)
      }
    }
    guard !files.isEmpty else {
      // A CI job pointed at the wrong folder must not pass silently.
      throw CommandFailure(.noInput, "no .\(RuleLoading.fileExtension) files in \(paths.joined(separator: ", "))")
    }
    if !arguments.has("--check"), let special = files.first(where: { !Self.isRewritable($0) }) {
      // A pipe, a device or a /dev/fd or /proc path: rewriting it would replace it with a regular file, or write
      // into whatever file the descriptor happens to name.
      throw CommandFailure(
        .noInput, "cannot rewrite '\(special)': not a regular file; use 'placement fmt -' or '--check'")
    }
    var changed = 0
    var failures: [ExitCode] = []
    for path in files {
      let original = try Support.read(path, console: console)
      let result = format(SourceFile(name: path, bytes: original))
      guard case .success(let formatted) = result else {
        if case .failure(let failure) = result { failures.append(failure.code) }
        continue
      }
      guard Array(formatted.utf8) != original else { continue }
      changed += 1
      console.out(path + "\n")
      if !arguments.has("--check") { try FileWriting.replace(path, with: formatted) }
    }
    if !failures.isEmpty {
      console.err("error: \(failures.count) file\(failures.count == 1 ? "" : "s") could not be formatted\n")
      return failures.contains(.software) ? .software : .dataError
    }
    return arguments.has("--check") && changed > 0 ? .findings : .ok
  }

  /// The formatted text, or the exit status after reporting why the file cannot be formatted: 65 for syntax
  /// errors, 70 when the formatter's safety check caught a layout that would change the file.
  func format(_ file: SourceFile) -> Result<String, CommandFailure> {
    do {
      return .success(try RuleFormatter.format(file))
    } catch {
      switch error {
      case .syntax(let diagnostics):
        console.err(DiagnosticRenderer(colors: console.stderrColors).render(diagnostics))
        console.err("\(file.name): not formatted: fix the syntax errors first\n")
        return .failure(CommandFailure(.dataError, "syntax errors"))
      case .changedMeaning(let reason):
        console.err("\(file.name): internal error: \(reason); file left unchanged (please report this)\n")
        return .failure(CommandFailure(.software, reason))
      }
    }
  }

  /// Whether `path` (symbolic links followed) is a regular file outside `/dev` and `/proc`, which `fmt` may
  /// replace through a temporary file and a rename.
  static func isRewritable(_ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
    guard let resolved = realpath(path, nil) else { return false }
    defer { free(resolved) }
    // Both the path as given and its target: /dev/stdin resolves to whatever file is on the descriptor.
    let special = ["/dev/", "/proc/"]
    return ![path, String(cString: resolved)].contains { name in special.contains { name.hasPrefix($0) } }
  }

  /// `placement fmt -`: standard input to standard output (for editors).
  func formatStandardInput() throws(CommandFailure) -> ExitCode {
    // Formatted exactly like a file with the same bytes (an empty input stays empty).
    // Read as bytes, so invalid UTF-8 is reported (invalid-utf8) rather than silently repaired.
    let bytes = try Support.read("-", console: console)
    let formatted: String
    switch format(SourceFile(name: Support.standardInputName, bytes: bytes)) {
    case .success(let text): formatted = text
    case .failure(let failure): return failure.code
    }
    if arguments.has("--check") { return Array(formatted.utf8) == bytes ? .ok : .findings }
    console.out(formatted)
    return .ok
  }
}
