import Foundation
import PlacementKit

/// Helpers shared by commands: reading files, compiling rules, parsing `--now`.
enum Support {
  /// The name standard input has in every message.
  static let standardInputName = "<stdin>"

  /// How `path` is named in messages: `<stdin>` for `-`.
  static func displayName(_ path: String) -> String { path == "-" ? standardInputName : path }

  /// Reads a whole file (or standard input for `-`) as bytes: nothing is repaired, CR is kept. Pipes, FIFOs and
  /// `/dev/fd/N` work like files.
  /// - Throws: ``CommandFailure``: 66 when the input cannot be opened (missing, a directory, permission denied),
  ///   74 when a read fails part-way.
  static func read(_ path: String, console: Console) throws(CommandFailure) -> [UInt8] {
    do {
      guard path == "-" else { return try FileReading.contents(of: path) }
      if let input = console.standardInput {
        return try FileReading.readAll(input.fileDescriptor, path: standardInputName)
      }
    } catch {
      throw failure(error)
    }
    // Tests feed standard input as lines.
    var bytes: [UInt8] = []
    while let line = console.readLine() {
      bytes += line.utf8
      bytes.append(UInt8(ascii: "\n"))
    }
    return bytes
  }

  /// The command failure for a file that could not be read: 74 for a read error, 66 otherwise.
  static func failure(_ error: FileReading.Failure) -> CommandFailure {
    CommandFailure(error.kind == .readFailed ? .ioError : .noInput, error.message)
  }

  /// Compiles the rules at `path`; prints diagnostics on stderr (and with `verbose`, the files skipped). Errors
  /// end the command with exit 65, and so do warnings with `strict` (e.g. an empty rule set's `no-placements`).
  static func compileRules(_ path: String?, console: Console, verbose: Bool = false, strict: Bool = false)
    throws(CommandFailure) -> RuleSet
  {
    let compilation = try compilation(path, console: console, verbose: verbose)
    printDiagnostics(compilation, rules: path ?? "Rules", console: console)
    guard let ruleSet = compilation.ruleSet else {
      let count = compilation.diagnostics.filter { $0.severity == .error }.count + compilation.truncatedCount
      throw CommandFailure(.dataError, "rules do not compile: \(count) error\(count == 1 ? "" : "s")")
    }
    let warnings = compilation.diagnostics.filter { $0.severity == .warning }.count
    if strict, warnings > 0 {
      throw CommandFailure(.dataError, "rules have \(warnings) warning\(warnings == 1 ? "" : "s") (--strict)")
    }
    return ruleSet
  }

  static func compilation(_ path: String?, console: Console, verbose: Bool = false) throws(CommandFailure)
    -> Compilation
  {
    if path == "-" { return Compilation.compile([try standardInputRules(console: console)]) }
    do {
      let (sources, skipped) = try RuleLoading.load([path ?? "Rules"])
      if verbose { reportSkipped(skipped, console: console) }
      return Compilation.compile(sources)
    } catch {
      throw CommandFailure(
        error.isReadFailure ? .ioError : error.isInvalidBundle ? .dataError : .noInput,
        error.message + (path == nil ? " (run from the project folder or pass --rules PATH)" : ""))
    }
  }

  /// `--rules -` or `lint -`: one rules file read from standard input, as bytes, named `<stdin>`.
  static func standardInputRules(console: Console) throws(CommandFailure) -> RuleSource {
    RuleSource(name: standardInputName, bytes: try read("-", console: console))
  }

  /// `--verbose`: one line per file rules discovery did not read.
  static func reportSkipped(_ skipped: [SkippedFile], console: Console) {
    for file in skipped { console.err("note: skipped '\(file.path)': \(file.reason)\n") }
  }

  static func printDiagnostics(
    _ compilation: Compilation, rules: String, console: Console, includeWarnings: Bool = true
  ) {
    let shown = compilation.diagnostics.filter { includeWarnings || $0.severity == .error }
    guard !shown.isEmpty else { return }
    console.err(render(shown, rules: rules, colors: console.stderrColors))
    if compilation.truncatedCount > 0 {
      console.err("\(compilation.truncatedCount) more diagnostics were truncated\n")
    }
  }

  /// Diagnostics as the compiler renders them, where one about the rule set as a whole (no source position,
  /// e.g. `no-placements`) is located at the rules path instead of `<rules>`.
  static func render(_ diagnostics: [Diagnostic], rules: String, colors: Bool) -> String {
    DiagnosticRenderer(colors: colors, rules: rules).render(diagnostics)
  }

  /// The `--now` instant, or the current time.
  static func now(_ text: String?) throws(CommandFailure) -> Instant {
    guard let text else {
      return Instant(millisecondsSince1970: Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)))
    }
    guard let instant = Instant(iso8601: text) else {
      throw CommandFailure(
        .usage,
        "--now must be an ISO-8601 instant with an offset (e.g. 2026-11-30T12:00:00Z) or a date, found '\(text)'")
    }
    return instant
  }

  /// Reads one profile file (`-`: standard input).
  /// - Throws: ``CommandFailure``: 66 for an input that cannot be opened or is empty, 65 for an invalid profile.
  static func profile(at path: String, console: Console) throws(CommandFailure) -> Profile {
    try profile(at: path, console: console).profile
  }

  /// The profile at `path` with the bytes it was read from (for commands that also read its other members).
  static func profile(at path: String, console: Console) throws(CommandFailure) -> (profile: Profile, bytes: [UInt8]) {
    let bytes = try read(path, console: console)
    let name = displayName(path)
    guard !bytes.isEmpty else { throw CommandFailure(.noInput, "cannot read '\(name)': empty input") }
    do {
      return (try Profile(jsonBytes: bytes), bytes)
    } catch {
      guard let position = error.position else { throw CommandFailure(.dataError, "\(name): \(error.message)") }
      // A second document on a later line: most likely a JSON Lines file, which `--profiles` reads.
      let hint =
        error.message.hasSuffix(JSONError.trailingData) && position.line > 1
        ? "; a file of one profile per line (JSON Lines) is read with --profiles" : ""
      throw CommandFailure(.dataError, error.message + hint, at: position.located(in: name))
    }
  }
}
