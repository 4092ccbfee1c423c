import Foundation

/// A file a command writes beside its standard output (`resolve --exposures FILE`): opened (created or
/// truncated) before any input is read, written with `write(2)` from byte buffers, closed at the end.
///
/// A failed write never crashes and never goes unnoticed: the first error is kept, later writes are dropped, and
/// ``close()`` reports it (exit 74, EX_IOERR), so a full disk cannot silently shorten an exposure log.
final class OutputFile {
  /// The path as given, for messages.
  let path: String
  private var descriptor: Int32
  private var failure: Int32 = 0

  /// Opens `path` for writing, creating it (mode 0644 before the umask) or truncating it.
  /// - Throws: ``CommandFailure``: usage (64) for `-` (standard output carries the decisions), I/O error (74)
  ///   when the file cannot be created (a missing folder, no permission, a directory).
  init(path: String, option: String) throws(CommandFailure) {
    guard path != "-" else {
      throw CommandFailure(.usage, "\(option) needs a file: standard output carries the decisions")
    }
    self.path = path
    descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw CommandFailure(.ioError, "cannot write '\(path)': \(String(cString: strerror(errno)))")
    }
  }

  /// Appends `bytes`; after a failure, does nothing.
  func write(_ bytes: [UInt8]) {
    guard failure == 0, !bytes.isEmpty else { return }
    failure = bytes.withUnsafeBytes { StreamWriteError.writeAll($0, to: descriptor) }
  }

  /// Closes the file.
  /// - Throws: ``CommandFailure`` (exit 74) naming the first write error, or a failed close.
  func close() throws(CommandFailure) {
    guard descriptor >= 0 else { return }
    if Foundation.close(descriptor) != 0, failure == 0 { failure = errno }
    descriptor = -1
    if failure != 0 {
      throw CommandFailure(.ioError, "cannot write '\(path)': \(String(cString: strerror(failure)))")
    }
  }

  deinit { if descriptor >= 0 { _ = Foundation.close(descriptor) } }
}
