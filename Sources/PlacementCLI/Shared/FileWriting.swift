import Foundation

/// Writing files so that a reader never sees a partial one.
enum FileWriting {
  /// Replaces the file at `path` with `text`: writes a temporary file in the same directory (same file system),
  /// gives it the original's permissions, then renames it over the original (atomic on POSIX). A symbolic link
  /// is followed: its target is rewritten (keeping the target's mode) and the link stays a link. A device, FIFO
  /// or socket is written in place (``writeInPlace(_:target:_:)``).
  /// - Throws: ``CommandFailure`` (exit 74, EX_IOERR) when the temporary file cannot be written, given the
  ///   mode, or renamed (a full disk, a read-only folder); the original is then unchanged.
  static func replace(_ path: String, with text: String) throws(CommandFailure) {
    try replace(path, with: Array(text.utf8))
  }

  /// Replaces the file at `path` with `bytes`, as ``replace(_:with:)-(_,String)`` does with text.
  static func replace(_ path: String, with bytes: [UInt8]) throws(CommandFailure) {
    let target = resolvingLinks(path)
    var node = stat()
    if stat(target, &node) == 0, node.st_mode & S_IFMT != S_IFREG, node.st_mode & S_IFMT != S_IFDIR {
      return try writeInPlace(path, target: target, bytes)
    }
    let url = URL(fileURLWithPath: target)
    let temporary = url.deletingLastPathComponent().appendingPathComponent(
      ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString).tmp")
    let manager = FileManager.default
    do {
      try Data(bytes).write(to: temporary)
      var info = stat()
      if stat(target, &info) == 0 {
        guard chmod(temporary.path, info.st_mode & 0o7777) == 0 else {
          throw CommandFailure(.ioError, "cannot keep the mode of '\(path)': \(String(cString: strerror(errno)))")
        }
      }
      guard rename(temporary.path, target) == 0 else {
        throw CommandFailure(.ioError, "cannot replace '\(path)': \(String(cString: strerror(errno)))")
      }
    } catch let failure as CommandFailure {
      try? manager.removeItem(at: temporary)
      throw failure
    } catch {
      try? manager.removeItem(at: temporary)
      throw CommandFailure(.ioError, "cannot write '\(path)': \(reason(error))")
    }
  }

  /// Writes to a device, FIFO or socket (`/dev/null`, `/dev/stdout`, a process substitution) through the node
  /// itself: renaming a temporary file over it would replace the node with a regular file.
  /// - Throws: ``CommandFailure`` (exit 74) when it cannot be opened or written.
  static func writeInPlace(_ path: String, target: String, _ bytes: [UInt8]) throws(CommandFailure) {
    guard let handle = FileHandle(forWritingAtPath: target) else {
      throw CommandFailure(.ioError, "cannot write '\(path)': \(String(cString: strerror(errno)))")
    }
    do {
      try handle.write(contentsOf: Data(bytes))
      try handle.close()
    } catch {
      throw CommandFailure(.ioError, "cannot write '\(path)': \(reason(error))")
    }
  }

  /// The system's words for a failed write (`No such file or directory`), as the other I/O errors give them;
  /// Foundation's own sentence only when the error carries no POSIX code.
  static func reason(_ error: any Error) -> String {
    let error = error as NSError
    if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(truncatingIfNeeded: error.code))) }
    // Bridged as an `Error`: on Linux the stored value does not cast to `NSError` directly.
    if let underlying = error.userInfo[NSUnderlyingErrorKey] as? any Error,
      case let posix = underlying as NSError, posix.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32(truncatingIfNeeded: posix.code)))
    }
    return error.localizedDescription
  }

  /// The file a path finally names once every symbolic link on it is followed (the path itself when it has
  /// none or cannot be resolved).
  static func resolvingLinks(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
