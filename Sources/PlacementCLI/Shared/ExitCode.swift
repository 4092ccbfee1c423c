/// Exit statuses (sysexits.h where one fits), as documented in docs/CLI.md.
public enum ExitCode: Int32, Sendable {
  /// Success.
  case ok = 0
  /// Findings (lint), failed rule tests, or some batch lines failed.
  case findings = 1
  /// Bad command line (EX_USAGE).
  case usage = 64
  /// Bad input data: rules that do not compile, an unreadable profile or event file, an unknown placement
  /// (EX_DATAERR).
  case dataError = 65
  /// An input cannot be opened: missing, a directory where a file is expected (or the reverse), not readable,
  /// empty (EX_NOINPUT).
  case noInput = 66
  /// A service cannot start: its address is in use or cannot be bound (EX_UNAVAILABLE).
  case unavailable = 69
  /// An internal error (EX_SOFTWARE).
  case software = 70
  /// Reading an input or writing an output failed part-way (EX_IOERR).
  case ioError = 74
  /// Standard output (or error) is a closed pipe: the run ends quietly, as the default SIGPIPE would end it.
  case brokenPipe = 141
}

/// A failure that ends a command with an exit code and a message on stderr.
struct CommandFailure: Error {
  let code: ExitCode
  let message: String
  /// `FILE:LINE:COLUMN` of the bad input when it has one: printed before `error:`, as in rules diagnostics.
  let location: String?

  init(_ code: ExitCode, _ message: String, at location: String? = nil) {
    self.code = code
    self.message = message
    self.location = location
  }
}
