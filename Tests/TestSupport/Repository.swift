import Foundation

/// The checkout's root, the folder holding `Package.swift`, found from this file's place in the source tree: how
/// tests reach the shipped `Rules/`, `Examples/`, `docs/` and `Sources/`, and the fixtures of a test target where
/// golden files are recorded (`repositoryRoot.appendingPathComponent("Tests/<target>/Fixtures")`).
public let repositoryRoot: URL = {
  var url = URL(fileURLWithPath: #filePath)
  while url.path != "/" {
    url.deleteLastPathComponent()
    if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
  }
  return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
}()
