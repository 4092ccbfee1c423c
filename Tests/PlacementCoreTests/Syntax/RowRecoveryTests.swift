import TestSupport
import Testing

@testable import PlacementCore

/// Newcomer-trial findings on row recovery: an id missing at the end of a row is reported on that row's line and
/// never taken from the next line or from a reserved word, so the next row parses as written; a character that
/// starts no token is one error, not two. Every diagnostic of the file is checked, by markers.
@Suite struct RowRecoveryTests {
  /// All the diagnostics of marked rules, checked against the markers; returns their messages.
  func messages(_ marked: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
    let rules = MarkedRules(marked)
    let found = compile(rules.text).diagnostics
    #expect(positions(found) == rules.positions, sourceLocation: sourceLocation)
    return found.map(\.message)
  }

  @Test func aMissingPaywallIdDoesNotSwallowTheDefaultRow() {
    let found = messages(
      """
      segment a = country == "US"
      placement p: flow {
        a -> flow y with paywall1️⃣
        default -> flow y
      }
      """)
    #expect(found == ["expected a paywall id after 'with paywall', found the end of the line"])
  }

  @Test func aMissingPaywallIdDoesNotTakeTheNextRowsSegment() {
    let found = messages(
      """
      segment a = country == "US"
      segment b = country == "CA"
      placement p: paywall {
        a -> paywall1️⃣
        b -> paywall x
        default -> paywall y
      }
      """)
    #expect(found == ["expected a paywall id, found the end of the line"])
  }

  @Test func aMissingFlowOrTestNameEndsAtTheLine() {
    let found = messages(
      """
      segment a = country == "US"
      segment b = country == "CA"
      placement p: flow {
        a -> flow1️⃣
        b -> test2️⃣
        default -> flow y
      }
      """)
    #expect(
      found == ["expected a flow id, found the end of the line", "expected a test name, found the end of the line"])
  }

  @Test func aReservedWordIsNeverAnIdAndTheRestOfItsRowIsSkipped() {
    let found = messages(
      """
      segment a = country == "US"
      segment b = country == "CA"
      placement p: flow {
        a -> flow 1️⃣default -> flow y
        b -> flow x with paywall 2️⃣flow
        default -> flow y
      }
      """)
    #expect(
      found == ["expected a flow id, found 'default'", "expected a paywall id after 'with paywall', found 'flow'"])
  }

  @Test func aMissingIdInACrossPlacementVariationDoesNotTakeTheNextPlacement() {
    let found = messages(
      """
      segment s = country == "US"
      placement p: paywall {
        s -> test t
        default -> paywall y
      }
      placement q: paywall {
        s -> test t
        default -> paywall z
      }
      test t version "v1" {
        variation a 50% {
          p -> paywall1️⃣
          q -> paywall b
        }
        variation b 50% {
          p -> paywall c
          q -> paywall d
        }
      }
      """)
    #expect(found == ["expected a paywall id, found the end of the line"])
  }

  @Test func theTreeKeepsEveryRowAfterAMissingId() throws {
    let text = "placement p: paywall {\n  a -> paywall\n  b -> paywall x\n  default -> paywall y\n}\n"
    let (tree, _) = Parser.parse(SourceFile(name: "test.rules", text: text))
    guard case .placement(let placement) = try #require(tree.declarations.first) else { Issue.record("none"); return }
    #expect(placement.rows.map(\.segment.text) == ["a", "b", "default"])
    guard case .paywall(let id, _) = placement.rows[0].content else { Issue.record("row a not a paywall"); return }
    #expect(id.presence == .missing)
    #expect(id.range == SourceRange(start: 37, end: 37))
    guard case .paywall(let next, _) = placement.rows[1].content else { Issue.record("row b not a paywall"); return }
    #expect(next.text == "x")
  }

  @Test func aCharacterThatStartsNoTokenIsOneError() {
    let found = messages(
      """
      segment 1️⃣é = country == "US"
      placement p: flow {
        default -> flow y
      }
      """)
    #expect(found == ["unexpected character 'é' (U+00E9)"])
  }
}
