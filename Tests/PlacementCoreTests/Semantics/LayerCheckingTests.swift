import TestSupport
import Testing

@testable import PlacementCore

/// Compile errors of `layer` declarations, positions proved by markers.
@Suite struct LayerCheckingTests {
  /// Two placements with tests `a`, `b` (main) and `c` (other), then `layer`.
  static func rules(_ layer: String) -> String {
    """
    segment us = country == "US"
    segment de = country == "DE"
    placement main: paywall {
      us      -> test a { paywall a1 50%, paywall a2 50% }
      de      -> test b { paywall b1 50%, paywall b2 50% }
      default -> paywall standard
    }
    placement other: paywall {
      us      -> test c { paywall c1 50%, paywall c2 50% }
      default -> paywall standard
    }
    \(layer)
    """
  }

  @Test func disjointSharesCompileIntoTheModelInBucketOrder() throws {
    let compilation = compile(
      Self.rules(
        """
        layer exp version "exp-2026" {
          b 30% to 52.5%
          a 0% to 30%
          c 99.99% to 100%
        }
        """))
    let rules = try #require(compilation.ruleSet)
    let layer = try #require(rules.layers.first)
    #expect(layer.name == "exp")
    #expect(layer.salt == "exp-2026")
    #expect(layer.allocations.map(\.test) == ["a", "b", "c"])
    #expect(layer.allocations.map(\.buckets) == [0..<3000, 3000..<5250, 9999..<10_000])
    #expect(layer.allocatedBuckets == 5251)
    #expect(layer.unallocated == [5250..<9999])
    guard case .test(let a) = rules.placements[0].rows[0].content,
      case .test(let c) = rules.placements[1].rows[0].content
    else {
      Issue.record("rows are not tests")
      return
    }
    #expect(a.layer == LayerShare(layer: "exp", salt: "exp-2026", buckets: 0..<3000))
    #expect(c.layer?.buckets == 9999..<10_000)
  }

  @Test func aLayerWithoutVersionIsSaltedByItsName() throws {
    let rules = try #require(compile(Self.rules("layer exp {\n  a 0% to 10%\n}")).ruleSet)
    #expect(rules.layers.first?.salt == "layer/exp")
    #expect(rules.layers.first?.hasExplicitVersion == false)
  }

  @Test func overlappingSharesAreAnErrorNamingBothTestsAndBothPositions() throws {
    let found = expectDiagnostics(
      Self.rules(
        """
        layer exp {
          a 0% to 30%
          1️⃣b 20% to 50%
        }
        """), SemanticsCatalog.overlappingLayerShares)
    let error = try #require(found.first)
    #expect(
      error.message == "the share of test 'b' (20% to 50%) overlaps the share of test 'a' (0% to 30%) in 20% to 30%")
    #expect(error.severity == .error)
    #expect(error.notes.first?.message == "the share of test 'a' is here")
    #expect(error.notes.first?.span?.location.description == "13:3")
    #expect(compile(Self.rules("layer exp {\n  a 0% to 30%\n  b 20% to 50%\n}")).ruleSet == nil)
  }

  @Test func sharesThatTouchDoNotOverlap() {
    #expect(errors(Self.rules("layer exp {\n  a 0% to 30%\n  b 30% to 50%\n  c 50% to 100%\n}")).isEmpty)
  }

  @Test func aTestInTwoLayersIsAnError() throws {
    let found = expectDiagnostics(
      Self.rules(
        """
        layer one {
          a 0% to 30%
        }
        layer two {
          1️⃣a 0% to 30%
          b 30% to 40%
          2️⃣b 50% to 60%
        }
        """), SemanticsCatalog.layeredTwice)
    #expect(
      found.map(\.message) == [
        "test 'a' is in layer 'one' and cannot also be in layer 'two'", "test 'b' is listed twice in layer 'two'",
      ])
    #expect(found.first?.notes.first?.span?.location.description == "13:3")
  }

  @Test func anUnknownTestIsAnErrorWithDidYouMean() throws {
    let found = expectDiagnostics(
      Self.rules("layer exp {\n  1️⃣music_paywals 0% to 30%\n}").replacingOccurrences(
        of: "test a ", with: "test music_paywalls "),
      SemanticsCatalog.unknownTest)
    let error = try #require(found.first)
    #expect(error.message == "unknown test 'music_paywals'")
    #expect(error.notes.map(\.message).first == "did you mean 'music_paywalls'?")
    #expect(error.fixIts.first?.replacement == "music_paywalls")
  }

  @Test func boundsArePercentagesWithTwoDecimalsAndAShareIsNotEmpty() {
    let found = expectDiagnostics(
      Self.rules(
        """
        layer exp {
          a 0% to 1️⃣2.555%
          b 2️⃣101% to 102%
          c 3️⃣40% to 30%
        }
        """), SemanticsCatalog.invalidLayerShare)
    #expect(
      found.map(\.message) == [
        "a layer share's bound must be a percentage from 0 to 100 with at most two decimals, found 2.555%",
        "a layer share's bound must be a percentage from 0 to 100 with at most two decimals, found 101%",
        "the share of test 'c' is empty: 40% to 30%",
      ])
  }

  @Test func aNameSharedByTwoInlineTestsIsAmbiguous() {
    let rules = Self.rules("layer exp {\n  1️⃣a 0% to 30%\n}").replacingOccurrences(of: "test c ", with: "test a ")
    let found = expectDiagnostics(rules, SemanticsCatalog.ambiguousLayerTest)
    #expect(found.map(\.message) == ["2 tests are called 'a'; a layer must name one test"])
    #expect(found.first?.notes.compactMap { $0.span?.location.description } == ["4:19", "9:19"])
  }

  @Test func theDefaultRowCannotHoldALayeredTest() {
    let found = expectDiagnostics(
      """
      placement p: paywall {
        default -> 1️⃣test t { paywall a 50%, paywall b 50% }
      }
      layer exp {
        t 0% to 50%
      }
      """, SemanticsCatalog.layeredDefault)
    #expect(
      found.map(\.message) == [
        "the default row cannot hold test 't' of layer 'exp': profiles outside its share would get nothing"
      ])
  }

  @Test func aLayerSaltMustBeItsOwn() {
    let found = expectDiagnostics(
      Self.rules(
        """
        layer one version "shared" {
          a 0% to 10%
        }
        layer two version 1️⃣"shared" {
          b 0% to 10%
        }
        layer three version 2️⃣"main/us/a" {
          c 0% to 10%
        }
        """), SemanticsCatalog.duplicateSalt)
    #expect(
      found.map(\.message) == [
        "layer 'two' has the salt \"shared\" of layer 'one'",
        "the salt \"main/us/a\" of layer 'three' equals the version id of test 'a'",
      ])
  }

  @Test func aLayerDeclaredTwiceIsAnError() {
    let found = expectDiagnostics(
      Self.rules("layer exp {\n  a 0% to 10%\n}\nlayer 1️⃣exp {\n  b 0% to 10%\n}"),
      SemanticsCatalog.duplicateDeclaration)
    #expect(found.map(\.message) == ["layer 'exp' is declared twice"])
  }

  @Test func layerIsAReservedWord() {
    let found = expectDiagnostics(
      "segment 1️⃣layer = country == \"US\"", [SemanticsCatalog.reservedName, SyntaxCatalog.expectedToken])
    #expect(found.count == 1)
  }
}
