import PlacementCore
import Synchronization

/// The current rule set of a running service, replaced atomically when the rules change.
///
/// Reading copies a reference out of a cell under a mutex held only for that copy; a reload compiles
/// on the caller's thread, then swaps the new rule set in. So requests never wait for a compilation, never see a
/// half-built rule set (rule sets are immutable values, built completely before the swap), and a reload whose
/// rules have errors changes nothing: the previous rule set keeps serving and the diagnostics are returned.
///
/// ```swift
/// let store = RuleStore(try RuleSet.load(directory: "Rules").get())
/// // request path:
/// let decision = try store.resolve("onboarding_end", for: profile)
/// // when the rules change (a file watcher, an admin endpoint; not on the request path):
/// let result = store.reload(sources: newSources)
/// if result.outcome == .rejected { log(result.rendered()) }
/// ```
public final class RuleStore: Sendable {
  /// One installed rule set.
  public struct Snapshot: Sendable {
    /// The rules.
    public let ruleSet: RuleSet
    /// 1 for the rule set the store was created with, then one more for each applied reload.
    public let version: Int
  }

  /// What is installed, and the ticket of the reload that installed it (0 for the initial rule set).
  private final class Installed: Sendable {
    let snapshot: Snapshot
    let ticket: Int

    init(_ snapshot: Snapshot, ticket: Int) {
      self.snapshot = snapshot
      self.ticket = ticket
    }
  }

  private let installed: SnapshotCell<Installed>
  /// Reloads take increasing tickets when they start, so a slow reload never replaces a newer one.
  private let tickets = Atomic<Int>(0)

  /// Where sticky assignments are looked up and saved (docs/ABTests.md, "Sticky assignments"); nil: only the
  /// assignments a profile carries count, and new ones are not kept.
  public let assignments: (any AssignmentStore)?

  /// Where the rules come from and how the polls went (``status``); written by the load at start
  /// (``init(source:cache:options:assignments:clock:)``) and by the store's ``RulesFollower``.
  let record: PthreadLocked<SourceRecord>
  /// The current time of the record's instants (``status``).
  let clock: @Sendable () -> Instant

  /// A store serving `ruleSet` as version 1.
  /// - Parameters:
  ///   - ruleSet: the rules to serve until the first applied reload.
  ///   - assignments: the store of sticky assignments every resolution consults and updates, or nil.
  public convenience init(_ ruleSet: RuleSet, assignments: (any AssignmentStore)? = nil) {
    self.init(ruleSet, assignments: assignments, clock: { .now })
  }

  init(_ ruleSet: RuleSet, assignments: (any AssignmentStore)?, clock: @escaping @Sendable () -> Instant) {
    installed = SnapshotCell(Installed(Snapshot(ruleSet: ruleSet, version: 1), ticket: 0))
    self.assignments = assignments
    self.clock = clock
    record = PthreadLocked(SourceRecord(installedAt: clock()))
  }

  /// The installed rule set and its version. Resolve every placement of one request against one snapshot, so
  /// that a reload in between cannot mix two versions in one response.
  public var snapshot: Snapshot {
    installed.read().snapshot
  }

  /// The installed rule set.
  public var ruleSet: RuleSet { snapshot.ruleSet }

  /// What the store serves, where from, and how fresh it is (``RulesStatus``): for a health endpoint and a
  /// metrics page.
  public var status: RulesStatus {
    record.withLock { $0.status(snapshot) }
  }

  /// Compiles `sources` and, when they have no error, installs the result.
  ///
  /// Compilation runs on the calling thread without holding any lock (call it from a background task, not from
  /// a request); readers keep using the installed rule set meanwhile and see the new one from their next read.
  /// - Parameters:
  ///   - sources: the complete new rules (every file; nothing is merged with the installed rules).
  ///   - options: syntax limits and the diagnostics cap.
  /// - Returns: whether the rules were installed, the version serving afterwards, and every diagnostic.
  @discardableResult
  public func reload(sources: [RuleSource], options: CompileOptions = CompileOptions()) -> ReloadResult {
    let ticket = tickets.add(1, ordering: .relaxed).newValue
    return install(RuleSet.compile(sources: sources, options: options), ticket: ticket)
  }

  /// Reads and compiles the `*.rules` files below `directory` and, when they have no error, installs the result.
  /// - Parameters:
  ///   - directory: the rules folder.
  ///   - options: syntax limits and the diagnostics cap.
  /// - Returns: as ``reload(sources:options:)``; a folder that cannot be read is `.rejected` with
  ///   ``ReloadResult/loadError`` set.
  @discardableResult
  public func reload(directory: String, options: CompileOptions = CompileOptions()) -> ReloadResult {
    let ticket = tickets.add(1, ordering: .relaxed).newValue
    do {
      return install(try RuleSet.load(directory: directory, options: options), ticket: ticket)
    } catch {
      return ReloadResult(outcome: .rejected, version: snapshot.version, diagnostics: [], loadError: error)
    }
  }

  /// Compiles `sources` and installs them as ``reload(sources:options:)`` does, then runs `recording` with the
  /// result while holding the record's lock, which ``status`` takes too: a status never pairs the new rules with
  /// the previous record.
  func reload(
    sources: [RuleSource], options: CompileOptions, recording: (inout SourceRecord, ReloadResult) -> Void
  ) -> ReloadResult {
    let ticket = tickets.add(1, ordering: .relaxed).newValue
    let compilation = RuleSet.compile(sources: sources, options: options)
    return record.withLock { record in
      let result = install(compilation, ticket: ticket)
      recording(&record, result)
      return result
    }
  }

  /// Installs a compiled result unless a reload with a later ticket already did.
  func install(_ result: Compilation, ticket: Int) -> ReloadResult {
    guard let ruleSet = result.ruleSet else {
      return ReloadResult(outcome: .rejected, version: snapshot.version, diagnostics: result.diagnostics)
    }
    return installed.update { current in
      guard ticket > current.ticket else {
        return (
          nil, ReloadResult(outcome: .superseded, version: current.snapshot.version, diagnostics: result.diagnostics)
        )
      }
      let version = current.snapshot.version + 1
      return (
        Installed(Snapshot(ruleSet: ruleSet, version: version), ticket: ticket),
        ReloadResult(outcome: .applied, version: version, diagnostics: result.diagnostics)
      )
    }
  }

  /// Decides what `profile` gets at `placement` with the installed rules (see
  /// ``RuleSet/resolve(_:for:options:)-(String,Profile,_)``), with the ``assignments`` store's sticky assignments,
  /// saving the new ones.
  /// - Parameters:
  ///   - placement: the placement's name, as declared in the rules.
  ///   - profile: the user (bound with the installed rule set).
  ///   - options: the instant relative date conditions use, whether to explain, whether to honour the profile's
  ///     `force` (``ResolveOptions/allowOverrides``; keep it off for production traffic). Default: now, no
  ///     explanation, no `force`.
  /// - Returns: the decision.
  /// - Throws: ``ResolveError/unknownPlacement(_:known:suggestion:)``.
  public func resolve(_ placement: String, for profile: Profile, options: ResolveOptions = ResolveOptions())
    throws(ResolveError) -> Decision
  {
    let ruleSet = self.ruleSet
    let index = try ruleSet.placementIndex(of: placement)
    return resolving(ruleSet, ruleSet.bind(profile), placements: [index], options: options)[0]
  }

  /// Decides what `profile` gets at every placement, all with the same installed rule set (and the
  /// ``assignments`` store, as ``resolve(_:for:options:)``).
  /// - Parameters:
  ///   - profile: the user (bound with the installed rule set).
  ///   - options: as for ``resolve(_:for:options:)``.
  /// - Returns: one decision per placement, in declaration order.
  public func resolveAll(for profile: Profile, options: ResolveOptions = ResolveOptions()) -> [Decision] {
    let ruleSet = self.ruleSet
    return resolving(ruleSet, ruleSet.bind(profile), placements: Array(ruleSet.placements.indices), options: options)
  }

  /// Decides what `profile` gets at `placement`: ``resolve(_:for:options:)``.
  @available(*, deprecated, message: "use resolve(_:for:options:)")
  public func resolve(
    placement: String, profile: Profile, now: Instant = .now, explain: Bool = false, allowOverrides: Bool = false
  ) throws(ResolveError) -> Decision {
    try resolve(
      placement, for: profile, options: ResolveOptions(now: now, explain: explain, allowOverrides: allowOverrides))
  }

  /// Decides what `profile` gets at every placement: ``resolveAll(for:options:)``.
  @available(*, deprecated, message: "use resolveAll(for:options:)")
  public func resolveAll(profile: Profile, now: Instant = .now, explain: Bool = false, allowOverrides: Bool = false)
    -> [Decision]
  {
    resolveAll(for: profile, options: ResolveOptions(now: now, explain: explain, allowOverrides: allowOverrides))
  }
}

/// The outcome of ``RuleStore/reload(sources:options:)``.
public struct ReloadResult: Sendable {
  /// What a reload did.
  public enum Outcome: Sendable, Equatable {
    /// The new rules are installed and serve from the next read on.
    case applied
    /// The new rules have errors, or could not be read: the previous rules keep serving.
    case rejected
    /// A reload that started later was installed first; this older one was dropped.
    case superseded
  }

  /// Whether the new rules were installed.
  public let outcome: Outcome
  /// The version serving after this reload (unchanged unless `outcome` is `.applied`).
  public let version: Int
  /// Every diagnostic of the new rules (errors when rejected; warnings may accompany an applied reload).
  public let diagnostics: [Diagnostic]
  /// Why the rules folder could not be read (``RuleStore/reload(directory:options:)`` only).
  public let loadError: LoadError?

  init(outcome: Outcome, version: Int, diagnostics: [Diagnostic], loadError: LoadError? = nil) {
    self.outcome = outcome
    self.version = version
    self.diagnostics = diagnostics
    self.loadError = loadError
  }

  /// The diagnostics (or the load error) as people read them.
  public func rendered(colors: Bool = false) -> String {
    if let loadError { return "error: \(loadError.message)\n" }
    return DiagnosticRenderer(colors: colors).render(diagnostics)
  }
}
