import TestSupport
import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

@Suite struct RebalanceWeightsTests {
  func rules(_ weights: [Int]) -> String {
    let variations = weights.enumerated().map { "flow f\($0.offset) \($0.element)%" }.joined(separator: ", ")
    return """
      segment us = country == "US"
      placement p: flow {
        us -> test 1️⃣t { \(variations) }
        default -> flow c
      }
      """
  }

  @Test func weightsSummingTo120AreAnErrorNamingTheSumWithARebalancingFixIt() throws {
    let marked = MarkedRules(rules([40, 40, 40]))
    let errors = Linter.lint(compile(marked.text)).filter { $0.code == SemanticsCatalog.invalidWeights }
    #expect(positions(errors) == marked.positions)
    let error = try #require(errors.first)
    #expect(error.severity == .error)
    #expect(error.message.contains("sum to 120%"))
    #expect(error.fixIts.map(\.replacement) == ["34", "33", "33"])
    #expect(error.fixIts.first?.message == "rebalance the weights to 34% + 33% + 33%")
    #expect(error.fixIts.map { $0.span.file.text(of: $0.span.range) } == ["40", "40", "40"])
  }

  @Test func weightsSummingTo99GetOneFixIt() throws {
    let marked = MarkedRules(rules([33, 33, 33]))
    let error = try #require(Linter.lint(compile(marked.text)).first { $0.code == SemanticsCatalog.invalidWeights })
    #expect(error.message.contains("sum to 99%"))
    #expect(error.fixIts.map(\.replacement) == ["34"])
  }

  @Test func crossPlacementTestWeightsAreRebalancedToo() throws {
    let text = """
      segment us = country == "US"
      test spring version "s1" {
        variation a 60% { p -> paywall a }
        variation b 60% { p -> paywall b }
      }
      placement p: paywall {
        us -> test spring
        default -> paywall c
      }
      """
    let errors = Linter.lint(compile(text)).filter { $0.code == SemanticsCatalog.invalidWeights }
    #expect(errors.flatMap(\.fixIts).map(\.replacement) == ["50", "50"])
  }

  @Test(arguments: [
    ([40, 40, 40], [34, 33, 33]),
    ([33, 33, 33], [34, 33, 33]),
    ([50, 30], [63, 37]),
    ([1, 1, 198], [1, 1, 98]),
    ([0, 0], [50, 50]),
    ([10, 90], [10, 90]),
  ])
  func rebalancedWeightsSumTo100AndKeepEveryVariation(weights: [Int], expected: [Int]) throws {
    let balanced = try #require(RebalanceWeights.rebalanced(weights))
    #expect(balanced == expected)
    #expect(balanced.reduce(0, +) == 100)
    #expect(balanced.allSatisfy { $0 >= 1 })
  }
}
