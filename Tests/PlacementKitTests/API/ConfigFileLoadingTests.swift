import Foundation
import Testing

@testable import PlacementKit

/// Config files that contents name with `from "<path>"`: read from disk beside the rules, carried by bundles,
/// and counted in the rule set's version.
@Suite struct ConfigFileLoadingTests {
  static let rules = """
    placement main: paywall {
      default -> paywall pro
    }
    content paywall pro {
      config default "en" { "title": "Go pro" }
      config "de" from "configs/pro.de.json"
    }
    """

  func folder(config: String?) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("configs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("configs"), withIntermediateDirectories: true)
    try Self.rules.write(to: folder.appendingPathComponent("paywall.rules"), atomically: true, encoding: .utf8)
    if let config {
      try config.write(to: folder.appendingPathComponent("configs/pro.de.json"), atomically: true, encoding: .utf8)
    }
    return folder.path
  }

  @Test func aFolderReadsTheConfigFilesItsContentsName() throws {
    let path = try folder(config: #"{"title": "Werde Profi"}"#)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let compilation = try RuleSet.load(directory: path)
    #expect(compilation.diagnostics.isEmpty)
    let content = try #require(compilation.ruleSet?.content(id: "pro"))
    #expect(content.configs.map(\.path) == [nil, "configs/pro.de.json"])
    #expect(content.configs[1].value["title"] == .string("Werde Profi"))
  }

  @Test func aMissingConfigFileIsAnErrorAtItsPath() throws {
    let path = try folder(config: nil)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let compilation = try RuleSet.load(directory: path)
    #expect(compilation.diagnostics.map(\.code.id) == ["config-file-not-found"])
  }

  @Test func aConfigPathThatIsAFIFOOrAFolderIsNotFoundWithoutBlocking() throws {
    let path = try folder(config: nil)
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(mkfifo(path + "/configs/pro.de.json", 0o600) == 0)
    let compilation = try RuleSet.load(directory: path)
    #expect(compilation.diagnostics.map(\.code.id) == ["config-file-not-found"])
    try FileManager.default.removeItem(atPath: path + "/configs/pro.de.json")
    try FileManager.default.createDirectory(
      atPath: path + "/configs/pro.de.json", withIntermediateDirectories: false)
    #expect(try RuleSet.load(directory: path).diagnostics.map(\.code.id) == ["config-file-not-found"])
  }

  @Test func aBundleCarriesConfigFilesAndKeepsTheFoldersVersion() throws {
    let path = try folder(config: #"{"title": "Werde Profi"}"#)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let bundle = try RuleLoading.bundle(of: path, withTests: false, revision: nil, toolVersion: "test")
    let read = try RulesBundle.read(try bundle.archive())
    let sources = read.sources(named: "b")
    #expect(sources.map(\.kind) == [.config, .rules])
    let fromBundle = try Compilation.compile(sources).get()
    let fromFolder = try #require(try RuleSet.load(directory: path).ruleSet)
    #expect(fromBundle.version == fromFolder.version)
    #expect(fromBundle.content(id: "pro")?.configs[1].value["title"] == .string("Werde Profi"))
  }

  @Test func aChangedConfigFileChangesTheVersion() throws {
    let first = try folder(config: #"{"title": "Werde Profi"}"#)
    let second = try folder(config: #"{"title": "Profi werden"}"#)
    defer {
      try? FileManager.default.removeItem(atPath: first)
      try? FileManager.default.removeItem(atPath: second)
    }
    let a = try #require(try RuleSet.load(directory: first).ruleSet)
    let b = try #require(try RuleSet.load(directory: second).ruleSet)
    #expect(a.version != b.version)
  }
}
