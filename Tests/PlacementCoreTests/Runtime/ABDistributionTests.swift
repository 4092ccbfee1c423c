import TestSupport
import Testing

@testable import PlacementCore

/// Shares of 100,000 synthetic profiles through the whole pipeline (compile, bind, `RuleSet.resolve`).
@Suite(.tags(.slow), .notInQuickLane) struct ABDistributionTests {
  static let profiles = 100_000

  @Test(arguments: [
    ("a: paywall a 50%, b: paywall b 50%", ["a": 50.0, "b": 50.0]),
    ("control: paywall c 70%, treatment: paywall t 30%", ["control": 70.0, "treatment": 30.0]),
    ("x: paywall x 34%, y: paywall y 33%, z: paywall z 33%", ["x": 34.0, "y": 33.0, "z": 33.0]),
  ])
  func splitWithinOnePoint(_ variations: String, _ weights: [String: Double]) throws {
    let rules = try #require(ruleSet("placement p: paywall { default -> test t version \"dist-1\" { \(variations) } }"))
    var counts: [String: Int] = [:]
    for i in 0..<Self.profiles {
      counts[rules.variation("p", id: "profile-\(i)") ?? "none", default: 0] += 1
    }
    let measured = shares(counts)
    #expect(Set(measured.keys) == Set(weights.keys))
    for (id, weight) in weights {
      let share = measured[id] ?? 0
      #expect(abs(share - weight) <= 1.0, "\(id): \(share)% for weight \(weight)%")
    }
  }

  @Test func twentyPercentRolloutIsIndependentOfTheTestInsideIt() throws {
    let rules = try #require(
      ruleSet(
        """
        segment early = percent(20) salt "early-access-2026"
        placement p: paywall {
          early   -> test t version "early-split-1" { a: paywall a 50%, b: paywall b 50% }
          default -> paywall standard
        }
        """))
    var admitted = 0
    var drewA = 0
    for i in 0..<Self.profiles {
      let decision = rules.decide("p", id: "profile-\(i)")
      guard decision.audience.name == "early" else {
        #expect(decision.content == .paywall(id: "standard"))
        continue
      }
      admitted += 1
      if decision.abTest?.variation == "a" { drewA += 1 }
    }
    let admittedShare = Double(admitted) * 100 / Double(Self.profiles)
    #expect(abs(admittedShare - 20) <= 0.5, "rollout admitted \(admittedShare)%")
    let shareA = Double(drewA) * 100 / Double(admitted)
    #expect(abs(shareA - 50) <= 1.5, "inside the rollout, a got \(shareA)%")
  }

  @Test func rolloutWithoutProfileIdAdmitsNobody() throws {
    let rules = try #require(
      ruleSet(
        "segment all = percent(100) salt \"all\"\nplacement p: paywall { all -> paywall in  default -> paywall out }"))
    #expect(rules.decide("p", id: "someone").content == .paywall(id: "in"))
    #expect(rules.decide("p", id: nil).content == .paywall(id: "out"))
  }
}
