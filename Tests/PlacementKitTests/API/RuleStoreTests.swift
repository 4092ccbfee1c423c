import Synchronization
import TestSupport
import Testing

@testable import PlacementKit

/// Hot reload: a broken reload keeps the previous rules serving, a good one is visible to the next resolution,
/// and readers racing with reloads only ever see complete rule sets. Run under Thread Sanitizer in CI
/// (`swift test --sanitize=thread --filter RuleStoreTests`).
@Suite struct RuleStoreTests {
  /// Rules of generation `g`: every content id starts with `g<g>_`, and odd generations declare an extra
  /// attribute first, so attribute slots move between generations.
  static func rules(generation g: Int) -> String {
    """
    \(g % 2 == 1 ? "attribute nickname: string\n" : "")attribute tier: number
    segment high = tier >= 10
    segment mid = tier >= 5 and country != "ZZ"
    placement first: flow {
      high    -> flow g\(g)_high
      mid     -> flow g\(g)_mid
      default -> flow g\(g)_low
    }
    placement second: paywall {
      high    -> paywall g\(g)_high
      default -> paywall g\(g)_low
    }
    """
  }

  static let broken = "placement first: flow {\n  high -> \n}\nsegment = tier >>= 3\n"

  static func source(_ text: String) -> [RuleSource] { [RuleSource(name: "store.rules", text: text)] }

  static func store(generation: Int = 0) throws -> RuleStore {
    RuleStore(try RuleSet.compile(text: rules(generation: generation)).get())
  }

  static let profile: Profile = {
    var profile = Profile(id: "p-1")
    profile.customAttributes["tier"] = 7
    return profile
  }()

  static let now = Instant(iso8601: "2026-11-30T00:00:00Z")!

  /// The generation every content id of `decisions` names, or nil when they disagree (a mixed rule set).
  static func generation(of decisions: [Decision]) -> Int? {
    let generations = Set(
      decisions.map { decision -> Int in
        guard case .flow(let id, _) = decision.content else {
          if case .paywall(let id) = decision.content { return Int(id.dropFirst().prefix { $0 != "_" }) ?? -1 }
          return -1
        }
        return Int(id.dropFirst().prefix { $0 != "_" }) ?? -1
      })
    return generations.count == 1 ? generations.first : nil
  }

  @Test func brokenReloadKeepsServingThePreviousRulesAndReturnsTheDiagnostics() throws {
    let store = try Self.store()
    let result = store.reload(sources: Self.source(Self.broken))
    #expect(result.outcome == .rejected)
    #expect(result.version == 1)
    #expect(result.diagnostics.contains { $0.severity == .error })
    #expect(result.rendered().contains("store.rules:2:"))
    #expect(store.snapshot.version == 1)
    let decision = try store.resolve("first", for: Self.profile, options: ResolveOptions(now: Self.now))
    #expect(decision.content == .flow(id: "g0_mid", paywall: nil))
  }

  @Test func anUnknownPlacementSuggestsTheCloseOne() throws {
    let store = RuleStore(try RuleSet.load(directory: repositoryRoot.path + "/Rules").get())
    do {
      let decision = try store.resolve("onboarding", for: Self.profile)
      Issue.record("resolved an unknown placement: \(decision.content)")
    } catch {
      #expect(
        error == .unknownPlacement("onboarding", known: store.ruleSet.placementNames, suggestion: "onboarding_end"))
      #expect(
        error.description
          == "unknown placement 'onboarding'; did you mean 'onboarding_end'? (known placements: onboarding_end, main_paywall, upgrade_prompt)"
      )
    }
  }

  @Test func goodReloadIsVisibleToTheNextResolution() throws {
    let store = try Self.store()
    #expect(
      try store.resolve("first", for: Self.profile, options: ResolveOptions(now: Self.now)).content
        == .flow(id: "g0_mid", paywall: nil))
    let result = store.reload(sources: Self.source(Self.rules(generation: 1)))
    #expect(result.outcome == .applied)
    #expect(result.version == 2)
    #expect(result.diagnostics.isEmpty)
    #expect(
      try store.resolve("first", for: Self.profile, options: ResolveOptions(now: Self.now)).content
        == .flow(id: "g1_mid", paywall: nil))
  }

  @Test func anOlderReloadNeverReplacesANewerOne() throws {
    let store = try Self.store()
    let newer = store.install(RuleSet.compile(text: Self.rules(generation: 2)), ticket: 2)
    let older = store.install(RuleSet.compile(text: Self.rules(generation: 1)), ticket: 1)
    #expect(newer.outcome == .applied)
    #expect(older.outcome == .superseded)
    #expect(older.version == 2)
    #expect(Self.generation(of: store.resolveAll(for: Self.profile, options: ResolveOptions(now: Self.now))) == 2)
  }

  @Test func unreadableFolderIsRejectedWithTheLoadError() throws {
    let store = try Self.store()
    let result = store.reload(directory: "/nonexistent/rules-\(UInt64.random(in: 0...UInt64.max))")
    #expect(result.outcome == .rejected)
    #expect(result.loadError != nil)
    #expect(store.snapshot.version == 1)
  }

  @Test func readersRacingWithReloadsOnlySeeCompleteRuleSets() async throws {
    let store = try Self.store()
    let done = DoneFlag()
    let reloads = 120
    let readers = 8
    let reads = await withTaskGroup(of: Int.self, returning: [Int].self) { group in
      for reader in 0..<readers {
        group.addTask {
          var count = 0
          var lastGeneration = -1
          repeat {
            // A snapshot: bind and resolve every placement with one rule set.
            let snapshot = store.snapshot
            let bound = snapshot.ruleSet.bind(Self.profile)
            var decisions = try! snapshot.ruleSet.resolveAll(for: bound, options: ResolveOptions(now: Self.now))
            if reader % 2 == 1 {
              decisions = store.resolveAll(for: Self.profile, options: ResolveOptions(now: Self.now))
            }
            let generation = Self.generation(of: decisions)
            #expect(generation != nil, "decisions from two rule sets in one read: \(decisions.map(\.content))")
            #expect((generation ?? -1) >= lastGeneration, "a reader went back to an older rule set")
            #expect(decisions.count == 2)
            lastGeneration = generation ?? lastGeneration
            count += 1
            if count % 16 == 0 { await Task.yield() }
          } while !done.value.load(ordering: .acquiring)
          return count
        }
      }
      group.addTask {
        for generation in 1...reloads {
          let broken = generation % 4 == 0
          let text = broken ? Self.broken : Self.rules(generation: generation)
          let before = store.snapshot.version
          let result = store.reload(sources: Self.source(text))
          #expect(result.outcome == (broken ? .rejected : .applied))
          #expect(result.version == (broken ? before : before + 1))
          if !broken {
            // Visible to the very next resolution.
            #expect(
              Self.generation(of: store.resolveAll(for: Self.profile, options: ResolveOptions(now: Self.now)))
                == generation)
          }
          await Task.yield()
        }
        done.value.store(true, ordering: .releasing)
        return 0
      }
      var counts: [Int] = []
      for await count in group { counts.append(count) }
      return counts
    }
    #expect(reads.filter { $0 > 0 }.count == readers, "every reader resolved at least once: \(reads)")
    #expect(store.snapshot.version == 1 + reloads - reloads / 4)
    #expect(
      Self.generation(of: store.resolveAll(for: Self.profile, options: ResolveOptions(now: Self.now))) == reloads - 1)
  }
}

/// Tells the readers that the reloads are over.
final class DoneFlag: Sendable {
  let value = Atomic<Bool>(false)
}
