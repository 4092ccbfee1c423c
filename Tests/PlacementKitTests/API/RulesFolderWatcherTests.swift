import Foundation
import Testing

@testable import PlacementKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Following a rules folder: each poll reloads exactly when a `*.rules` file changed, a broken edit keeps the
/// previous rules serving and is reported, and ``RulesFollower/start()`` polls on its own. The tests drive
/// ``RulesFollower/poll()`` themselves, so no test waits for a timer except the one about `start()`.
@Suite struct RulesFolderWatcherTests {
  /// A rules folder with `a.rules` of generation 0, its store, and a watcher that records what it reports.
  final class Fixture: Sendable {
    let folder: String
    let store: RuleStore
    let watcher: RulesFollower
    /// What the watcher reported, in order.
    let reported: PthreadLocked<[ReloadResult]>

    init() throws {
      folder = FileManager.default.temporaryDirectory.appendingPathComponent("watcher-\(UUID().uuidString)").path
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try RuleStoreTests.rules(generation: 0).write(toFile: folder + "/a.rules", atomically: false, encoding: .utf8)
      store = RuleStore(try RuleSet.load(directory: folder).get())
      let reports = PthreadLocked<[ReloadResult]>([])
      reported = reports
      watcher = RulesFollower(store: store, source: .folder(folder)) { result in reports.withLock { $0.append(result) }
      }
    }

    deinit {
      watcher.stop()
      try? FileManager.default.removeItem(atPath: folder)
    }

    func write(_ text: String, to name: String = "a.rules") throws {
      try text.write(toFile: folder + "/" + name, atomically: false, encoding: .utf8)
    }

    /// The content id `first` decides for a profile of tier 7 (`g<generation>_mid`).
    func served() throws -> String {
      let decision = try store.resolve(
        "first", for: RuleStoreTests.profile, options: ResolveOptions(now: RuleStoreTests.now))
      guard case .flow(let id, _) = decision.content else { return "\(decision.content)" }
      return id
    }
  }

  @Test func aPollReloadsOnlyWhenARulesFileChanged() throws {
    let f = try Fixture()
    #expect(f.watcher.poll() == nil)
    try f.write(RuleStoreTests.rules(generation: 1))
    let result = try #require(f.watcher.poll())
    #expect(result.outcome == .applied)
    #expect(result.version == 2)
    #expect(try f.served() == "g1_mid")
    #expect(f.watcher.poll() == nil)
    #expect(f.reported.withLock { $0.map(\.version) } == [2])
    // A file that is not a rules file changes nothing.
    try "notes".write(toFile: f.folder + "/README.md", atomically: false, encoding: .utf8)
    #expect(f.watcher.poll() == nil)
  }

  /// A poll reads the folder only when the stamp of a file its last read used changed: polls of an unchanged
  /// folder read (and parse) nothing.
  @Test func aPollOfAnUnchangedFolderReadsNothing() throws {
    let f = try Fixture()
    let reader = try #require(f.watcher.reader as? FileSourceReader)
    for _ in 0..<3 { #expect(f.watcher.poll() == nil) }
    #expect(reader.reads.withLock { $0 } == 0)
    try f.write(RuleStoreTests.rules(generation: 1))
    #expect(f.watcher.poll()?.outcome == .applied)
    for _ in 0..<3 { #expect(f.watcher.poll() == nil) }
    #expect(reader.reads.withLock { $0 } == 1)
  }

  /// A config file that a content names is watched like the rules: changing it reloads, and so does creating one
  /// that was missing.
  @Test func aChangedOrCreatedConfigFileReloads() throws {
    let f = try Fixture()
    try f.write(
      """
      placement main: paywall {
        default -> paywall pro
      }
      content paywall pro {
        config default "en" { "title": "Go pro" }
        config "de" from "configs/pro.de.json"
      }
      """, to: "b.rules")
    #expect(f.watcher.poll()?.outcome == .rejected)
    try FileManager.default.createDirectory(atPath: f.folder + "/configs", withIntermediateDirectories: true)
    try f.write(#"{"title": "Werde Profi"}"#, to: "configs/pro.de.json")
    #expect(f.watcher.poll()?.outcome == .applied)
    #expect(f.store.ruleSet.content(id: "pro")?.configs[1].value["title"] == .string("Werde Profi"))
    #expect(f.watcher.poll() == nil)
    try f.write(#"{"title": "Profi werden"}"#, to: "configs/pro.de.json")
    #expect(f.watcher.poll()?.outcome == .applied)
    #expect(f.store.ruleSet.content(id: "pro")?.configs[1].value["title"] == .string("Profi werden"))
    #expect(f.watcher.poll() == nil)
  }

  @Test func aBrokenEditKeepsThePreviousRulesAndIsReported() throws {
    let f = try Fixture()
    try f.write(RuleStoreTests.broken)
    let rejected = try #require(f.watcher.poll())
    #expect(rejected.outcome == .rejected)
    #expect(rejected.version == 1)
    #expect(rejected.rendered().contains("a.rules:2:"), "\(rejected.rendered())")
    #expect(f.reported.withLock { $0.map(\.outcome) } == [.rejected])
    #expect(try f.served() == "g0_mid")
    // Not retried until the folder changes again; the fix is then applied.
    #expect(f.watcher.poll() == nil)
    try f.write(RuleStoreTests.rules(generation: 2))
    #expect(f.watcher.poll()?.outcome == .applied)
    #expect(try f.served() == "g2_mid")
    #expect(f.store.snapshot.version == 2)
  }

  @Test func addingRemovingAndReplacingAFileReloads() throws {
    let f = try Fixture()
    try f.write("segment spare = tier > 100\n", to: "b.rules")
    #expect(f.watcher.poll()?.version == 2)
    try FileManager.default.removeItem(atPath: f.folder + "/b.rules")
    #expect(f.watcher.poll()?.version == 3)
    // Replaced by a rename (as editors save): the same size and text, another file.
    try RuleStoreTests.rules(generation: 0).write(toFile: f.folder + "/a.rules", atomically: true, encoding: .utf8)
    #expect(f.watcher.poll()?.version == 4)
    // A rules file in a subfolder counts, as it does for RuleSet.load(directory:).
    try FileManager.default.createDirectory(atPath: f.folder + "/more", withIntermediateDirectories: true)
    try f.write("segment extra = tier > 50\n", to: "more/c.rules")
    #expect(f.watcher.poll()?.version == 5)
    #expect(f.reported.withLock { $0.map(\.outcome) } == [.applied, .applied, .applied, .applied])
  }

  /// A rewrite that keeps the size, the modification time and the inode (two saves within the file system's
  /// timestamp granularity) is still seen: a recently modified file's content is compared.
  @Test func anEditKeepingSizeTimeAndInodeIsSeen() throws {
    let f = try Fixture()
    let path = f.folder + "/a.rules"
    var before = stat()
    #expect(stat(path, &before) == 0)
    let g0 = RuleStoreTests.rules(generation: 0)
    let g2 = RuleStoreTests.rules(generation: 2)
    #expect(g0.utf8.count == g2.utf8.count)
    try f.write(g2)
    #if canImport(Darwin)
      let modified = before.st_mtimespec
    #else
      let modified = before.st_mtim
    #endif
    var times = [modified, modified]
    #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    #expect(
      FolderState.stamp(path)
        == FolderState.FileStamp(
          path: path, size: Int64(before.st_size), modified: FolderState.duration(modified),
          device: UInt64(before.st_dev), inode: UInt64(before.st_ino)))
    #expect(f.watcher.poll()?.outcome == .applied)
    #expect(try f.served() == "g2_mid")
  }

  @Test func aFolderThatCannotBeReadIsRejectedAndTheRulesKeepServing() throws {
    let f = try Fixture()
    try FileManager.default.removeItem(atPath: f.folder)
    let result = try #require(f.watcher.poll())
    #expect(result.outcome == .rejected)
    #expect(result.loadError?.message.contains("no such file or directory") == true, "\(result.rendered())")
    #expect(try f.served() == "g0_mid")
    #expect(f.watcher.poll() == nil)
  }

  /// `start()` polls by itself: the test waits for the reload it causes (not for a time), then stops.
  @Test func aStartedWatcherReloadsByItselfUntilStopped() async throws {
    let f = try Fixture()
    let follower = f.store.follow(directory: f.folder, interval: .milliseconds(10)) { result in
      f.reported.withLock { $0.append(result) }
    }
    try f.write(RuleStoreTests.rules(generation: 1))
    for _ in 0..<6000 where f.reported.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(5)) }
    follower.stop()
    #expect(f.reported.withLock { $0.map(\.outcome) } == [.applied])
    #expect(try f.served() == "g1_mid")
  }
}
