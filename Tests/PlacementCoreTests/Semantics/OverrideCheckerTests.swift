import TestSupport
import Testing

@testable import PlacementCore

/// The checker's verdicts on QA overrides: each wrong target or forced value is an error at its place, with a
/// did-you-mean where a close name exists.
@Suite struct OverrideCheckerTests {
  static let head = ABFixtures.overrideTargets

  @Test func unknownVariationIsReportedWithADidYouMean() {
    let found = expectDiagnostics(
      Self.head + """
        override home_copy: variation 1️⃣c for qa
        override cross: variation 2️⃣z for qa
        """, SemanticsCatalog.unknownVariation)
    #expect(found.map(\.message) == ["test 'home_copy' has no variation 'c'", "test 'cross' has no variation 'z'"])
    #expect(found[0].notes.map(\.message) == ["did you mean 'a'?", "test 'home_copy' has variations 'a', 'b'"])
  }

  @Test func unknownTestAndPlacementAreReportedWithADidYouMean() {
    let tests = expectDiagnostics(
      Self.head + "override 1️⃣home_cpy: variation a for qa\n", SemanticsCatalog.unknownTest)
    #expect(tests.map(\.message) == ["unknown test 'home_cpy'"])
    #expect(tests.first?.notes.first?.message == "did you mean 'home_copy'?")
    #expect(tests.first?.fixIts.first?.replacement == "home_copy")
    let placements = expectDiagnostics(
      Self.head + "override 1️⃣mains: paywall qa for qa\n", SemanticsCatalog.unknownPlacement)
    #expect(placements.map(\.message) == ["unknown placement 'mains'"])
    #expect(placements.first?.notes.first?.message == "did you mean 'main'?")
  }

  @Test func aFormThatDoesNotFitItsTargetIsInvalid() {
    let found = expectDiagnostics(
      Self.head + """
        override 1️⃣main: variation a for qa
        override 2️⃣home_copy: flow x for qa
        override main: 3️⃣fallthrough for qa
        """, SemanticsCatalog.invalidOverride)
    #expect(
      found.map(\.message) == [
        "'main' is a placement, not a test: an override of it forces content",
        "'home_copy' is a test, not a placement: an override of it forces a variation",
        "an override of placement 'main' cannot fall through",
      ])
  }

  @Test func contentOfTheWrongTypeIsReportedAtTheContent() {
    let found = expectDiagnostics(
      Self.head + "override main: 1️⃣flow x for qa\n", SemanticsCatalog.contentTypeMismatch)
    #expect(found.map(\.message) == ["paywall placement 'main' cannot show a flow"])
  }

  @Test func theConditionIsTypedLikeASegment() {
    let found = expectDiagnostics(
      Self.head + "override home_copy: variation a for 1️⃣qaa\n", SemanticsCatalog.unknownSegment)
    #expect(found.first?.notes.first?.message == "did you mean 'qa'?")
  }

  @Test func aMissingConditionIsASyntaxErrorOnItsLine() {
    expectDiagnostics(Self.head + "override home_copy: variation a1️⃣\n", SyntaxCatalog.expectedToken)
  }

  /// Every prefix of a file of overrides (a half-typed declaration in an editor) compiles to diagnostics
  /// without crashing or spinning.
  @Test func everyPrefixOfAnOverrideFileIsHandled() {
    for prefix in ABFixtures.overrideFilePrefixes {
      let compilation = compile(prefix)
      #expect(compilation.ruleSet != nil || compilation.diagnostics.hasErrors)
    }
  }

  @Test func aMissingContentIsReportedOnceAndTheConditionStillChecked() {
    let found = compile(Self.head + "override main: for qaa\n").diagnostics.filter { $0.severity == .error }
    #expect(found.map(\.code.id) == ["expected-content", "unknown-segment"])
  }

}
