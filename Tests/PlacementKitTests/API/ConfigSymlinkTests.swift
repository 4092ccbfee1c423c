import Foundation
import Testing

@testable import PlacementKit

/// A config file is read only when it is inside the rules folder once symbolic links are followed: a link that
/// leads outside is `config-file-not-found` at the `from` path, one that stays inside is read.
@Suite struct ConfigSymlinkTests {
  @Test func aSymlinkLeadingOutsideTheRulesFolderIsNotRead() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("symlinks-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: base) }
    try FileManager.default.createDirectory(atPath: base + "/rules/configs", withIntermediateDirectories: true)
    try ConfigFileLoadingTests.rules.write(toFile: base + "/rules/paywall.rules", atomically: true, encoding: .utf8)
    try #"{"title": "secret"}"#.write(toFile: base + "/outside.json", atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: base + "/rules/configs/pro.de.json", withDestinationPath: "../../outside.json")

    let outside = try RuleSet.load(directory: base + "/rules")
    #expect(outside.diagnostics.map(\.code.id) == ["config-file-not-found"])
    let at = try #require(outside.diagnostics.first?.span)
    #expect(at.file.name.hasSuffix("paywall.rules"))
    #expect("\(at.file.location(of: at.range.start))" == "6:20")
    #expect(outside.ruleSet == nil)

    try FileManager.default.removeItem(atPath: base + "/rules/configs/pro.de.json")
    try #"{"title": "Werde Profi"}"#.write(toFile: base + "/rules/de.json", atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: base + "/rules/configs/pro.de.json", withDestinationPath: "../de.json")
    let inside = try RuleSet.load(directory: base + "/rules")
    #expect(inside.diagnostics.isEmpty)
    #expect(inside.ruleSet?.content(id: "pro")?.configs[1].value["title"] == .string("Werde Profi"))
  }

  @Test func theRulesFolderIsFoundFromTheRulesFilesPathInside() {
    #expect(
      RuleLoading.rulesFolder(of: RuleSource(name: "Rules/sub/p.rules", bytes: [], path: "sub/p.rules")) == "Rules")
    #expect(RuleLoading.rulesFolder(of: RuleSource(name: "p.rules", bytes: [], path: "p.rules")) == ".")
    #expect(RuleLoading.rulesFolder(of: RuleSource(name: "/x/a.rules", bytes: [], path: "b.rules")) == "/x")
  }
}
