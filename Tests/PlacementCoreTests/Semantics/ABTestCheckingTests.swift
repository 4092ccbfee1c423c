import TestSupport
import Testing

@testable import PlacementCore

/// Compile errors of A/B tests, rollouts and default rows, through the real compiler.
@Suite struct ABTestCheckingTests {
  private func placement(_ row: String, default defaultRow: String = "default -> paywall standard") -> String {
    """
    segment us = country == "US"
    placement p: paywall {
      \(row)
      \(defaultRow)
    }
    """
  }

  @Test func weightsSummingTo120AreAnErrorStatingTheSum() {
    let found = errors(placement("us -> test t { paywall a 40%, paywall b 40%, paywall c 40% }"))
    #expect(found.map(\.code) == [SemanticsCatalog.invalidWeights])
    #expect(found.first?.message == "weights of test 't' sum to 120%, not 100% (40 + 40 + 40)")
  }

  @Test func weightsSummingTo99AreAnErrorStatingTheSum() {
    let found = errors(placement("us -> test t { paywall a 33%, paywall b 33%, paywall c 33% }"))
    #expect(found.map(\.code) == [SemanticsCatalog.invalidWeights])
    #expect(found.first?.message == "weights of test 't' sum to 99%, not 100% (33 + 33 + 33)")
  }

  @Test func zeroAndFractionalWeightsAreErrors() {
    let zero = errors(placement("us -> test t { paywall a 0%, paywall b 100% }"))
    #expect(zero.map(\.message) == ["variation 'a' has weight 0%; remove it instead"])
    let fraction = errors(placement("us -> test t { paywall a 12.5%, paywall b 87.5% }"))
    #expect(fraction.map(\.code) == [SemanticsCatalog.invalidWeights, SemanticsCatalog.invalidWeights])
    #expect(fraction.first?.message == "a weight is a whole percentage from 1 to 100, found 12.5%")
  }

  @Test func twoToTwentyVariations() {
    let one = errors(placement("us -> test t { paywall a 100% }"))
    #expect(one.map(\.message) == ["test 't' has 1 variation; a test has 2 to 20"])
    let arms = (0..<21).map { "paywall p\($0) \($0 == 0 ? 80 : 1)%" }.joined(separator: ", ")
    let many = errors(placement("us -> test t { \(arms) }"))
    #expect(many.map(\.message) == ["test 't' has 21 variations; a test has 2 to 20"])
    let twenty = (0..<20).map { "paywall p\($0) 5%" }.joined(separator: ", ")
    #expect(errors(placement("us -> test t { \(twenty) }")).isEmpty)
  }

  @Test func duplicateVariationIdIsNamed() {
    let explicit = errors(placement("us -> test t { x: paywall a 50%, x: paywall b 50% }"))
    #expect(explicit.map(\.message) == ["test 't' has two variations with id 'x'"])
    let implicit = errors(placement("us -> test t { paywall a 50%, paywall a 50% }"))
    #expect(implicit.map(\.message) == ["test 't' has two variations with id 'a'"])
  }

  @Test func holdoutGetsItsOwnIdAndSortsForTheDraw() throws {
    let rules = try #require(ruleSet(placement("us -> test t { paywall b 40%, holdout 30%, paywall a 30% }")))
    guard case .test(let test) = rules.placements[0].rows[0].content else {
      Issue.record("row 0 is not a test")
      return
    }
    #expect(test.variations.map(\.id) == ["a", "holdout", "b"])
    #expect(test.variations.map(\.weight) == [30, 30, 40])
    #expect(test.versionID == "p/us/t")
    #expect(!test.hasExplicitVersion)
  }

  @Test func defaultRowCannotFallThrough() {
    let plain = errors(placement("us -> paywall a", default: "default -> fallthrough"))
    #expect(plain.map(\.code) == [SemanticsCatalog.defaultFallsThrough])
    let variation = errors(
      placement("us -> paywall a", default: "default -> test t { paywall a 50%, stop: fallthrough 50% }"))
    #expect(
      variation.map(\.message) == ["variation 'stop' of test 't' falls through, but no row follows the default row"])
    #expect(errors(placement("us -> paywall a", default: "default -> test t { paywall a 50%, holdout 50% }")).isEmpty)
  }

  @Test func defaultRowCannotBeACrossPlacementRow() {
    let found = errors(
      """
      test x version "x1" { variation a 50% { p -> paywall a } variation b 50% { p -> paywall b } }
      placement p: paywall { default -> test x }
      """)
    #expect(found.map(\.code) == [SemanticsCatalog.crossPlacementDefault])
    #expect(found.first?.message == "the default row cannot be a row of cross-placement test 'x'")
  }

  @Test func saltsAreUniqueAndDifferFromVersionIds() {
    let base =
      "placement p: paywall {\n a -> test t version \"v1\" { paywall x 50%, paywall y 50% }\n b -> test u { paywall x 50%, paywall y 50% }\n default -> paywall s\n}\n"
    let twice = errors("segment a = percent(10) salt \"s1\"\nsegment b = percent(20) salt \"s1\"\n" + base)
    #expect(twice.map(\.message) == ["rollout salt \"s1\" is used twice"])
    let explicit = errors("segment a = percent(10) salt \"v1\"\nsegment b = percent(20) salt \"s2\"\n" + base)
    #expect(explicit.map(\.message) == ["rollout salt \"v1\" equals the version id of test 't'"])
    let derived = errors("segment a = percent(10) salt \"s1\"\nsegment b = percent(20) salt \"p/b/u\"\n" + base)
    #expect(derived.map(\.message) == ["rollout salt \"p/b/u\" equals the version id of test 'u'"])
    let empty = errors("segment a = percent(10) salt \"\"\nsegment b = percent(20) salt \"s2\"\n" + base)
    #expect(empty.map(\.message) == ["a rollout salt cannot be empty"])
  }

  /// A profile's draw and sticky assignment are keyed by the version id: two tests may share one only with the
  /// same variation ids and weights (then they draw alike), never with others.
  @Test func twoTestsShareAVersionOnlyWithTheSameVariationsAndWeights() throws {
    // 1️⃣ where the error lands, 2️⃣ where its note points (the first test with that version).
    let rules = MarkedRules(
      """
      placement a: paywall {
        default -> test t1 version 2️⃣"same" sticky { x: paywall x 50%, y: paywall y 50% }
      }
      placement b: paywall {
        default -> test t2 version 1️⃣"same" sticky { x: paywall x 30%, z: paywall z 70% }
      }
      placement c: paywall {
        default -> test t3 version "same" { x: paywall q 50%, y: paywall r 50% }
      }
      """)
    let found = compile(rules.text).diagnostics.filter { $0.code == SemanticsCatalog.sharedVersion }
    #expect(positions(found) == [rules.positions[0]])
    let diagnostic = try #require(found.first)
    #expect(
      diagnostic.message == "test 't2' has the version id \"same\" of test 't1', with other variations or weights")
    #expect(diagnostic.notes.first?.span.map { "\($0.location)" } == rules.positions[1])
    // The same ids and weights (other contents: a per-placement mapping) draw alike: no error. Nor does one
    // cross-placement test named by two placements, nor two tests with versions of their own.
    #expect(
      errors(
        """
        segment us = country == "US"
        test x version "x1" {
          variation a 50% { p -> paywall a  q -> paywall c }
          variation b 50% { p -> paywall b  q -> paywall d }
        }
        placement p: paywall { us -> test x  default -> paywall s }
        placement q: paywall { us -> test x  default -> paywall s }
        placement r: paywall { default -> test t version "v1" { a: paywall a 40%, b: paywall b 60% } }
        placement s: paywall { default -> test t version "v2" { a: paywall a 50%, b: paywall b 50% } }
        """
      ).map(\.code) == [])
    // A derived version id is the placement, row and test: an explicit one equal to it is a shared version.
    let derived = errors(
      """
      placement p: paywall { default -> test t { a: paywall a 50%, b: paywall b 50% } }
      placement q: paywall { default -> test u version "p/default/t" { a: paywall a 10%, b: paywall b 90% } }
      """)
    #expect(derived.map(\.code) == [SemanticsCatalog.sharedVersion])
    // A cross-placement test is checked once per placement that names it; its conflict is reported once.
    let crossed = errors(
      """
      segment us = country == "US"
      test x version "x1" {
        variation a 50% { p -> paywall a  q -> paywall a }
        variation b 50% { p -> paywall b  q -> paywall b }
      }
      placement r: paywall { default -> test t version "x1" { a: paywall a 10%, b: paywall b 90% } }
      placement p: paywall { us -> test x  default -> paywall s }
      placement q: paywall { us -> test x  default -> paywall s }
      """)
    #expect(crossed.map(\.code) == [SemanticsCatalog.sharedVersion])
  }

  @Test func crossPlacementTestIsCheckedOnceForAllItsRows() {
    let found = errors(
      """
      segment us = country == "US"
      segment de = country == "DE"
      test x version "x1" {
        variation a 40% { p -> paywall a  q -> paywall a }
        variation b 40% { p -> paywall b  q -> paywall b }
      }
      placement p: paywall { us -> test x  de -> test x  default -> paywall s }
      placement q: paywall { us -> test x  default -> paywall s }
      """)
    #expect(found.map(\.message) == ["weights of test 'x' sum to 80%, not 100% (40 + 40)"])
  }

  @Test func crossPlacementTestNeedsVersionKnownPlacementsAndContentForEachRow() {
    let noVersion = errors(
      "test x { variation a 50% { p -> paywall a } variation b 50% { p -> paywall b } }\nplacement p: paywall { default -> paywall s }"
    )
    #expect(noVersion.map(\.message) == ["cross-placement test 'x' needs a version: 'version \"<id>\"'"])
    let unknown = errors(
      "test x version \"x1\" { variation a 50% { pp -> paywall a } variation b 50% { pp -> paywall b } }\nplacement p: paywall { default -> paywall s }"
    )
    #expect(unknown.map(\.message) == ["unknown placement 'pp'", "unknown placement 'pp'"])
    let uncovered = errors(
      """
      segment us = country == "US"
      test x version "x1" { variation a 50% { p -> paywall a } variation b 50% { p -> paywall b } }
      placement p: paywall { us -> test x  default -> paywall s }
      placement q: paywall { us -> test x  default -> paywall s }
      """)
    #expect(uncovered.map(\.message) == ["test 'x' has no content for placement 'q'"])
  }

  @Test func crossPlacementContentWithoutARowIsAWarning() throws {
    let compilation = compileRules(
      """
      segment us = country == "US"
      test x version "x1" { variation a 50% { p -> paywall a  q -> paywall a } variation b 50% { p -> paywall b  q -> paywall b } }
      placement p: paywall { us -> test x  default -> paywall s }
      placement q: paywall { default -> paywall s }
      """)
    #expect(compilation.ruleSet != nil)
    #expect(compilation.diagnostics.map(\.code) == [SemanticsCatalog.unreferencedTestContent])
    #expect(compilation.diagnostics.first?.severity == .warning)
  }
}
