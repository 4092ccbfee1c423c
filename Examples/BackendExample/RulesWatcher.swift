import Foundation

/// Polls a rules folder once a second and calls `changed` when a `*.rules` file was added, removed or modified
/// (its modification time or size changed). Polling needs no dependency and works on every platform.
final class RulesWatcher: Sendable {
  let folder: String
  let interval: Duration
  let changed: @Sendable () -> Void

  init(folder: String, interval: Duration = .seconds(1), changed: @escaping @Sendable () -> Void) {
    self.folder = folder
    self.interval = interval
    self.changed = changed
  }

  /// Starts polling on a background task; runs until the process exits.
  func start() {
    Task.detached { [self] in
      var last = fingerprint()
      while true {
        try? await Task.sleep(for: interval)
        let now = fingerprint()
        if now != last {
          last = now
          changed()
        }
      }
    }
  }

  /// Path, modification time and size of every `*.rules` file below the folder.
  func fingerprint() -> [String: [Double]] {
    let manager = FileManager.default
    var files: [String: [Double]] = [:]
    for path in (manager.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? [])
    where path.hasSuffix(".rules") {
      let attributes = try? manager.attributesOfItem(atPath: folder + "/" + path)
      let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
      let size = (attributes?[.size] as? NSNumber)?.doubleValue ?? 0
      files[path] = [modified, size]
    }
    return files
  }
}
