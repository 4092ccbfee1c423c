import Foundation

/// Where a command reads and writes. The real console uses the process's streams; tests capture output.
public final class Console: @unchecked Sendable {
  private let writeOut: (String) -> Void
  private let writeErr: (String) -> Void
  /// Reads standard input line by line (nil at end of input).
  let readLine: () -> String?
  /// Whether stdout/stderr are terminals (colour, progress lines).
  let stdoutIsTerminal: Bool
  let stderrIsTerminal: Bool
  /// Environment variables (NO_COLOR).
  let environment: [String: String]
  /// The directory relative paths are resolved against.
  let currentDirectory: String
  /// The process's standard input, read as bytes by batch commands (no UTF-8 repair, bounded line length);
  /// nil when input comes through `readLine` (tests).
  let standardInput: FileHandle?

  public init(
    out: @escaping (String) -> Void, err: @escaping (String) -> Void, readLine: @escaping () -> String?,
    stdoutIsTerminal: Bool = false, stderrIsTerminal: Bool = false, environment: [String: String] = [:],
    currentDirectory: String = FileManager.default.currentDirectoryPath, standardInput: FileHandle? = nil
  ) {
    self.writeOut = out
    self.writeErr = err
    self.readLine = readLine
    self.stdoutIsTerminal = stdoutIsTerminal
    self.stderrIsTerminal = stderrIsTerminal
    self.environment = environment
    self.currentDirectory = currentDirectory
    self.standardInput = standardInput
  }

  /// The process's own standard streams.
  public static func standard() -> Console {
    let out = FileHandle.standardOutput
    let err = FileHandle.standardError
    return Console(
      out: { out.write(Data($0.utf8)) }, err: { err.write(Data($0.utf8)) },
      readLine: { Swift.readLine(strippingNewline: true) },
      stdoutIsTerminal: isatty(1) == 1, stderrIsTerminal: isatty(2) == 1,
      environment: ProcessInfo.processInfo.environment, standardInput: FileHandle.standardInput)
  }

  func out(_ text: String) { writeOut(text) }
  func err(_ text: String) { writeErr(text) }

  /// Colour on stderr only on a terminal and never with NO_COLOR set (https://no-color.org).
  var stderrColors: Bool { stderrIsTerminal && environment["NO_COLOR"] == nil }
  var stdoutColors: Bool { stdoutIsTerminal && environment["NO_COLOR"] == nil }
}
