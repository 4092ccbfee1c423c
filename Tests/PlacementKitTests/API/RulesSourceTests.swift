import Foundation
import Testing

@testable import PlacementKit

/// Where rules come from: naming a source from an argument, following a bundle file, the revision order, the
/// back-off of failed polls, and the status a store reports.
@Suite struct RulesSourceTests {
  static func scratchFolder() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("source-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  static func write(_ bytes: [UInt8], to path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
  }

  @Test func anArgumentNamesAURLAFolderABundleOrARulesFile() throws {
    let folder = try Self.scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try RuleStoreTests.rules(generation: 0).write(toFile: folder + "/a.rules", atomically: true, encoding: .utf8)
    try Self.write(try RulesFollowerHTTPTests.bundle(generation: 0, revision: nil), to: folder + "/rules.bundle")
    let url = "https://rules.example.com/app/rules.bundle?v=1"
    #expect(try RulesSource(parsing: url) == .url(URL(string: url)!))
    #expect(try RulesSource(parsing: "HTTP://127.0.0.1:8080/b") == .url(URL(string: "HTTP://127.0.0.1:8080/b")!))
    #expect(try RulesSource(parsing: folder) == .folder(folder))
    #expect(try RulesSource(parsing: folder + "/rules.bundle") == .bundle(folder + "/rules.bundle"))
    #expect(try RulesSource(parsing: folder + "/a.rules") == .folder(folder + "/a.rules"))
    #expect(try RulesSource(parsing: url).description == url)
    #expect(throws: LoadError(path: "https://", message: "'https://' is not a valid http or https URL")) {
      try RulesSource(parsing: "https://")
    }
    let missing = folder + "/missing.bundle"
    #expect(throws: LoadError(path: missing, message: "no such file or directory: '\(missing)'")) {
      try RulesSource(parsing: missing)
    }
  }

  @Test func sequencedRevisionsAreOrderedByTheirNumber() {
    #expect(BundleRevision.isOlder("11-a", than: "12-b"))
    #expect(BundleRevision.isOlder("11-a", than: "0012-b"))
    #expect(BundleRevision.isOlder("9-a", than: "10-b"))
    #expect(BundleRevision.isOlder("1733220000-c256b63", than: "1733220001-0000000"))
    #expect(!BundleRevision.isOlder("12-a", than: "12-b"))
    #expect(!BundleRevision.isOlder("13-a", than: "12-b"))
    // Not sequenced: commit ids (even all digits), empty numbers, no revision.
    #expect(!BundleRevision.isOlder("1234567", than: "7654321"))
    #expect(!BundleRevision.isOlder("c256b63", than: "12-b"))
    #expect(!BundleRevision.isOlder("-1", than: "12-b"))
    #expect(!BundleRevision.isOlder("1٢-b", than: "13-b"))
    #expect(!BundleRevision.isOlder(nil, than: "12-b"))
    #expect(!BundleRevision.isOlder("11-a", than: nil))
  }

  @Test func failedPollsBackOffUpToALimit() throws {
    let store = try RuleStoreTests.store()
    let every30s = RulesFollower(store: store, source: .folder("/nonexistent"), interval: .seconds(30))
    #expect((0...6).map(every30s.delay(afterFailures:)) == [30, 60, 120, 240, 300, 300, 300].map(Duration.seconds))
    #expect(every30s.delay(afterFailures: 10_000) == .seconds(300))
    let hourly = RulesFollower(store: store, source: .folder("/nonexistent"), interval: .seconds(3600))
    #expect((0...2).map(hourly.delay(afterFailures:)) == [3600, 3600, 3600].map(Duration.seconds))
    let fast = RulesFollower(store: store, source: .folder("/nonexistent"), interval: .milliseconds(250))
    #expect((0...2).map(fast.delay(afterFailures:)) == [250, 500, 1000].map(Duration.milliseconds))
  }

  /// A bundle file is followed as a URL is, by its stamp instead of an `ETag`; a broken file is refused once and
  /// its failure stands until the file changes again.
  @Test func aBundleFileIsFollowedAndABadOneRefused() throws {
    let folder = try Self.scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/rules.bundle"
    try Self.write(try RulesFollowerHTTPTests.bundle(generation: 1, revision: "1-a"), to: path)
    let store = try RuleStore(source: .bundle(path), cache: folder + "/cache.bundle")
    #expect(store.status.revision == "1-a")
    #expect(store.status.source == .bundle(path))
    let follower = RulesFollower(store: store, source: .bundle(path), cache: folder + "/cache.bundle")
    #expect(follower.poll() == nil)
    let second = try RulesFollowerHTTPTests.bundle(generation: 2, revision: "2-b")
    try Self.write(second, to: path)
    #expect(follower.poll()?.outcome == .applied)
    #expect(try RulesFollowerHTTPTests.served(store) == "g2_mid")
    #expect(try FileReading.contents(of: folder + "/cache.bundle") == second)
    try Self.write(Array("not a bundle".utf8), to: path)
    let refused = try #require(follower.poll())
    #expect(refused.loadError?.isInvalidBundle == true)
    #expect(follower.poll() == nil)
    #expect(store.status.consecutiveFailures == 1)
    #expect(store.status.lastError == refused.loadError?.message)
    try Self.write(try RulesFollowerHTTPTests.bundle(generation: 3, revision: "3-c"), to: path)
    #expect(follower.poll()?.outcome == .applied)
    #expect(store.status.consecutiveFailures == 0)
    #expect(try RulesFollowerHTTPTests.served(store) == "g3_mid")
  }

  /// A folder source keeps no cache and reports a folder that cannot be read as it does rules with errors.
  @Test func aFolderSourceReportsItsStatus() throws {
    let folder = try Self.scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try RuleStoreTests.rules(generation: 0).write(toFile: folder + "/a.rules", atomically: true, encoding: .utf8)
    let time = PthreadLocked(Instant(iso8601: "2026-12-03T10:00:00Z")!)
    let store = try RuleStore(source: .folder(folder), cache: folder + "/cache.bundle") { time.withLock { $0 } }
    let follower = RulesFollower(store: store, source: .folder(folder), cache: folder + "/cache.bundle")
    #expect(follower.cache == nil)
    try RuleStoreTests.broken.write(toFile: folder + "/a.rules", atomically: true, encoding: .utf8)
    time.withLock { $0 = $0.adding(milliseconds: 90_500) }
    #expect(follower.poll()?.outcome == .rejected)
    #expect(!FileManager.default.fileExists(atPath: folder + "/cache.bundle"))
    let status = store.status
    #expect(
      status.jsonValue(at: time.withLock { $0 })
        == [
          "source": .string(folder), "rules_version": .string(store.ruleSet.version), "revision": .null,
          "version": 1, "installed_at": "2026-12-03T10:00:00Z", "served_from_cache": false,
          "last_check": "2026-12-03T10:01:30.500Z", "last_success": "2026-12-03T10:00:00Z",
          "last_error": .string(try #require(status.lastError)), "consecutive_failures": 1, "failures": 1,
          "cache_error": .null, "staleness_seconds": 90,
        ])
    #expect(status.lastError?.hasPrefix("rules do not compile: 5 errors, first: \(folder)/a.rules:1:11: ") == true)
  }

  /// A store given its rules in memory follows nothing until told to; `pollNow()` on a follower that is not
  /// started polls on the calling thread.
  @Test func aStoreInMemoryHasNoSourceAndPollNowPollsWhenNotStarted() throws {
    let folder = try Self.scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try RuleStoreTests.rules(generation: 0).write(toFile: folder + "/a.rules", atomically: true, encoding: .utf8)
    let store = RuleStore(try RuleSet.load(directory: folder).get())
    #expect(store.status.source == nil)
    #expect(store.status.lastCheck == nil)
    #expect(store.status.lastSuccess == nil)
    let follower = RulesFollower(store: store, source: .folder(folder))
    #expect(store.status.source == .folder(folder))
    try RuleStoreTests.rules(generation: 1).write(toFile: folder + "/a.rules", atomically: true, encoding: .utf8)
    follower.pollNow()
    #expect(store.status.version == 2)
    #expect(store.status.lastSuccess != nil)
    #expect(try RulesFollowerHTTPTests.served(store) == "g1_mid")
  }
}
