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

  /// Refuses outputs that would overwrite an input or each other: opening an output truncates it, so
  /// `--profiles in.jsonl --exposures in.jsonl` would empty the input before reading a line, and two outputs on
  /// one file would overwrite each other's lines. Regular files are compared by identity (device and inode, so
  /// `./a` and `a` are one file), a path that does not exist yet by its text; devices such as `/dev/null` may
  /// take several outputs. `-` (standard input) is never a clash.
  /// - Throws: ``CommandFailure`` (usage, 64) naming both options and the path.
  static func checkDistinct(outputs: [(option: String, path: String)], inputs: [(option: String, path: String)])
    throws(CommandFailure)
  {
    func identity(_ path: String) -> String? {
      var info = stat()
      guard path != "-" else { return nil }
      guard stat(path, &info) == 0 else { return "path:" + path }
      return (info.st_mode & S_IFMT) == S_IFREG ? "file:\(info.st_dev):\(info.st_ino)" : nil
    }
    var seen: [(option: String, path: String, identity: String)] = []
    for (index, file) in (inputs + outputs).enumerated() {
      guard let id = identity(file.path) else { continue }
      if index >= inputs.count, let earlier = seen.first(where: { $0.identity == id }) {
        let what =
          inputs.contains { $0.option == earlier.option }
          ? "opening it for writing would empty that input" : "each would overwrite the other's lines"
        throw CommandFailure(
          .usage, "\(file.option) '\(file.path)' is the file of \(earlier.option) '\(earlier.path)': \(what)")
      }
      seen.append((file.option, file.path, id))
    }
  }

  /// Appends `bytes`; after a failure, does nothing.
  func write(_ bytes: [UInt8]) {
    guard failure == 0, !bytes.isEmpty else { return }
    failure = StreamWriteError.writeAll(bytes, to: descriptor)
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
