import Foundation

/// The checkout's root, the folder holding `Package.swift`, found from this file's place in the source tree: how
/// tests reach the shipped `Rules/`, `Examples/`, `docs/` and `Sources/`, and the fixtures of a test target
/// (``fixtures(of:)``).
public let repositoryRoot: URL = {
  var url = URL(fileURLWithPath: #filePath)
  while url.path != "/" {
    url.deleteLastPathComponent()
    if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
  }
  return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
}()

/// The one fixture locator: the `Fixtures` folder of test target `target` in the source tree
/// (`Tests/<target>/Fixtures`), where its tests read their data files and golden files are recorded.
public func fixtures(of target: String) -> URL {
  repositoryRoot.appendingPathComponent("Tests/\(target)/Fixtures")
}
