import PlacementCore

/// What a ``RuleStore`` serves, where it comes from, and how fresh it is: what a health endpoint (`/readyz`) and
/// a metrics page expose (``RuleStore/status``).
///
/// A poll *succeeds* when the source answers with the rules served (unchanged, `304 Not Modified`, or the same
/// `rules_version`) or with new rules that are installed; it *fails* when the source cannot be read or reached,
/// or gives rules that are refused (a bundle that does not verify or is older, rules that do not compile). A
/// failure never replaces the served rules; ``staleness(at:)`` grows until the next success.
public struct RulesStatus: Sendable, Equatable {
  /// The source the rules come from, or nil when the store was given its rules in memory and follows nothing.
  public let source: RulesSource?
  /// The served rules' `rules_version` (``RuleSet/version``).
  public let rulesVersion: String
  /// The served bundle's `revision` (its manifest's), or nil: rules from a folder, or a bundle built without one.
  public let revision: String?
  /// The store's ``RuleStore/Snapshot/version``: 1, plus one for each applied reload.
  public let version: Int
  /// When the served rules were installed in this process.
  public let installedAt: Instant
  /// True when the served rules are the cached bundle loaded at start because the source could not give rules,
  /// and no poll has succeeded since.
  public let servedFromCache: Bool
  /// When the source was last polled, or nil before the first poll.
  public let lastCheck: Instant?
  /// When a poll (or the load at start) last succeeded, or nil when none has.
  public let lastSuccess: Instant?
  /// Why the last failing poll failed (one line; for rules that do not compile, the first error), or nil when the
  /// last poll succeeded.
  public let lastError: String?
  /// The polls that failed since the last success.
  public let consecutiveFailures: Int
  /// Every poll that failed since the store was created (a counter, for a metrics page).
  public let failures: Int
  /// Why the last write of the cache failed, or nil when it succeeded or no cache is kept.
  public let cacheError: String?

  /// How long the source has not confirmed the served rules: the time from the last success (or, when none,
  /// from the installation) to `now`; zero when `now` is earlier.
  /// - Parameter now: the current time.
  /// - Returns: the staleness, in milliseconds precision.
  public func staleness(at now: Instant = .now) -> Duration {
    let since = lastSuccess ?? installedAt
    return .milliseconds(max(0, now.millisecondsSince1970 - since.millisecondsSince1970))
  }

  /// The status as one JSON object with snake_case keys (`source`, `rules_version`, `revision`, `version`,
  /// `installed_at`, `served_from_cache`, `last_check`, `last_success`, `last_error`, `consecutive_failures`,
  /// `failures`, `cache_error`, `staleness_seconds`); instants in ISO 8601, absent values null.
  /// - Parameter now: the time ``staleness(at:)`` is measured to.
  public func jsonValue(at now: Instant = .now) -> JSONValue {
    func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    let staleness = staleness(at: now)
    return .object([
      "source": text(source?.description),
      "rules_version": .string(rulesVersion),
      "revision": text(revision),
      "version": .number(Double(version)),
      "installed_at": .string(installedAt.iso8601),
      "served_from_cache": .bool(servedFromCache),
      "last_check": text(lastCheck?.iso8601),
      "last_success": text(lastSuccess?.iso8601),
      "last_error": text(lastError),
      "consecutive_failures": .number(Double(consecutiveFailures)),
      "failures": .number(Double(failures)),
      "cache_error": text(cacheError),
      "staleness_seconds": .number(Double(staleness.components.seconds)),
    ])
  }
}

/// The part of ``RulesStatus`` a store keeps beside its snapshot: its source, the served bundle's identity
/// (revision and the source's tag, an HTTP `ETag`), and the polls' record. Guarded by the store's lock
/// (``RuleStore``), written by the load at start and by the store's ``RulesFollower``.
struct SourceRecord: Sendable {
  var source: RulesSource?
  /// The served bundle's tag at the source (HTTP `ETag`), sent as `If-None-Match`.
  var tag: String?
  var revision: String?
  var installedAt: Instant
  var servedFromCache = false
  var lastCheck: Instant?
  var lastSuccess: Instant?
  var lastError: String?
  var consecutiveFailures = 0
  var failures = 0
  var cacheError: String?

  init(installedAt: Instant) {
    self.installedAt = installedAt
  }

  /// Records a poll at `now` that succeeded.
  mutating func succeeded(at now: Instant) {
    lastCheck = now
    lastSuccess = now
    lastError = nil
    consecutiveFailures = 0
    servedFromCache = false
  }

  /// Records a poll at `now` that failed with `reason`.
  mutating func failed(at now: Instant, _ reason: String) {
    lastCheck = now
    lastError = reason
    consecutiveFailures += 1
    failures += 1
  }

  /// Records a poll at `now` that found the source as the previous poll left it: that poll's outcome stands.
  mutating func unchanged(at now: Instant) {
    if lastError == nil { succeeded(at: now) } else { lastCheck = now }
  }

  func status(_ snapshot: RuleStore.Snapshot) -> RulesStatus {
    RulesStatus(
      source: source, rulesVersion: snapshot.ruleSet.version, revision: revision, version: snapshot.version,
      installedAt: installedAt, servedFromCache: servedFromCache, lastCheck: lastCheck, lastSuccess: lastSuccess,
      lastError: lastError, consecutiveFailures: consecutiveFailures, failures: failures, cacheError: cacheError)
  }
}
