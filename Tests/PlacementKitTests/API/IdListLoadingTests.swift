import Foundation
import Testing

@testable import PlacementKit

/// Id list files that rules name with `list <name> from "<path>"`: read from disk beside the rules, carried by
/// bundles, counted in the rule set's version, and watched by a followed folder.
@Suite struct IdListLoadingTests {
  static let rules = """
    list vip_ids from "lists/vip_ids.txt"
    segment vip = profile_id in list vip_ids
    placement p: flow {
      vip -> flow vip
      default -> flow other
    }
    """

  func folder(list: String, name: String = "vip_ids.txt") throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lists-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("lists"), withIntermediateDirectories: true)
    try Self.rules.replacingOccurrences(of: "vip_ids.txt", with: name).write(
      to: folder.appendingPathComponent("p.rules"), atomically: true, encoding: .utf8)
    try list.write(to: folder.appendingPathComponent("lists/\(name)"), atomically: true, encoding: .utf8)
    return folder.path
  }

  func content(_ ruleSet: RuleSet, _ id: String) throws -> ShownContent {
    try ruleSet.resolve("p", for: ruleSet.bind(Profile(profileID: id))).content
  }

  @Test func aFolderReadsItsListsAndABundleCarriesThem() throws {
    let path = try folder(list: "u1\nu2\n")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let fromFolder = try RuleSet.load(directory: path).get()
    #expect(try content(fromFolder, "u2") == .flow(id: "vip", paywall: nil))
    #expect(try content(fromFolder, "u3") == .flow(id: "other", paywall: nil))
    let bundle = try RuleLoading.bundle(of: path, withTests: false, revision: nil, toolVersion: "test")
    let read = try RulesBundle.read(try bundle.archive())
    #expect(read.rules.map(\.path) == ["lists/vip_ids.txt", "p.rules"])
    let fromBundle = try Compilation.compile(read.sources(named: "b")).get()
    #expect(fromBundle.version == fromFolder.version)
    #expect(read.rulesVersion == fromFolder.version)
    #expect(try content(fromBundle, "u1") == .flow(id: "vip", paywall: nil))
  }

  @Test func aListNotNamedTxtIsRefusedByABundle() throws {
    let path = try folder(list: "u1\n", name: "vip_ids.csv")
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(throws: LoadError.self) {
      try RuleLoading.bundle(of: path, withTests: false, revision: nil, toolVersion: "test")
    }
  }

  @Test func aChangedListChangesTheVersionAndIsReloaded() throws {
    let path = try folder(list: "u1\n")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let store = RuleStore(try RuleSet.load(directory: path).get())
    let before = store.ruleSet.version
    let follower = RulesFollower(store: store, source: .folder(path))
    let reader = try #require(follower.reader as? FileSourceReader)
    #expect(follower.poll() == nil)
    try "u1\nu2\n".write(toFile: path + "/lists/vip_ids.txt", atomically: true, encoding: .utf8)
    #expect(follower.poll()?.outcome == .applied)
    #expect(reader.reads.withLock { $0 } == 1)
    #expect(store.ruleSet.version != before)
    #expect(try content(store.ruleSet, "u2") == .flow(id: "vip", paywall: nil))
    #expect(follower.poll() == nil)
    #expect(reader.reads.withLock { $0 } == 1)
  }
}
