import Foundation
import PlacementKit

/// `placement-bench id-list [COUNT]`: an id list of COUNT ids (default 10,000,000): load time (reading the
/// file's lines, hashing, sorting), bytes per id, and nanoseconds per lookup for ids in and not in the list, then
/// the same list compiled into a rule set and resolved through `profile_id in list`.
enum IdListBench {
  /// `id-<n>` for even n: ids of 4–11 bytes; odd n are the misses.
  static func id(_ n: Int) -> String { "id-\(n)" }

  static func run(count: Int) throws {
    var text: [UInt8] = []
    text.reserveCapacity(count * 12)
    for n in 0..<count {
      text += Array(id(2 * n).utf8)
      text.append(0x0A)
    }
    print("id list of \(count) ids, \(text.count) bytes of file")
    var loads: [Double] = []
    var list: IdList?
    for _ in 0..<3 {
      loads.append(Measure.seconds { list = IdListFile(text).list })
    }
    guard let list else { return }
    print(String(format: "load (lines, hash, sort): %.2f s (median of 3)", Measure.median(loads)))
    print(String(format: "memory: %.1f bytes per id", Double(list.tableBytes) / Double(count)))
    // A pseudo-random order, so lookups do not walk the table in order.
    let sample = 1_000_000
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    var hits: [String] = []
    var misses: [String] = []
    hits.reserveCapacity(sample)
    misses.reserveCapacity(sample)
    for _ in 0..<sample {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let n = Int((state >> 33) % UInt64(count))
      hits.append(id(2 * n))
      misses.append(id(2 * n + 1))
    }
    for (name, ids, expected) in [("hit", hits, sample), ("miss", misses, 0)] {
      var rounds: [Double] = []
      var found = 0
      let before = Measure.allocations()
      for _ in 0..<5 {
        found = 0
        rounds.append(Measure.seconds { for id in ids where list.contains(id) { found += 1 } })
      }
      let allocations = Measure.allocations().flatMap { after in before.map { after - $0 } } ?? 0
      precondition(found == expected || (expected == 0 && found < 3), "membership is wrong: \(found)")
      print(
        String(
          format: "lookup (%@): %.0f ns (median of 5 rounds of %d), %llu heap allocations", name,
          Measure.median(rounds) * 1e9 / Double(sample), sample, allocations))
    }
    baseline(ids: (0..<count).map { id(2 * $0) }, hits: hits, misses: misses)
    try resolve(text: text, hits: Array(hits.prefix(100_000)), misses: Array(misses.prefix(100_000)))
  }

  /// The list compiled with rules that test it, and resolutions of bound profiles in and out of it.
  static func resolve(text: [UInt8], hits: [String], misses: [String]) throws {
    let rules = """
      list big from "lists/big.txt"
      segment listed = profile_id in list big
      placement p: flow {
        listed -> flow listed
        default -> flow other
      }
      """
    var ruleSet: RuleSet?
    let compile = try Measure.seconds {
      ruleSet = try Compilation.compile([
        RuleSource(name: "bench.rules", text: rules),
        RuleSource(name: "lists/big.txt", bytes: text, path: "lists/big.txt", kind: .config),
      ]).get()
    }
    guard let ruleSet else { return }
    print(String(format: "compile with the list: %.2f s (rules_version %@)", compile, ruleSet.version))
    for (name, ids) in [("hit", hits), ("miss", misses)] {
      let bound = try ids.map { try ruleSet.bind(Profile(profileID: $0)) }
      var rounds: [Double] = []
      for _ in 0..<5 {
        rounds.append(
          try Measure.seconds {
            for profile in bound { _ = try ruleSet.resolve("p", for: profile, options: ResolveOptions(now: .epoch)) }
          })
      }
      print(
        String(
          format: "resolve through 'in list' (%@): %.0f ns per decision (median of 5 rounds of %d)", name,
          Measure.median(rounds) * 1e9 / Double(ids.count), ids.count))
    }
  }
}
