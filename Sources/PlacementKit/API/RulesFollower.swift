import Foundation
import PlacementCore

/// Keeps a ``RuleStore`` serving the current rules of a ``RulesSource``: polls it and installs what is new.
///
/// Each poll looks at the source once:
/// - a folder or a bundle file: the sizes, modification times and identities (`FolderState`) of the files the
///   last read used (rules, config and id list files), compared with the previous poll's; a change reads it again;
/// - a URL: a GET with `If-None-Match` carrying the served bundle's `ETag`; `304 Not Modified` changes nothing.
///
/// What the source gives is installed only when it is good and new. A folder's rules are reloaded on every change.
/// A bundle is first verified (digests and `rules_version`, as `placement bundle verify` checks them), then:
/// - refused when it is *older*: both its revision and the served one are sequenced (digits then `-`, a build
///   number or a commit time: `4812-c256b63`) and its number is smaller, so a stale copy (a CDN edge, an old
///   replica of the bucket) never rolls the rules back;
/// - kept without a reload when its `rules_version` is the served one (the store then serves it as this
///   bundle: its revision and `ETag`);
/// - otherwise compiled and installed; rules with errors are refused.
///
/// A refused bundle, an unreachable source or rules that do not compile never replace the served rules: the
/// result (outcome `.rejected`) goes to `onReload` and into ``RuleStore/status``, and the next polls back off
/// (``delay(afterFailures:)``). An installed bundle is written to the cache (atomically), where
/// ``RuleStore/init(source:cache:options:assignments:clock:)`` finds it when the source is down at start.
///
/// ```swift
/// let source = RulesSource.url(URL(string: "https://rules.example.com/app/rules.bundle")!)
/// let cache = "/var/cache/placement/rules.bundle"
/// let store = try RuleStore(source: source, cache: cache)
/// let follower = store.follow(source, interval: .seconds(30), cache: cache) { result in
///   if result.outcome == .rejected { logger.error("rules not updated:\n\(result.rendered())") }
/// }
/// // SIGHUP: follower.pollNow(); health: store.status; shutdown: follower.stop()
/// ```
///
/// Tests and programs with their own scheduler call ``poll()`` instead of ``start()``.
public final class RulesFollower: Sendable {
  /// How long one HTTP request may take in all: 10 seconds.
  public static let requestTimeout = Duration.seconds(10)
  /// The longest wait after failures, unless ``interval`` is longer: 5 minutes.
  public static let maxBackoff = Duration.seconds(300)

  /// The store the follower installs rules in.
  public let store: RuleStore
  /// Where the rules come from.
  public let source: RulesSource
  /// The time between two polls while the source answers (``start()``).
  public let interval: Duration
  /// The file that keeps the last installed bundle, or nil.
  public let cache: String?
  private let options: CompileOptions
  private let onReload: @Sendable (ReloadResult) -> Void
  let reader: any SourceReader
  /// Held for a whole poll: polls run one at a time.
  private let polling = PthreadLocked(())
  private let schedule = PollSchedule()

  /// A follower of `source` for `store`, not yet polling. A folder's or a bundle file's current files are the
  /// baseline (a change is a difference from them), so create the follower right after loading the rules it
  /// serves; a URL is compared with the bundle the store serves (its `ETag`, when the store was loaded from it).
  /// - Parameters:
  ///   - store: the store to install rules in.
  ///   - source: where the rules come from.
  ///   - interval: the time between two polls once started. Default: 30 seconds.
  ///   - cache: a file to keep the last installed bundle in (bundle and URL sources), or nil.
  ///   - options: the compile options of every reload.
  ///   - onReload: called with the result of every poll that tried to install rules (applied, rejected or
  ///     superseded), on the thread that polled.
  public init(
    store: RuleStore, source: RulesSource, interval: Duration = .seconds(30), cache: String? = nil,
    options: CompileOptions = CompileOptions(), onReload: @escaping @Sendable (ReloadResult) -> Void = { _ in }
  ) {
    self.store = store
    self.source = source
    self.interval = interval
    self.cache = source.deliversBundles ? cache : nil
    self.options = options
    self.onReload = onReload
    reader = source.reader(timeout: Self.requestTimeout)
    store.record.withLock { record in
      guard record.source != source else { return }
      record.source = source
      record.tag = nil
    }
  }

  /// Looks at the source once and installs what is good and new (see ``RulesFollower``), recording the poll in
  /// ``RuleStore/status``. Polls run one at a time; an HTTP poll waits for the answer (at most
  /// ``requestTimeout``).
  /// - Returns: the result reported to `onReload`: `.applied`, `.rejected` (``ReloadResult/loadError`` says why
  ///   the source could not be read or its bundle was refused; diagnostics when the rules do not compile) or
  ///   `.superseded`; nil when nothing was to install (unchanged, `304`, or the served `rules_version`).
  @discardableResult
  public func poll() -> ReloadResult? {
    polling.withLock { _ in
      let now = store.clock()
      let look: Look
      do throws(LoadError) {
        look = try reader.look(servedTag: store.record.withLock { $0.tag })
      } catch {
        return report(refusing: error, at: now)
      }
      switch look {
      case .unchanged:
        store.record.withLock { $0.unchanged(at: now) }
        return nil
      case .current:
        store.record.withLock { $0.succeeded(at: now) }
        return nil
      case .fetched(let fetched):
        return install(fetched, at: now)
      }
    }
  }

  private func install(_ fetched: Fetched, at now: Instant) -> ReloadResult? {
    if let bundle = fetched.bundle {
      let served = store.record.withLock { $0.revision }
      if BundleRevision.isOlder(bundle.revision, than: served) {
        let message = BundleRevision.olderMessage(source.description, bundle.revision, than: served)
        return report(refusing: LoadError(path: source.description, message: message), at: now)
      }
      if bundle.rulesVersion == store.ruleSet.version {
        let cacheError = cache.flatMap { BundleRevision.writeCache(fetched.bytes, to: $0) }
        store.record.withLock { record in
          record.succeeded(at: now)
          record.tag = fetched.tag
          record.revision = bundle.revision
          if cache != nil { record.cacheError = cacheError }
        }
        return nil
      }
    }
    let result = store.reload(sources: fetched.sources, options: options) { record, result in
      switch result.outcome {
      case .applied:
        record.succeeded(at: now)
        record.installedAt = now
        record.tag = fetched.tag
        record.revision = fetched.bundle?.revision
      case .rejected: record.failed(at: now, Self.summary(result))
      case .superseded: record.lastCheck = now
      }
    }
    if result.outcome == .applied, fetched.bundle != nil, let cache {
      let cacheError = BundleRevision.writeCache(fetched.bytes, to: cache)
      store.record.withLock { $0.cacheError = cacheError }
    }
    onReload(result)
    return result
  }

  private func report(refusing error: LoadError, at now: Instant) -> ReloadResult {
    store.record.withLock { $0.failed(at: now, error.message) }
    let result = ReloadResult(outcome: .rejected, version: store.snapshot.version, diagnostics: [], loadError: error)
    onReload(result)
    return result
  }

  /// One line saying why a reload was rejected: the load error, or the number of errors and the first one.
  static func summary(_ result: ReloadResult) -> String {
    if let loadError = result.loadError { return loadError.message }
    let errors = result.diagnostics.filter { $0.severity == .error }
    let first = errors.first.map { DiagnosticRenderer().render([$0]).prefix { $0 != "\n" } } ?? ""
    return "rules do not compile: \(errors.count) error\(errors.count == 1 ? "" : "s"), first: \(first)"
  }

  /// The wait before the next poll after `failures` consecutive failed polls: ``interval`` after a success, then
  /// doubling with each failure up to the longer of ``interval`` and ``maxBackoff``. ``start()`` polls up to a
  /// fifth earlier (at random), so that replicas started together spread their requests.
  public func delay(afterFailures failures: Int) -> Duration {
    Self.delay(interval, afterFailures: failures)
  }

  /// The wait after `failures` consecutive failures for a follower polling every `interval`
  /// (``delay(afterFailures:)``), for a program that retries the load at start on the same schedule.
  /// - Parameters:
  ///   - interval: the time between two polls while the source answers.
  ///   - failures: the consecutive failures so far (0 after a success).
  /// - Returns: `interval` × 2^`failures`, at most the longer of `interval` and ``maxBackoff``.
  public static func delay(_ interval: Duration, afterFailures failures: Int) -> Duration {
    let longest = max(interval, maxBackoff)
    var delay = interval
    for _ in 0..<failures {
      delay *= 2
      if delay >= longest { return longest }
    }
    return delay
  }

  /// Polls on a thread of its own every ``delay(afterFailures:)`` until ``stop()`` (the thread keeps the
  /// follower alive); does nothing when already started.
  public func start() {
    guard let generation = schedule.begin() else { return }
    Thread { [self] in
      while true {
        let failures = store.record.withLock { $0.consecutiveFailures }
        let wait = delay(afterFailures: failures)
        let jitter = Double.random(in: 0..<0.2)
        guard schedule.wait(wait - wait * jitter, generation: generation) else { return }
        poll()
      }
    }.start()
  }

  /// Polls as soon as possible: wakes the started follower's thread (which polls at once, then waits a full
  /// delay), or, when not started, polls on the calling thread. For a "reload now" signal (`SIGHUP`) or an admin
  /// endpoint.
  public func pollNow() {
    if !schedule.wake() { poll() }
  }

  /// Stops polling: the thread ends at once when it is waiting, or after the poll it is running.
  public func stop() {
    schedule.stop()
  }
}

extension RuleStore {
  /// Follows `source`: starts a ``RulesFollower`` that polls it every `interval` and installs its rules when
  /// they are good and new. Keep the follower to ``RulesFollower/stop()`` it, or to ``RulesFollower/pollNow()``.
  /// - Parameters:
  ///   - source: where the rules come from (for a URL, usually the one the store was loaded from with
  ///     ``init(source:cache:options:assignments:clock:)``).
  ///   - interval: the time between two polls while the source answers. Default: 30 seconds.
  ///   - cache: a file to keep the last installed bundle in (the one given at load), or nil.
  ///   - options: the compile options of every reload.
  ///   - onReload: called with every result ``RulesFollower/poll()`` returns, on the polling thread; a rejected
  ///     one carries the load error or the diagnostics (``ReloadResult/rendered(colors:)``).
  /// - Returns: the started follower.
  @discardableResult
  public func follow(
    _ source: RulesSource, interval: Duration = .seconds(30), cache: String? = nil,
    options: CompileOptions = CompileOptions(), onReload: @escaping @Sendable (ReloadResult) -> Void = { _ in }
  ) -> RulesFollower {
    let follower = RulesFollower(
      store: self, source: source, interval: interval, cache: cache, options: options, onReload: onReload)
    follower.start()
    return follower
  }

  /// Follows a rules folder: ``follow(_:interval:cache:options:onReload:)`` of ``RulesSource/folder(_:)``,
  /// polling every second by default.
  /// - Parameters:
  ///   - directory: the rules folder this store's rules were loaded from.
  ///   - interval: the time between two polls. Default: one second.
  ///   - options: the compile options of every reload.
  ///   - onReload: called with every reload's result, on the polling thread.
  /// - Returns: the started follower.
  @discardableResult
  public func follow(
    directory: String, interval: Duration = .seconds(1), options: CompileOptions = CompileOptions(),
    onReload: @escaping @Sendable (ReloadResult) -> Void = { _ in }
  ) -> RulesFollower {
    follow(.folder(directory), interval: interval, options: options, onReload: onReload)
  }
}
