import Foundation
import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

/// The fractions of tests that keep their version, counted over the sampled profiles' exposures.
extension DiffPropertyTests {
  static func checkFractions(
    _ report: DiffReport, _ profiles: [DiffPairGenerator.Profile], _ old: DiffRules, _ new: DiffRules,
    _ oldRules: RuleSet, _ newRules: RuleSet, _ context: String, _ stats: inout Stats
  ) throws {
    let findings = report.tests.filter { $0.reassignedFraction != nil && $0.reassignedContentFraction != nil }
    guard !findings.isEmpty else { return }
    let decisions = try profiles.map { generated -> [(old: Decision, new: Decision)] in
      let profile = try Profile(jsonBytes: Array(generated.json.utf8))
      let before = oldRules.bind(profile)
      let after = newRules.bind(profile)
      return try DiffRules.placementNames.map { name in
        (
          try oldRules.resolve(name, for: before, options: ResolveOptions(now: now)),
          try newRules.resolve(name, for: after, options: ResolveOptions(now: now))
        )
      }
    }
    for finding in findings {
      let name = String(finding.test.split(separator: "/").last!)
      guard let was = old.tests.first(where: { $0.test.name == name }),
        let test = new.tests.first(where: { $0.test.name == name })
      else { continue }
      let sticky = was.test.sticky && test.test.sticky
      // What a variation shows in the placements that hold the test on both sides.
      let common = was.placements.filter(test.placements.contains)
      func contents(_ side: (test: DiffRules.Test, placements: [Int]), _ id: String) -> [String] {
        let variation = side.test.variations.first { $0.id == id }
        return common.map { p in variation.map { $0.content[side.placements.firstIndex(of: p)!] } ?? "-" }
      }
      var total = 0
      var byID = 0
      var byContent = 0
      // One draw per `profile_id`: the named ids recur, and their draws are not independent samples.
      var seen: Set<String> = []
      for (index, generated) in profiles.enumerated() {
        guard let id = generated.id, !id.isEmpty, !seen.contains(id) else { continue }
        let carried = generated.carried[was.test.version]
        // Profiles as the fraction counts them: a sticky test's holders of their drawn variation; else those
        // that draw (no assignment on a side that keeps it, no override).
        if sticky ? carried?.drawn != true : (was.test.sticky || test.test.sticky) && carried != nil { continue }
        let pair = decisions[index].lazy.compactMap { old, new -> (Exposure, Exposure)? in
          guard let x = old.exposures.first(where: { $0.test == name }),
            let y = new.exposures.first(where: { $0.test == name }), x.outcome != .override, y.outcome != .override
          else { return nil }
          if !sticky, x.bucket == nil || y.bucket == nil { return nil }
          if sticky, x.outcome != .sticky { return nil }
          return (x, y)
        }.first
        guard let (x, y) = pair else { continue }
        seen.insert(id)
        total += 1
        if x.variation != y.variation {
          byID += 1
          if contents(was, x.variation) != contents(test, y.variation) { byContent += 1 }
        }
      }
      guard total >= 40 else { continue }
      stats.fractions[finding.kind, default: 0] += 1
      for (expected, count, what) in [
        (finding.reassignedFraction!, byID, "variation id"), (finding.reassignedContentFraction!, byContent, "content"),
      ] {
        let observed = Double(count) / Double(total)
        let slack = expected == 0 || expected == 1 ? 0 : 4.5 * (expected * (1 - expected) / Double(total)).squareRoot()
        #expect(
          abs(observed - expected) <= slack + 1e-9,
          "\(finding.kind.rawValue) of \(finding.test): \(expected) by \(what), but \(count) of \(total) sampled profiles move (\(finding.message))\n\(context)"
        )
      }
    }
  }
}
