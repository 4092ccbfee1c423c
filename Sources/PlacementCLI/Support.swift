import Foundation
import PlacementKit

/// Helpers shared by commands: reading files, compiling rules, parsing `--now`.
enum Support {
  /// Reads a whole file (or standard input for `-`).
  static func read(_ path: String, console: Console) throws(CommandFailure) -> [UInt8] {
    if path == "-" {
      var lines: [String] = []
      while let line = console.readLine() { lines.append(line) }
      return Array(lines.joined(separator: "\n").utf8)
    }
    guard FileManager.default.fileExists(atPath: path) else {
      throw CommandFailure(.noInput, "no such file: '\(path)'")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CommandFailure(.noInput, "cannot read '\(path)'")
    }
    return [UInt8](data)
  }

  /// Compiles the rules at `path`; prints diagnostics on stderr. Errors end the command with exit 65.
  static func compileRules(_ path: String?, console: Console) throws(CommandFailure) -> RuleSet {
    let compilation = try compilation(path, console: console)
    printDiagnostics(compilation, console: console)
    guard let ruleSet = compilation.ruleSet else {
      let count = compilation.diagnostics.filter { $0.severity == .error }.count + compilation.truncatedCount
      throw CommandFailure(.dataError, "rules do not compile: \(count) error\(count == 1 ? "" : "s")")
    }
    return ruleSet
  }

  static func compilation(_ path: String?, console: Console) throws(CommandFailure) -> Compilation {
    do {
      return try RuleLoading.compile(paths: [path ?? "Rules"])
    } catch {
      throw CommandFailure(
        .noInput, error.message + (path == nil ? " (run from the project folder or pass --rules PATH)" : ""))
    }
  }

  static func printDiagnostics(_ compilation: Compilation, console: Console, includeWarnings: Bool = true) {
    let shown = compilation.diagnostics.filter { includeWarnings || $0.severity == .error }
    guard !shown.isEmpty else { return }
    console.err(DiagnosticRenderer(colors: console.stderrColors).render(shown))
    if compilation.truncatedCount > 0 {
      console.err("\(compilation.truncatedCount) more diagnostics were truncated\n")
    }
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

  /// Reads one profile file.
  static func profile(at path: String, console: Console) throws(CommandFailure) -> Profile {
    let bytes = try read(path, console: console)
    do {
      return try Profile(jsonBytes: bytes)
    } catch {
      throw CommandFailure(.dataError, "\(path): \(error.message)")
    }
  }
}
