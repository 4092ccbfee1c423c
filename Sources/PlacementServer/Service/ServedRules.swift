import Foundation
import PlacementKit
import Synchronization

/// The rules a server answers with: a ``RuleStore`` filled from a rules path (a folder, a rules file or a rules
/// bundle), reloaded from the same path on request (``reload()``, `SIGHUP` in `placement serve`).
///
/// Requests read ``RuleStore/snapshot`` once each, so a reload never mixes two rule sets in one response; a
/// reload whose rules cannot be read or have errors changes nothing (the previous rules keep serving).
public final class ServedRules: Sendable {
  /// Where one installed rule set came from.
  public struct Provenance: Sendable, Equatable {
    /// The rules path as given.
    public let source: String
    /// The bundle's revision (`placement bundle build --revision`), or nil (a folder, or none recorded).
    public let revision: String?
    /// When the rule set was installed.
    public let loadedAt: Instant
  }

  /// What a reload did.
  public struct ReloadReport: Sendable {
    /// Applied, rejected (unreadable rules, or rules with errors), or superseded by a later reload.
    public let outcome: ReloadResult.Outcome
    /// The ``RuleStore/Snapshot/version`` serving afterwards.
    public let storeVersion: Int
    /// The `rules_version` serving afterwards.
    public let rulesVersion: String
    /// The new rules' diagnostics (errors when rejected).
    public let diagnostics: [Diagnostic]
    /// Why the rules could not be read, or nil.
    public let loadError: String?

    /// The load error or the diagnostics as people read them.
    public func rendered() -> String {
      if let loadError { return "error: \(loadError)\n" }
      return DiagnosticRenderer(colors: false).render(diagnostics)
    }
  }

  public let store: RuleStore
  public let source: String
  private let provenances: PthreadLocked<[Int: Provenance]>
  /// One reload at a time, so that provenance is recorded in the order versions are installed.
  private let reloading = PthreadLocked(())
  private let reloads = Atomic<Int>(0)
  private let failures = Atomic<Int>(0)

  /// Reads and compiles the rules at `path`.
  /// - Throws: ``RulesLoadFailure`` when they cannot be read or have an error.
  public init(path: String) throws(RulesLoadFailure) {
    let read = try Self.read(path)
    let compilation = Compilation.compile(read.sources)
    guard let ruleSet = compilation.ruleSet else { throw RulesLoadFailure(message: nil, compilation: compilation) }
    store = RuleStore(ruleSet)
    source = path
    provenances = PthreadLocked([1: Provenance(source: path, revision: read.revision, loadedAt: .now)])
  }

  /// The installed rule set and where it came from.
  public var current: (snapshot: RuleStore.Snapshot, provenance: Provenance) {
    let snapshot = store.snapshot
    let provenance = provenances.withLock { table in
      table[snapshot.version] ?? table[table.keys.max() ?? 1]!
    }
    return (snapshot, provenance)
  }

  /// Reads the rules path again and installs its rules when they compile.
  public func reload() -> ReloadReport {
    reloading.withLock { _ in
      reloads.add(1, ordering: .relaxed)
      let read: (sources: [RuleSource], revision: String?)
      do throws(RulesLoadFailure) {
        read = try Self.read(source)
      } catch {
        failures.add(1, ordering: .relaxed)
        let snapshot = store.snapshot
        return ReloadReport(
          outcome: .rejected, storeVersion: snapshot.version, rulesVersion: snapshot.ruleSet.version, diagnostics: [],
          loadError: error.message ?? "cannot read '\(source)'")
      }
      let result = store.reload(sources: read.sources)
      if result.outcome == .applied {
        let provenance = Provenance(source: source, revision: read.revision, loadedAt: .now)
        provenances.withLock { table in
          table = table.filter { $0.key >= result.version - 1 }
          table[result.version] = provenance
        }
      } else {
        failures.add(1, ordering: .relaxed)
      }
      return ReloadReport(
        outcome: result.outcome, storeVersion: result.version, rulesVersion: store.snapshot.ruleSet.version,
        diagnostics: result.diagnostics, loadError: nil)
    }
  }

  /// Reloads attempted and reloads that changed nothing because the rules could not be read or had errors.
  public var reloadCounts: (attempted: Int, failed: Int) {
    (reloads.load(ordering: .relaxed), failures.load(ordering: .relaxed))
  }

  /// The rules files at `path` and, for a bundle, its revision.
  static func read(_ path: String) throws(RulesLoadFailure) -> (sources: [RuleSource], revision: String?) {
    var info = stat()
    if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR {
      let bytes: [UInt8]
      do {
        bytes = try FileReading.contents(of: path)
      } catch {
        throw RulesLoadFailure(message: error.message)
      }
      if TarArchive.looksLikeArchive(bytes) {
        do {
          let bundle = try RulesBundle.read(bytes)
          return (bundle.sources(named: path), bundle.revision)
        } catch {
          throw RulesLoadFailure(message: "'\(path)': \(error)", isInvalidData: true)
        }
      }
    }
    do {
      return (try RuleLoading.sources(at: [path]), nil)
    } catch {
      throw RulesLoadFailure(message: error.message, isInvalidData: error.isInvalidBundle)
    }
  }
}

/// Rules that could not be served: unreadable (``message``) or not compiling (``compilation``'s diagnostics).
public struct RulesLoadFailure: Error, Sendable {
  public let message: String?
  public let compilation: Compilation?
  /// The path holds bad data (a corrupt or modified bundle) rather than nothing readable.
  public let isInvalidData: Bool

  init(message: String?, compilation: Compilation? = nil, isInvalidData: Bool = false) {
    self.message = message
    self.compilation = compilation
    self.isInvalidData = isInvalidData
  }
}
