import Foundation

/// Where rule test files are: the `*.json` files directly in a folder (not in its subfolders, which may hold the
/// profiles and event streams the tests refer to). `placement test` and the language server's rename, which
/// renames what the tests beside the rules call by name, find them the same way.
package enum RuleTestFiles {
  /// Whether `path` names a directory.
  package static func directoryExists(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
  }

  /// The `*.json` files directly in `folder`, sorted.
  package static func jsonFiles(under folder: String) -> [String] {
    let found = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return found.filter { $0.hasSuffix(".json") && !directoryExists("\(folder)/\($0)") }.sorted()
      .map { "\(folder)/\($0)" }
  }
}
