import Dispatch
import Foundation
import PlacementKit
import Synchronization

/// The rules a server answers with: a ``RuleStore`` loaded from a ``RulesSource`` (a rules folder, a bundle file
/// or a bundle URL) with the cache of the last good bundle (``RuleStore/init(source:cache:options:assignments:clock:)``),
/// then kept current by a ``RulesFollower`` (docs/Fleet.md).
///
/// Until rules are loaded the server is not ready: the routes that decide answer 503 and `/readyz` too. Once
/// loaded, rules stay loaded: a reload that cannot be read, a bundle that does not verify or is older, and rules
/// that do not compile change nothing (the previous rules keep serving). Requests read the rule set once each, so
/// a reload never mixes two rule sets in one response.
public final class ServedRules: Sendable {
  /// A loaded store and the follower that keeps it current.
  final class Following: Sendable {
    let store: RuleStore
    let follower: RulesFollower

    init(store: RuleStore, follower: RulesFollower) {
      self.store = store
      self.follower = follower
    }
  }

  /// Where the rules come from.
  public let source: RulesSource
  /// The file that keeps the last good bundle (bundle and URL sources), or nil.
  public let cache: String?
  /// The time between two polls of the source while it answers.
  public let interval: Duration
  private let options: CompileOptions
  private let onReload: @Sendable (ReloadResult, RulesStatus) -> Void
  /// Set once, by the first load that gives rules; never cleared.
  private let following = AtomicLazyReference<Following>()
  /// Why the last load failed while no rules are loaded (``RulesUnavailableError/description``).
  private let loadFailure = PthreadLocked<String?>(nil)
  private let counts = ReloadCounts()
  private let stopped = Atomic<Bool>(false)
  /// Wakes the thread that retries the load at start (``follow(loaded:)``) before its delay ends.
  private let retry = DispatchSemaphore(value: 0)

  /// Rules to be loaded from `source` (``load()``), then followed (``follow(loaded:)``).
  /// - Parameters:
  ///   - source: where the rules come from.
  ///   - cache: a file to keep the last good bundle in, or nil (ignored for a folder). Its folder must exist.
  ///   - interval: the time between two polls while the source answers.
  ///   - options: the compile options of the load and of every reload.
  ///   - onReload: called with each reload's result (applied, rejected with the reason, or superseded) and the
  ///     status after it, on the thread that polled.
  public init(
    source: RulesSource, cache: String? = nil, interval: Duration = .seconds(30),
    options: CompileOptions = CompileOptions(),
    onReload: @escaping @Sendable (ReloadResult, RulesStatus) -> Void = { _, _ in }
  ) {
    self.source = source
    self.cache = cache
    self.interval = interval
    self.options = options
    self.onReload = onReload
  }

  /// Loads the rules of the source, or of the cache when the source cannot give rules that compile; does
  /// nothing when rules are loaded. The follower is made, not started (``follow(loaded:)`` starts it).
  /// - Throws: ``RulesUnavailableError`` when neither gives rules. (The retries of ``follow(loaded:)`` count in
  ///   ``reloadCounts``; a call of its own does not.)
  public func load() throws(RulesUnavailableError) {
    guard following.load() == nil else { return }
    let store: RuleStore
    do {
      store = try RuleStore(source: source, cache: cache, options: options)
    } catch {
      loadFailure.withLock { $0 = error.description }
      throw error
    }
    let follower = RulesFollower(store: store, source: source, interval: interval, cache: cache, options: options) {
      [counts, onReload] result in
      counts.count(failed: result.outcome == .rejected)
      onReload(result, store.status)
    }
    _ = following.storeIfNil(Following(store: store, follower: follower))
    loadFailure.withLock { $0 = nil }
  }

  /// Follows the source on a thread of its own until ``stop()``: when rules are loaded, starts the follower;
  /// otherwise retries ``load()`` after the follower's delays (the interval, doubling after each failure up to
  /// 5 minutes), then starts it. `loaded` is called once rules are loaded by a retry.
  public func follow(loaded: @escaping @Sendable (RulesStatus) -> Void = { _ in }) {
    if let current = following.load() {
      current.follower.start()
      return
    }
    Thread { [self] in
      var attempts = 0
      while !stopped.load(ordering: .relaxed) {
        let wait = RulesFollower.delay(interval, afterFailures: attempts + 1)
        let seconds = Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18
        _ = retry.wait(timeout: .now() + seconds)
        if stopped.load(ordering: .relaxed) { return }
        do throws(RulesUnavailableError) {
          try load()
          counts.count(failed: false)
        } catch {
          counts.count(failed: true)
          attempts += 1
          continue
        }
        guard let current = following.load() else { return }
        loaded(current.store.status)
        current.follower.start()
        // A stop() that ran before the start above found no follower to stop.
        if stopped.load(ordering: .sequentiallyConsistent) { current.follower.stop() }
        return
      }
    }.start()
  }

  /// Polls the source now (`SIGHUP`): wakes the started follower (or polls on the calling thread when it is not
  /// started); before rules are loaded, wakes the thread retrying the load.
  public func pollNow() {
    if let current = following.load() {
      current.follower.pollNow()
    } else {
      retry.signal()
    }
  }

  /// Polls the source once on the calling thread and installs what is good and new (``RulesFollower/poll()``).
  /// - Returns: the reload's result, or nil when nothing was to install (or no rules are loaded).
  @discardableResult
  public func poll() -> ReloadResult? {
    following.load()?.follower.poll()
  }

  /// Stops following: the follower's thread, or the thread retrying the load.
  public func stop() {
    stopped.store(true, ordering: .sequentiallyConsistent)
    retry.signal()
    following.load()?.follower.stop()
  }

  /// The installed rule set and its version, or nil before rules are loaded.
  public var snapshot: RuleStore.Snapshot? { following.load()?.store.snapshot }

  /// The served rules' status (source, revision, polls, staleness), or nil before rules are loaded.
  public var status: RulesStatus? { following.load()?.store.status }

  /// The installed rule set with the status of that same rule set (a reload between two reads is read again),
  /// or nil before rules are loaded.
  var consistentStatus: (RuleStore.Snapshot, RulesStatus)? {
    guard let store = following.load()?.store else { return nil }
    while true {
      let status = store.status
      let snapshot = store.snapshot
      if snapshot.version == status.version { return (snapshot, status) }
    }
  }

  /// Why rules are not loaded yet, or nil once they are.
  public var unavailable: String? {
    following.load() == nil ? loadFailure.withLock { $0 } ?? "the rules are not loaded yet" : nil
  }

  /// The installed rule set. Only for a request of a route that decides, which ``Service`` refuses with 503
  /// before rules are loaded (they are never unloaded).
  var ruleSet: RuleSet { following.load()!.store.ruleSet }

  /// Reloads attempted (polls that found rules to install, and loads retried at start), and those that installed
  /// nothing: the rules could not be read or reached, the bundle was refused, or the rules had errors.
  public var reloadCounts: (attempted: Int, failed: Int) {
    (counts.attempted.load(ordering: .relaxed), counts.failed.load(ordering: .relaxed))
  }
}

/// The reload counters, shared with the follower's callback.
final class ReloadCounts: Sendable {
  let attempted = Atomic<Int>(0)
  let failed = Atomic<Int>(0)

  func count(failed: Bool) {
    attempted.add(1, ordering: .relaxed)
    if failed { self.failed.add(1, ordering: .relaxed) }
  }
}
