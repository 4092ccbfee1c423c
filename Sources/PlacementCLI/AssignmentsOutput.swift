import Foundation
import PlacementKit

/// `resolve --assignments-out FILE`: the sticky assignments to persist, one JSON line per profile that drew a
/// new one, `{"profile_id":"p1","assignments":{"<version_id>":"<variation id>"}}` (docs/CLI.md). Lines come in
/// input order. The file is created (or emptied) before anything is resolved; a write error is reported once and
/// makes the command exit 74, the decisions on standard output are not affected.
final class AssignmentsOutput: @unchecked Sendable {
  let path: String
  private let descriptor: Int32
  /// The first write error, reported by ``close()``.
  private var failure: StreamWriteError?

  /// Opens `path` for writing, truncating it.
  /// - Throws: ``CommandFailure`` (exit 74) when it cannot be created.
  init(path: String) throws(CommandFailure) {
    self.path = path
    descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw CommandFailure(.ioError, "cannot write '\(path)': \(String(cString: strerror(errno)))")
    }
  }

  /// One line of the file for a profile and its new assignments (keys sorted, so the output is reproducible).
  static func line(profileID: String, _ assignments: [String: String], into bytes: inout [UInt8]) {
    var json = JSONWriter(reservingCapacity: 96)
    json.beginObject()
    json.key("profile_id")
    json.value(profileID)
    json.key("assignments")
    json.beginObject()
    for (version, variation) in assignments.sorted(by: { $0.key < $1.key }) {
      json.key(version)
      json.value(variation)
    }
    json.endObject()
    json.endObject()
    bytes += json.bytes
    bytes.append(UInt8(ascii: "\n"))
  }

  /// Appends lines (called from one thread at a time, in input order); after a failure nothing more is written.
  func write(_ bytes: [UInt8]) {
    guard failure == nil, !bytes.isEmpty else { return }
    do throws(StreamWriteError) {
      try StreamWriteError.writeAll(String(decoding: bytes, as: UTF8.self), to: descriptor)
    } catch {
      failure = error
    }
  }

  /// Closes the file.
  /// - Throws: ``CommandFailure`` (exit 74) when a write or the close failed.
  func close() throws(CommandFailure) {
    let closed = Foundation.close(descriptor) == 0 ? nil : StreamWriteError(code: errno)
    if let error = failure ?? closed { throw CommandFailure(.ioError, "cannot write '\(path)': \(error.reason)") }
  }
}
