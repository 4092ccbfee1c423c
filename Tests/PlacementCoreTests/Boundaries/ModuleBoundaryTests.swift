import Foundation
import TestSupport
import Testing

/// docs/Contributing.md's "core free of Foundation", stated by the module layout: no file of
/// `Sources/PlacementCore` imports Foundation (or its parts), and the core imports only the standard library's
/// `Synchronization` and the C library (`Glibc`/`Darwin`, for the clock). SwiftPM cannot forbid an import
/// without `unsafeFlags`, which would stop backends from depending on the package, so this test (and the same
/// grep in `.ci/run`) is the check.
@Suite struct ModuleBoundaryTests {
  /// Modules the core may import.
  static let allowedInCore: Set<String> = ["Synchronization", "Glibc", "Darwin", "Musl"]

  static var packageRoot: URL { repositoryRoot }

  /// The modules `text` imports, with their 1-based line: `import M`, `@testable import M`,
  /// `import struct M.Type`, `@_exported import M.Sub` (the first path component is the module).
  static func imports(in text: String) -> [(line: Int, module: String)] {
    var found: [(line: Int, module: String)] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      var words = line.split(separator: " ").map(String.init)
      while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
      guard words.first == "import", words.count >= 2 else { continue }
      let kinds: Set<String> = ["struct", "class", "enum", "protocol", "typealias", "func", "let", "var"]
      let path = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
      found.append((index + 1, String(path.split(separator: ".").first ?? "")))
    }
    return found
  }

  @Test func coreImportsNoFoundation() throws {
    let core = Self.packageRoot.appendingPathComponent("Sources/PlacementCore")
    let enumerator = try #require(FileManager.default.enumerator(at: core, includingPropertiesForKeys: nil))
    var checked = 0
    for case let url as URL in enumerator where url.pathExtension == "swift" {
      checked += 1
      let text = try String(contentsOf: url, encoding: .utf8)
      for (line, module) in Self.imports(in: text) where !Self.allowedInCore.contains(module) {
        let file = url.path.replacingOccurrences(of: Self.packageRoot.path + "/", with: "")
        Issue.record("\(file):\(line): PlacementCore imports \(module); the core stays free of Foundation")
      }
    }
    // The layout: the core holds the pipeline, well over a hundred files.
    #expect(checked > 100, "only \(checked) Swift files under Sources/PlacementCore")
  }

  /// The layering of docs/Architecture.md: the core at the bottom; the formatter and the analysis on it, side by
  /// side (neither imports the other); the facade on those; the language server and the decision service on the
  /// facade, side by side; the CLI on top. SwiftPM puts every module in one search path, so an import against the
  /// layering can compile in an incremental build; this names it.
  @Test(arguments: [
    (
      "Sources/PlacementCore",
      ["PlacementFormat", "PlacementAnalysis", "PlacementKit", "PlacementLSP", "PlacementCLI"]
    ),
    ("Sources/PlacementFormat", ["PlacementAnalysis", "PlacementKit", "PlacementLSP", "PlacementCLI"]),
    ("Sources/PlacementAnalysis", ["PlacementFormat", "PlacementKit", "PlacementLSP", "PlacementCLI"]),
    ("Sources/PlacementKit", ["PlacementLSP", "PlacementServer", "PlacementCLI"]),
    ("Sources/PlacementLSP", ["PlacementServer", "PlacementCLI"]),
    ("Sources/PlacementServer", ["PlacementLSP", "PlacementCLI"]),
  ])
  func noModuleImportsOneAboveIt(folder: String, above: [String]) throws {
    let root = Self.packageRoot.appendingPathComponent(folder)
    let enumerator = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
    var checked = 0
    for case let url as URL in enumerator where url.pathExtension == "swift" {
      checked += 1
      for (line, module) in Self.imports(in: try String(contentsOf: url, encoding: .utf8)) where above.contains(module)
      {
        Issue.record("\(folder)/\(url.lastPathComponent):\(line) imports \(module), a module above it")
      }
    }
    #expect(checked > 5, "only \(checked) Swift files under \(folder)")
  }

  /// The formatter lays out the syntax tree and nothing else: it imports the core alone (so no Foundation).
  @Test func theFormatterImportsOnlyTheCore() throws {
    let root = Self.packageRoot.appendingPathComponent("Sources/PlacementFormat")
    let enumerator = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
    var modules = Set<String>()
    for case let url as URL in enumerator where url.pathExtension == "swift" {
      modules.formUnion(Self.imports(in: try String(contentsOf: url, encoding: .utf8)).map(\.module))
    }
    #expect(modules == ["PlacementCore"])
  }

  @Test func theScanSeesEveryFormOfImport() {
    let text = """
      import Synchronization
      import Foundation
        @preconcurrency import FoundationEssentials
      import struct Foundation.Data
      // import Foundation (a comment)
      """
    #expect(Self.imports(in: text).map(\.line) == [1, 2, 3, 4])
    #expect(
      Self.imports(in: text).map(\.module) == ["Synchronization", "Foundation", "FoundationEssentials", "Foundation"])
  }
}
