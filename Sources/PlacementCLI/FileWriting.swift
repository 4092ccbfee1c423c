import Foundation

/// Writing files so that a reader never sees a partial one.
enum FileWriting {
  /// Replaces the file at `path` with `text`: writes a temporary file in the same directory (same file system),
  /// gives it the original's permissions, then renames it over the original (atomic on POSIX).
  /// - Throws: ``CommandFailure`` (exit 70) when the temporary file cannot be written or renamed; the original
  ///   is then unchanged.
  static func replace(_ path: String, with text: String) throws(CommandFailure) {
    let url = URL(fileURLWithPath: path)
    let temporary = url.deletingLastPathComponent().appendingPathComponent(
      ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString).tmp")
    let manager = FileManager.default
    do {
      try Data(text.utf8).write(to: temporary)
      if let permissions = try? manager.attributesOfItem(atPath: path)[.posixPermissions] {
        try manager.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporary.path)
      }
      guard rename(temporary.path, path) == 0 else {
        throw CommandFailure(.software, "cannot replace '\(path)': \(String(cString: strerror(errno)))")
      }
    } catch let failure as CommandFailure {
      try? manager.removeItem(at: temporary)
      throw failure
    } catch {
      try? manager.removeItem(at: temporary)
      throw CommandFailure(.software, "cannot write '\(path)': \(error.localizedDescription)")
    }
  }
}
