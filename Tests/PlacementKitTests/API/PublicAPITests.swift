import Foundation
import TestSupport
import Testing

/// What a backend sees of `import PlacementKit`: code outside the package compiles against
/// the built modules, and the engine's IR does not. This test target shares the package's name, so it sees every
/// `package` declaration, as `backend-example` does; only a client that `swiftc` compiles without
/// `-package-name` (and without `@testable`) sees what a backend sees, so each test type-checks one.
@Suite struct PublicAPITests {
  static var packageRoot: URL { repositoryRoot }

  /// The build folder's `Modules/`, where SwiftPM put PlacementKit's (and its dependencies') `.swiftmodule`s.
  static var modules: URL {
    Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("Modules")
  }

  /// Type-checks `files` as a client of the built modules, in the package's language mode: the exit status and
  /// the compiler's output.
  static func typecheck(_ files: [URL]) throws -> (status: Int32, output: String) {
    try run(["swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path] + files.map(\.path))
  }

  /// Runs a toolchain command (found on `PATH`) in `directory`: its exit status and its output and errors.
  static func run(_ arguments: [String], in directory: URL? = nil) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, output)
  }

  static func scratchFile(_ name: String, _ text: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("PublicAPITests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  @Test func theBackendExampleCompilesAsAClientOutsideThePackage() throws {
    let example = Self.packageRoot.appendingPathComponent("Examples/BackendExample")
    let files = try FileManager.default.contentsOfDirectory(at: example, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    #expect(files.map(\.lastPathComponent) == ["main.swift"])
    let (status, output) = try Self.typecheck(files)
    #expect(status == 0, "Examples/BackendExample needs more than the public API:\n\(output)")
  }

  /// Stand-ins for what the DocC articles' samples take from their surroundings (a logger, a request, …).
  static let samplePrelude = """
    import PlacementKit

    struct Logger { func warning(_ s: String) {}; func info(_ s: String) {}; func error(_ s: String) {} }
    struct Request { var userID = ""; var country = ""; var appVersion = "" }
    struct Event { var name = ""; var params: [String: any Sendable] = [:] }
    let logger = Logger()
    let request = Request()
    let event = Event()
    let body: [UInt8] = []
    func show(flow: String, paywall: String?) {}
    func show(paywall: String) {}
    func showNothing() {}
    let store = RuleStore(try! RuleSet.compile(text: "").get())
    let rules = store.ruleSet
    nonisolated(unsafe) var profile = Profile(id: "p")

    """

  @Test func theDocCSamplesCompileAsAClientOutsideThePackage() throws {
    let catalog = Self.packageRoot.appendingPathComponent("Sources/PlacementKit/PlacementKit.docc")
    var text = Self.samplePrelude
    var origins: [(firstLine: Int, origin: String)] = []
    let articles = try FileManager.default.contentsOfDirectory(at: catalog, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path }
    for article in articles {
      let lines = try String(contentsOf: article, encoding: .utf8).components(separatedBy: "\n")
      var index = 0
      while index < lines.count {
        defer { index += 1 }
        guard lines[index] == "```swift" else { continue }
        let start = index + 1
        guard let end = lines[start...].firstIndex(of: "```") else { break }
        // A package manifest is checked by EmbeddingDocsTests, with SwiftPM.
        if lines[start].hasPrefix("// swift-tools-version") {
          index = end
          continue
        }
        // Each sample in a function of its own, so that samples may reuse names; `import` is the prelude's.
        text += "func sample\(origins.count)() throws {\n"
        origins.append((text.components(separatedBy: "\n").count, "\(article.lastPathComponent):\(start + 1)"))
        text += lines[start..<end].filter { $0 != "import PlacementKit" }.joined(separator: "\n") + "\n}\n"
        index = end
      }
    }
    #expect(origins.count >= 9, "the articles' Swift samples: \(origins.map(\.origin))")
    let (status, output) = try Self.typecheck([try Self.scratchFile("samples.swift", text)])
    // Each error's line, as the sample (article and line) it is in.
    let failing = Set(
      output.components(separatedBy: "\n").compactMap { line -> String? in
        guard line.contains(": error: "), let number = Int(line.split(separator: ":").dropFirst().first ?? "") else {
          return nil
        }
        return origins.last { $0.firstLine <= number }?.origin ?? "the prelude"
      })
    #expect(status == 0, "DocC samples that do not compile for a backend: \(failing.sorted())\n\(output)")
  }

  /// The IR (`Condition`, `Predicate`, `ValueTest`, `Checker`, the compiled `Program`), the checked model
  /// (`SegmentDefinition`, …) and `Compilation.model` are `package`: a backend cannot name them, so changing them
  /// breaks no embedder.
  @Test func theIRIsNotPartOfThePublicAPI() throws {
    let probe = """
      import PlacementKit
      let condition: Condition? = nil
      let predicate: Predicate? = nil
      let test: ValueTest? = nil
      let checker: Checker? = nil
      let program: Program? = nil
      func model(_ compilation: Compilation) { _ = compilation.model }
      func conditions(_ segment: SegmentDefinition) { _ = segment.condition }
      """
    let (status, output) = try Self.typecheck([try Self.scratchFile("probe.swift", probe)])
    #expect(status != 0)
    let expected = [
      "probe.swift:2:16: error: cannot find type 'Condition' in scope",
      "probe.swift:3:16: error: cannot find type 'Predicate' in scope",
      "probe.swift:4:11: error: cannot find type 'ValueTest' in scope",
      "probe.swift:5:14: error: cannot find type 'Checker' in scope",
      "probe.swift:6:14: error: cannot find type 'Program' in scope",
      "probe.swift:8:28: error: cannot find type 'SegmentDefinition' in scope",
      "probe.swift:7:58: error: 'model' is inaccessible due to 'package' protection level",
    ]
    let errors = output.components(separatedBy: "\n").filter { $0.contains(": error: ") }
      .map { $0.replacingOccurrences(of: #"^.*/"#, with: "", options: .regularExpression) }
    #expect(errors == expected)
  }

  /// The exported surface is the reviewed list `Fixtures/public-api.txt`: a change to what a backend can name is a
  /// diff of that file. Re-record it with `PLACEMENT_RECORD_GOLDEN=1` (docs/Contributing.md).
  @Test func theExportedDeclarationsAreTheReviewedList() throws {
    let list = try PublicAPISurface.list(packageRoot: Self.packageRoot)
    expectGolden(list, at: fixtures(of: "PlacementKitTests").appendingPathComponent("public-api.txt"))
  }

  /// The DocC catalog's topics name every exported type, and only those (a link to a type that is not public
  /// already fails `scripts/docs.sh --check`; this finds the exported type the topics forgot).
  @Test func theDocCTopicsListExactlyTheExportedTypes() throws {
    let list = try PublicAPISurface.list(packageRoot: Self.packageRoot)
    let exported = Set(
      list.split(separator: "\n").compactMap { line -> String? in
        let words = line.split(separator: " ")
        guard words.count > 2, !words[0].contains("."), let kind = words.firstIndex(where: { Self.kinds.contains($0) }),
          kind + 1 < words.count
        else { return nil }
        return String(words[kind + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
      })
    let topics = try String(
      contentsOf: Self.packageRoot.appendingPathComponent("Sources/PlacementKit/PlacementKit.docc/PlacementKit.md"),
      encoding: .utf8)
    let listed = Set(
      topics.split(separator: "\n").compactMap { line -> String? in
        guard line.hasPrefix("- ``"), line.hasSuffix("``") else { return nil }
        let symbol = line.dropFirst(4).dropLast(2)
        return symbol.contains("/") || symbol.contains("(") ? nil : String(symbol)
      })
    #expect(exported.subtracting(listed).sorted() == [], "exported types missing from PlacementKit.md's topics")
    #expect(listed.subtracting(exported).sorted() == [], "PlacementKit.md's topics name types that are not exported")
  }

  static let kinds: Set<Substring> = ["struct", "enum", "class", "protocol", "actor", "typealias"]
}
