import Foundation
import Synchronization

/// Where a command reads and writes. The real console writes the process's streams with `write(2)`; tests capture
/// output through closures.
///
/// A failed write never crashes the tool (docs/CLI.md, "Exit codes"): the first failure on a stream is recorded,
/// later writes to that stream are dropped, and ``finish(_:)`` turns it into the exit status: a closed pipe
/// (`EPIPE`) ends quietly with 141 (128 + SIGPIPE, what a shell shows when the default SIGPIPE stops a process),
/// any other error prints `error: cannot write standard output: <reason>` and exits 74 (EX_IOERR).
public final class Console: Sendable {
  private let writeOut: @Sendable (String) throws(StreamWriteError) -> Void
  private let writeErr: @Sendable (String) throws(StreamWriteError) -> Void
  /// Reads standard input line by line (nil at end of input); used only when ``standardInput`` is nil (tests).
  let readLine: @Sendable () -> String?
  /// Whether stdout/stderr are terminals (colour, progress lines).
  let stdoutIsTerminal: Bool
  let stderrIsTerminal: Bool
  /// Environment variables (NO_COLOR, TERM).
  let environment: [String: String]
  /// The directory relative paths are resolved against.
  let currentDirectory: String
  /// The process's standard input, read as bytes (no UTF-8 repair, CR kept, bounded line length); nil when
  /// input comes through `readLine` (tests).
  let standardInput: FileHandle?
  /// The descriptor of standard output when it is the process's own (1): ``out(buffer:)`` then writes byte buffers
  /// with `write(2)`, no `String` made; nil for a console whose output goes through a closure (tests).
  let outputDescriptor: Int32?
  /// The first write failure of each stream: standard output, standard error.
  private let failures = Mutex<(out: StreamWriteError?, err: StreamWriteError?)>((nil, nil))

  public init(
    out: @escaping @Sendable (String) throws(StreamWriteError) -> Void,
    err: @escaping @Sendable (String) throws(StreamWriteError) -> Void,
    readLine: @escaping @Sendable () -> String?,
    stdoutIsTerminal: Bool = false, stderrIsTerminal: Bool = false, environment: [String: String] = [:],
    currentDirectory: String = FileManager.default.currentDirectoryPath, standardInput: FileHandle? = nil,
    outputDescriptor: Int32? = nil
  ) {
    self.outputDescriptor = outputDescriptor
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
    Console(
      out: { text throws(StreamWriteError) in try StreamWriteError.writeAll(text, to: 1) },
      err: { text throws(StreamWriteError) in try StreamWriteError.writeAll(text, to: 2) },
      readLine: { Swift.readLine(strippingNewline: true) },
      stdoutIsTerminal: isatty(1) == 1, stderrIsTerminal: isatty(2) == 1,
      environment: ProcessInfo.processInfo.environment, standardInput: FileHandle.standardInput,
      outputDescriptor: 1)
  }

  func out(_ text: String) { write(text, toOutput: true) }
  func err(_ text: String) { write(text, toOutput: false) }

  /// Writes UTF-8 bytes to standard output: with `write(2)` straight from the buffer on the process's own stream
  /// (the batch writer's path: no per-chunk `String` or `Data` copy), through the output closure otherwise.
  /// `bytes` must stay alive for the call.
  func out(buffer bytes: UnsafeBufferPointer<UInt8>) {
    guard let outputDescriptor else { return out(String(decoding: bytes, as: UTF8.self)) }
    guard !failures.withLock({ $0.out != nil }) else { return }
    let code = StreamWriteError.writeAll(UnsafeRawBufferPointer(bytes), to: outputDescriptor)
    if code != 0 { record(StreamWriteError(code: code), toOutput: true) }
  }

  private func write(_ text: String, toOutput: Bool) {
    let failed = failures.withLock { toOutput ? $0.out != nil : $0.err != nil }
    guard !failed else { return }
    do {
      try (toOutput ? writeOut : writeErr)(text)
    } catch {
      record(error, toOutput: toOutput)
    }
  }

  /// Keeps the first failure of a stream; a closed pipe on either ends the run quietly.
  private func record(_ error: StreamWriteError, toOutput: Bool) {
    failures.withLock { state in
      if toOutput { state.out = error } else { state.err = error }
      // A closed pipe on either stream ends the run quietly: nothing more is written anywhere.
      if error.isBrokenPipe {
        state.out = state.out ?? error
        state.err = state.err ?? error
      }
    }
  }

  /// Whether writing standard output failed: long commands stop early, as nothing they print can be seen.
  var outputFailed: Bool { failures.withLock { $0.out != nil } }

  /// The exit status of a command that returned `status`, given the write failures seen (see the type's doc).
  func finish(_ status: Int32) -> Int32 {
    let (out, err) = failures.withLock { $0 }
    if out?.isBrokenPipe == true || err?.isBrokenPipe == true { return ExitCode.brokenPipe.rawValue }
    if let out {
      self.err("error: cannot write standard output: \(out.reason)\n")
      return ExitCode.ioError.rawValue
    }
    return err == nil ? status : ExitCode.ioError.rawValue
  }

  /// Colour only on a terminal whose `TERM` is not `dumb`, and never when `NO_COLOR` is set to a non-empty value
  /// (https://no-color.org: an empty `NO_COLOR` does not count).
  var stderrColors: Bool { stderrIsTerminal && colorsAllowed }
  var stdoutColors: Bool { stdoutIsTerminal && colorsAllowed }
  private var colorsAllowed: Bool { (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb" }
}

/// A write to standard output or standard error that failed, with the `errno` it failed with.
public struct StreamWriteError: Error, Sendable, Equatable {
  /// The `errno` value (`EPIPE`, `ENOSPC`, `EIO`…).
  public let code: Int32

  public init(code: Int32) { self.code = code }

  /// The system's text for the error, e.g. "No space left on device".
  public var reason: String { String(cString: strerror(code)) }
  var isBrokenPipe: Bool { code == EPIPE }

  /// Writes all of `text` to `descriptor`, retrying after interruptions, short writes and (for a non-blocking
  /// descriptor) until it is writable again.
  /// - Throws: the first other error.
  static func writeAll(_ text: String, to descriptor: Int32) throws(StreamWriteError) {
    var text = text
    let code = text.withUTF8 { bytes in writeAll(UnsafeRawBufferPointer(bytes), to: descriptor) }
    if code != 0 { throw StreamWriteError(code: code) }
  }

  /// Writes all of an array's `bytes` to `descriptor`, as the buffer form below does.
  static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
    bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
  }

  /// Writes all of `bytes` to `descriptor` (as ``writeAll(_:to:)-(String,_)``); the `errno` of the first other
  /// error, or 0.
  static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
    var offset = 0
    while offset < bytes.count {
      let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written >= 0 {
        offset += written
        continue
      }
      switch errno {
      case EINTR: continue
      case EAGAIN:
        var wait = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        _ = poll(&wait, 1, -1)
      case let other: return other
      }
    }
    return 0
  }
}
