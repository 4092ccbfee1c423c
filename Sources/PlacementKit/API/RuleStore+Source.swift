import PlacementCore

extension RuleStore {
  /// A store serving the rules of `source` or, when the source cannot give rules that compile, the bundle kept
  /// in `cache` by an earlier run (a restart while the source is down still serves).
  ///
  /// The source is read at once (a URL with one GET, at most ``RulesFollower/requestTimeout``), its bundle
  /// verified and compiled. It stands in for nothing older: when its revision is older than the cached bundle's
  /// (``RulesFollower``), the cache serves. A bundle from the source that serves is written to `cache`
  /// (atomically). When the cache serves, ``status`` says so (``RulesStatus/servedFromCache``, the source's
  /// failure in ``RulesStatus/lastError``); follow the source (``follow(_:interval:cache:options:onReload:)``)
  /// to install its rules once it answers.
  /// - Parameters:
  ///   - source: where the rules come from.
  ///   - cache: the file that keeps the last good bundle (bundle and URL sources; ignored for a folder), or nil.
  ///     Its folder must exist.
  ///   - options: syntax limits and the diagnostics cap.
  ///   - assignments: the store of sticky assignments, or nil (``init(_:assignments:)``).
  ///   - clock: the current time, for ``status`` (this store's and its followers'). Default: the system clock.
  /// - Throws: ``RulesUnavailableError`` when neither the source nor the cache gives rules that compile.
  public convenience init(
    source: RulesSource, cache: String? = nil, options: CompileOptions = CompileOptions(),
    assignments: (any AssignmentStore)? = nil, clock: @escaping @Sendable () -> Instant = { .now }
  ) throws(RulesUnavailableError) {
    let cache = source.deliversBundles ? cache : nil
    var cached: Fetched?
    var cacheError: LoadError?
    if let cache {
      do throws(LoadError) { cached = try BundleFileReader.read(cache) } catch { cacheError = error }
    }
    var sourceError: LoadError?
    var diagnostics: [Diagnostic] = []
    var chosen: (fetched: Fetched, ruleSet: RuleSet)?
    do throws(LoadError) {
      let fetched = try source.read(timeout: RulesFollower.requestTimeout)
      let floor = cached?.bundle?.revision
      if BundleRevision.isOlder(fetched.bundle?.revision, than: floor) {
        let message = BundleRevision.olderMessage(source.description, fetched.bundle?.revision, than: floor)
        throw LoadError(path: source.description, message: message)
      }
      let compilation = RuleSet.compile(sources: fetched.sources, options: options)
      diagnostics = compilation.diagnostics
      if let ruleSet = compilation.ruleSet { chosen = (fetched, ruleSet) }
    } catch {
      sourceError = error
    }
    let fromSource = chosen != nil
    if chosen == nil, let cached, let cache {
      let compilation = RuleSet.compile(sources: cached.sources, options: options)
      if let ruleSet = compilation.ruleSet {
        chosen = (cached, ruleSet)
      } else {
        cacheError = LoadError(path: cache, message: RulesFollower.summary(ReloadResult(compilation)))
      }
    }
    guard let chosen else {
      throw RulesUnavailableError(
        source: source, loadError: sourceError, diagnostics: diagnostics, cacheError: cache == nil ? nil : cacheError)
    }
    self.init(chosen.ruleSet, assignments: assignments, clock: clock)
    let now = clock()
    var cacheWriteError: String?
    if fromSource, let cache, chosen.fetched.bytes != cached?.bytes {
      cacheWriteError = BundleRevision.writeCache(chosen.fetched.bytes, to: cache)
    }
    record.withLock { record in
      record.source = source
      record.tag = fromSource ? chosen.fetched.tag : nil
      record.revision = chosen.fetched.bundle?.revision
      record.installedAt = now
      record.cacheError = cacheWriteError
      if fromSource {
        record.succeeded(at: now)
      } else {
        record.failed(at: now, sourceError?.message ?? RulesFollower.summary(ReloadResult(diagnostics)))
        record.servedFromCache = true
      }
    }
  }
}

extension ReloadResult {
  /// The rejection of rules whose compilation has errors.
  init(_ diagnostics: [Diagnostic]) {
    self.init(outcome: .rejected, version: 0, diagnostics: diagnostics)
  }

  init(_ compilation: Compilation) {
    self.init(compilation.diagnostics)
  }
}

/// Why ``RuleStore/init(source:cache:options:assignments:clock:)`` has no rules to serve: the source cannot give
/// rules that compile, and no cached bundle can stand in.
public struct RulesUnavailableError: Error, Sendable, CustomStringConvertible {
  /// The source.
  public let source: RulesSource
  /// Why the source's rules could not be used: it cannot be read or reached, its bundle does not verify, or is
  /// older than the cached one; nil when the rules were read but do not compile (see ``diagnostics``).
  public let loadError: LoadError?
  /// The diagnostics of the source's rules when they were compiled (errors when they do not compile).
  public let diagnostics: [Diagnostic]
  /// Why the cache could not stand in (missing, not a valid bundle, rules that do not compile), or nil when no
  /// cache was given.
  public let cacheError: LoadError?

  /// `cannot load rules from '<source>': <reason>`, the cache's reason on the next line, then any rendered
  /// diagnostics.
  public var description: String {
    let reason = loadError?.message ?? RulesFollower.summary(ReloadResult(diagnostics))
    var text = "cannot load rules from '\(source)': \(reason)"
    if let cacheError { text += "\nno cached bundle to serve instead: \(cacheError.message)" }
    if loadError == nil { text += "\n" + DiagnosticRenderer().render(diagnostics) }
    return text
  }
}
