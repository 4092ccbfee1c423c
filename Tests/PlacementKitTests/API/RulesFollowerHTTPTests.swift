import Foundation
import PlacementKit
import TestSupport
import Testing

/// Following a rules bundle over HTTP, against ``BundleServer`` on 127.0.0.1: `200` then `304` with
/// `If-None-Match`, a newer bundle installed and cached, an older or corrupt one refused while the previous rules
/// keep serving, and a restart while the server is down served from the cache. Each test drives
/// ``RulesFollower/poll()`` itself and sets the clock, so none waits for a timer.
@Suite struct RulesFollowerHTTPTests {
  final class Fixture: Sendable {
    let server: BundleServer
    let folder: String
    /// The clock every store and follower of the fixture reads; ``advance(_:)`` moves it.
    let time = PthreadLocked(Instant(iso8601: "2026-12-03T10:00:00Z")!)
    let reported = PthreadLocked<[ReloadResult]>([])

    init() throws {
      server = try BundleServer()
      folder = FileManager.default.temporaryDirectory.appendingPathComponent("follower-\(UUID().uuidString)").path
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit {
      server.stop()
      try? FileManager.default.removeItem(atPath: folder)
    }

    var cache: String { folder + "/cache.bundle" }
    var source: RulesSource { .url(server.url) }
    var now: Instant { time.withLock { $0 } }
    var clock: @Sendable () -> Instant { { [time] in time.withLock { $0 } } }

    func advance(_ seconds: Int64) {
      time.withLock { $0 = $0.adding(milliseconds: seconds * 1000) }
    }

    /// A store loaded from the server, with the fixture's cache and clock.
    func open() throws(RulesUnavailableError) -> RuleStore {
      try RuleStore(source: source, cache: cache, clock: clock)
    }

    func follower(_ store: RuleStore) -> RulesFollower {
      RulesFollower(store: store, source: source, cache: cache) { [reported] result in
        reported.withLock { $0.append(result) }
      }
    }
  }

  /// The bytes of a bundle of ``RuleStoreTests/rules(generation:)`` (or of `text`) built with `revision`.
  static func bundle(generation: Int, revision: String?, text: String? = nil) throws -> [UInt8] {
    let rules = Array((text ?? RuleStoreTests.rules(generation: generation)).utf8)
    return try RulesBundle(rules: [.init(path: "a.rules", bytes: rules)], toolVersion: "test", revision: revision)
      .archive()
  }

  static func rulesVersion(generation: Int) throws -> String {
    try RulesBundle.read(bundle(generation: generation, revision: nil)).rulesVersion
  }

  /// The content id `first` decides for a profile of tier 7 (`g<generation>_mid`).
  static func served(_ store: RuleStore) throws -> String {
    let decision = try store.resolve(
      "first", for: RuleStoreTests.profile, options: ResolveOptions(now: RuleStoreTests.now))
    guard case .flow(let id, _) = decision.content else { return "\(decision.content)" }
    return id
  }

  @Test func aBundleIsFetchedThenAskedForWithItsETagAndNotModified() throws {
    let f = try Fixture()
    f.server.publish(try Self.bundle(generation: 1, revision: "1-aaaaaaa"), etag: "\"e1\"")
    let store = try f.open()
    let opened = f.now
    #expect(try Self.served(store) == "g1_mid")
    let follower = f.follower(store)
    f.advance(30)
    #expect(follower.poll() == nil)
    #expect(f.server.requests.map { $0[":method"] } == ["GET", "GET"])
    #expect(f.server.requests.map { $0[":path"] } == ["/app/rules.bundle", "/app/rules.bundle"])
    #expect(f.server.requests.map { $0["if-none-match"] } == [nil, "\"e1\""])
    let status = store.status
    #expect(status.source == .url(f.server.url))
    #expect(status.rulesVersion == (try Self.rulesVersion(generation: 1)))
    #expect(status.revision == "1-aaaaaaa")
    #expect(status.version == 1)
    #expect(status.installedAt == opened)
    #expect(status.lastCheck == f.now)
    #expect(status.lastSuccess == f.now)
    #expect(status.lastError == nil)
    #expect(status.consecutiveFailures == 0)
    #expect(status.servedFromCache == false)
    #expect(status.cacheError == nil)
    #expect(status.staleness(at: f.now.adding(milliseconds: 4500)) == .milliseconds(4500))
    #expect(f.reported.withLock { $0.isEmpty })
    // The load at start kept the bundle.
    #expect(try FileReading.contents(of: f.cache) == Self.bundle(generation: 1, revision: "1-aaaaaaa"))
  }

  @Test func aNewerBundleIsInstalledAndCached() throws {
    let f = try Fixture()
    f.server.publish(try Self.bundle(generation: 1, revision: "1-aaaaaaa"), etag: "\"e1\"")
    let store = try f.open()
    let follower = f.follower(store)
    let newer = try Self.bundle(generation: 2, revision: "2-bbbbbbb")
    f.server.publish(newer, etag: "\"e2\"")
    f.advance(30)
    let result = try #require(follower.poll())
    #expect(result.outcome == .applied)
    #expect(result.version == 2)
    #expect(try Self.served(store) == "g2_mid")
    #expect(try FileReading.contents(of: f.cache) == newer)
    let status = store.status
    #expect(status.rulesVersion == (try Self.rulesVersion(generation: 2)))
    #expect(status.revision == "2-bbbbbbb")
    #expect(status.installedAt == f.now)
    #expect(status.version == 2)
    #expect(f.reported.withLock { $0.map(\.outcome) } == [.applied])
    // The next poll asks with the new bundle's ETag.
    #expect(follower.poll() == nil)
    #expect(f.server.requests.last?["if-none-match"] == "\"e2\"")
  }

  @Test func anOlderBundleIsRefusedAndThePreviousRulesKeepServing() throws {
    let f = try Fixture()
    f.server.publish(try Self.bundle(generation: 2, revision: "0012-bbbbbbb"), etag: "\"e2\"")
    let store = try f.open()
    let opened = f.now
    let follower = f.follower(store)
    // A stale copy: revision 11 after 12 (leading zeros do not count).
    f.server.publish(try Self.bundle(generation: 1, revision: "11-aaaaaaa"), etag: "\"e1\"")
    f.advance(30)
    let refused = try #require(follower.poll())
    #expect(refused.outcome == .rejected)
    let message = "'\(f.server.url)': bundle revision '11-aaaaaaa' is older than the served revision '0012-bbbbbbb'"
    #expect(refused.loadError?.message == message)
    #expect(try Self.served(store) == "g2_mid")
    var status = store.status
    #expect(status.lastError == message)
    #expect(status.consecutiveFailures == 1)
    #expect(status.lastSuccess == opened)
    #expect(status.lastCheck == f.now)
    #expect(status.staleness(at: f.now) == .seconds(30))
    // Asked again (with the served bundle's ETag) and refused again: the failures add up and the polls back off.
    f.advance(60)
    #expect(follower.poll()?.outcome == .rejected)
    status = store.status
    #expect(status.consecutiveFailures == 2)
    #expect(status.failures == 2)
    #expect(f.server.requests.last?["if-none-match"] == "\"e2\"")
    #expect(follower.delay(afterFailures: status.consecutiveFailures) == .seconds(120))
    // A newer one is installed; the failures are over.
    f.server.publish(try Self.bundle(generation: 3, revision: "13-ccccccc"), etag: "\"e3\"")
    #expect(follower.poll()?.outcome == .applied)
    status = store.status
    #expect(status.consecutiveFailures == 0)
    #expect(status.failures == 2)
    #expect(status.lastError == nil)
    #expect(status.revision == "13-ccccccc")
    #expect(try Self.served(store) == "g3_mid")
    #expect(f.reported.withLock { $0.map(\.outcome) } == [.rejected, .rejected, .applied])
  }

  @Test func aCorruptBundleOrRulesWithErrorsAreRefused() throws {
    let f = try Fixture()
    let good = try Self.bundle(generation: 1, revision: "1-aaaaaaa")
    f.server.publish(good, etag: "\"e1\"")
    let store = try f.open()
    let follower = f.follower(store)
    // One byte of the rules changed in transit or in the bucket.
    var flipped = try Self.bundle(generation: 2, revision: "2-bbbbbbb")
    let offset = try #require(flipped.firstRange(of: Array("g2_high".utf8))).lowerBound
    flipped[offset] = UInt8(ascii: "h")
    let corrupt: [([UInt8], String)] = [
      (flipped, "corrupt or modified rules bundle: 'a.rules' does not match its digest in the manifest"),
      (Array(good.prefix(700)), "not a valid rules bundle: "),
      (Array("<html>error page</html>".utf8), "not a valid rules bundle: "),
    ]
    for (index, (bytes, reason)) in corrupt.enumerated() {
      f.server.publish(bytes, etag: "\"bad\(index)\"")
      let result = try #require(follower.poll())
      #expect(result.outcome == .rejected)
      #expect(result.loadError?.isInvalidBundle == true)
      #expect(result.loadError?.message.hasPrefix("'\(f.server.url)': \(reason)") == true, "\(result.rendered())")
      #expect(try Self.served(store) == "g1_mid")
    }
    f.server.publish(try Self.bundle(generation: 2, revision: "2-bbbbbbb", text: RuleStoreTests.broken), etag: "\"b\"")
    let rejected = try #require(follower.poll())
    #expect(rejected.outcome == .rejected)
    #expect(rejected.rendered().contains("\(f.server.url):a.rules:2:"), "\(rejected.rendered())")
    #expect(
      store.status.lastError
        == "rules do not compile: 5 errors, first: \(f.server.url):a.rules:1:11: error: placement 'first' has no "
        + "default row [missing-default]")
    #expect(store.status.consecutiveFailures == 4)
    #expect(try Self.served(store) == "g1_mid")
    #expect(store.status.revision == "1-aaaaaaa")
    #expect(try FileReading.contents(of: f.cache) == good)
  }

  /// Revisions that are commit ids are not ordered: any other verified rules are installed (a rollback by
  /// publishing the previous bundle again), and the same rules under another revision are not reloaded.
  @Test func unsequencedRevisionsInstallAnyOtherRules() throws {
    let f = try Fixture()
    f.server.publish(try Self.bundle(generation: 2, revision: "c256b63"), etag: "\"e2\"")
    let store = try f.open()
    let follower = f.follower(store)
    f.server.publish(try Self.bundle(generation: 1, revision: "9f3e2a1"), etag: "\"e1\"")
    #expect(follower.poll()?.outcome == .applied)
    #expect(try Self.served(store) == "g1_mid")
    // Rebuilt with another revision (only digits, as a short SHA-1 may be): kept without a reload.
    let rebuilt = try Self.bundle(generation: 1, revision: "1234567")
    f.server.publish(rebuilt, etag: "\"e1b\"")
    #expect(follower.poll() == nil)
    #expect(store.status.revision == "1234567")
    #expect(store.status.version == 2)
    #expect(try FileReading.contents(of: f.cache) == rebuilt)
    #expect(follower.poll() == nil)
    #expect(f.server.requests.last?["if-none-match"] == "\"e1b\"")
    #expect(f.reported.withLock { $0.map(\.outcome) } == [.applied])
  }

  @Test func theServerDownAtRestartServesTheCachedBundle() throws {
    let f = try Fixture()
    let bundle = try Self.bundle(generation: 1, revision: "1-aaaaaaa")
    f.server.publish(bundle, etag: "\"e1\"")
    _ = try f.open()
    f.server.stop()
    // The restart.
    f.advance(3600)
    let store = try f.open()
    #expect(try Self.served(store) == "g1_mid")
    var status = store.status
    #expect(status.servedFromCache)
    #expect(status.revision == "1-aaaaaaa")
    #expect(status.rulesVersion == (try Self.rulesVersion(generation: 1)))
    #expect(status.lastSuccess == nil)
    #expect(status.lastCheck == f.now)
    #expect(status.consecutiveFailures == 1)
    #expect(status.lastError == "cannot fetch '\(f.server.url)': could not connect to the server")
    let follower = f.follower(store)
    f.advance(30)
    #expect(follower.poll()?.loadError?.message == "cannot fetch '\(f.server.url)': could not connect to the server")
    #expect(store.status.consecutiveFailures == 2)
    #expect(store.status.staleness(at: f.now) == .seconds(30))
    // The server is back with the same bundle: confirmed without a reload; the cache no longer stands in.
    try f.server.start()
    f.advance(60)
    let requestsBefore = f.server.requests.count
    #expect(follower.poll() == nil)
    #expect(f.server.requests.count == requestsBefore + 1)
    #expect(f.server.requests.last?["if-none-match"] == nil)
    status = store.status
    #expect(status.servedFromCache == false)
    #expect(status.consecutiveFailures == 0)
    #expect(status.lastSuccess == f.now)
    #expect(status.version == 1)
    #expect(follower.poll() == nil)
    #expect(f.server.requests.last?["if-none-match"] == "\"e1\"")
  }

  @Test func withoutSourceOrCacheThereAreNoRulesToServe() throws {
    let f = try Fixture()
    f.server.stop()
    do {
      let store = try f.open()
      Issue.record("opened without rules: \(store.status)")
    } catch {
      #expect(error.loadError?.message == "cannot fetch '\(f.server.url)': could not connect to the server")
      #expect(error.cacheError?.message == "no such file or directory: '\(f.cache)'")
      #expect(
        error.description
          == "cannot load rules from '\(f.server.url)': cannot fetch '\(f.server.url)': could not connect to the "
          + "server\nno cached bundle to serve instead: no such file or directory: '\(f.cache)'")
    }
  }

  /// A source serving a bundle older than the cached one at start (a stale copy) does not roll the rules back.
  @Test func aSourceOlderThanTheCacheAtStartIsNotServed() throws {
    let f = try Fixture()
    f.server.publish(try Self.bundle(generation: 2, revision: "2-bbbbbbb"), etag: "\"e2\"")
    _ = try f.open()
    f.server.publish(try Self.bundle(generation: 1, revision: "1-aaaaaaa"), etag: "\"e1\"")
    let store = try f.open()
    #expect(try Self.served(store) == "g2_mid")
    #expect(store.status.servedFromCache)
    #expect(store.status.lastError?.hasSuffix("is older than the served revision '2-bbbbbbb'") == true)
  }

  @Test func anErrorStatusIsAFailedPoll() throws {
    let f = try Fixture()
    f.server.publish(try Self.bundle(generation: 1, revision: nil), etag: nil)
    let store = try f.open()
    #expect(store.status.revision == nil)
    let follower = f.follower(store)
    // Without an ETag every poll downloads the bundle; the same rules are not reloaded.
    #expect(follower.poll() == nil)
    #expect(f.server.requests.map { $0["if-none-match"] } == [nil, nil])
    f.server.fail(with: 503)
    let result = try #require(follower.poll())
    #expect(result.loadError?.message == "cannot fetch '\(f.server.url)': HTTP 503 service unavailable")
    #expect(store.status.consecutiveFailures == 1)
    #expect(try Self.served(store) == "g1_mid")
  }

  /// `pollNow()` polls at once: a started follower whose next poll is an hour away installs the new bundle.
  @Test func pollNowWakesAStartedFollower() async throws {
    let f = try Fixture()
    f.server.publish(try Self.bundle(generation: 1, revision: "1-aaaaaaa"), etag: "\"e1\"")
    let store = try f.open()
    let follower = store.follow(f.source, interval: .seconds(3600), cache: f.cache) { result in
      f.reported.withLock { $0.append(result) }
    }
    f.server.publish(try Self.bundle(generation: 2, revision: "2-bbbbbbb"), etag: "\"e2\"")
    follower.pollNow()
    for _ in 0..<6000 where f.reported.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(5)) }
    follower.stop()
    #expect(f.reported.withLock { $0.map(\.outcome) } == [.applied])
    #expect(try Self.served(store) == "g2_mid")
  }
}
