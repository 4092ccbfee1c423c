import BenchmarkWorkload
import Foundation

extension RulesGenerator {
  /// Writes `text` into `folder` as `rules-N.rules` files of at most `maxBytes` bytes each (under the parser's
  /// 4 MiB file limit), cut before a line that starts a declaration; returns the paths written.
  static func write(_ text: String, into folder: String, maxBytes: Int = 3 << 20) throws -> [String] {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var files: [String] = []
    var current = ""
    func flush() throws {
      guard !current.isEmpty else { return }
      let path = folder + "/rules-\(files.count).rules"
      try current.write(toFile: path, atomically: true, encoding: .utf8)
      files.append(path)
      current = ""
    }
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
      let starts = line.hasPrefix("segment ") || line.hasPrefix("placement ")
      if starts, current.utf8.count + line.utf8.count >= maxBytes { try flush() }
      current += line + "\n"
    }
    try flush()
    return files
  }
}
