import TestSupport
import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

@Suite struct SuppressionTests {
  @Test(arguments: [
    ("# placement-lint: disable=a", ["a"]),
    ("#placement-lint:disable=a,b", ["a", "b"]),
    ("# placement-lint: disable=a, b  -- why it is fine", ["a", "b"]),
    ("# placement-lint: disable=a reason", ["a"]),
  ])
  func directivesNameTheirCodes(comment: String, codes: [String]) {
    #expect(SuppressionDirective(comment)?.codes == codes)
  }

  @Test func otherCommentsAreNotDirectives() {
    #expect(SuppressionDirective("# a comment about placement-lint") == nil)
    #expect(SuppressionDirective("# placement-lint: disable=")?.problem == "no code after 'disable='")
  }

  @Test func aCommentAboveSuppressesTheNextLineOnlyAndATrailingOneItsOwnLine() {
    let rules = """
      \(quizAttributes)
      # placement-lint: disable=negation-over-answer
      segment a = experience != pro
      segment b = experience != pro
      segment c = experience != pro # placement-lint: disable=negation-over-answer
      segment d = experience != amateur
      """
    let reported = findings(rules, NegationOverAnswer.id).map(\.span!.location.line)
    #expect(reported == [6, 8])
  }

  @Test func compilerDiagnosticsAreNeverSuppressed() {
    let rules = """
      placement p: flow {
        unknown -> flow a # placement-lint: disable=unknown-segment
        default -> flow b
      }
      """
    #expect(Linter.lint(compile(rules)).contains { $0.code == SemanticsCatalog.unknownSegment })
  }
}
