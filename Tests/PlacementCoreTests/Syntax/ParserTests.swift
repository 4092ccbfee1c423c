import TestSupport
import Testing

@testable import PlacementCore

/// The parser's tree: shape, missing nodes (``Presence``), and recovery after an error.
@Suite struct ParserTests {
  func parse(_ text: String) -> (RuleFileSyntax, [Diagnostic]) {
    Parser.parse(SourceFile(name: "test.rules", text: text))
  }

  func attribute(_ text: String) throws -> AttributeDecl {
    guard case .attribute(let decl) = try #require(parse(text).0.declarations.first) else {
      throw HarnessError(message: "not an attribute: \(text)")
    }
    return decl
  }

  func segment(_ text: String) throws -> SegmentDecl {
    guard case .segment(let decl) = try #require(parse(text).0.declarations.first) else {
      throw HarnessError(message: "not a segment: \(text)")
    }
    return decl
  }

  @Test func anEmptyStringIsPresentAndAMissingNameIsMissing() throws {
    let empty = try #require(try attribute(#"attribute level: choice(a, b) from quiz """#).source)
    #expect(empty.element.presence == .present)
    #expect(empty.element.text == "")
    #expect(empty.element.range == SourceRange(start: 40, end: 42))

    let missing = try #require(try attribute("attribute level: choice(a, b) from quiz").source)
    #expect(missing.element.presence == .missing)
    #expect(missing.element.range == SourceRange(start: 39, end: 39))

    let qualified = try #require(try attribute(#"attribute level: choice(a, b) from quiz "scr/""#).source)
    #expect(qualified.screen?.text == "scr")
    #expect(qualified.element.text == "")
    #expect(qualified.element.presence == .present)
  }

  @Test func aMissingSegmentNameIsPlacedAfterThePreviousToken() throws {
    let (tree, diagnostics) = parse("segment = country == \"US\"\n")
    guard case .segment(let decl) = try #require(tree.declarations.first) else { Issue.record("no segment"); return }
    #expect(decl.name.isMissing)
    #expect(decl.name.range == SourceRange(start: 7, end: 7))
    #expect(diagnostics.map(\.code) == [SyntaxCatalog.expectedToken])
  }

  @Test func andChainsAreBalancedAndKeepTheirOrder() throws {
    let decl = try segment("segment s = a and b and c and d")
    guard case .and(let left, let right) = decl.condition, case .and(.reference(let a), .reference(let b)) = left,
      case .and(.reference(let c), .reference(let d)) = right
    else { Issue.record("unexpected shape \(decl.condition)"); return }
    #expect([a, b, c, d].map(\.text) == ["a", "b", "c", "d"])
  }

  @Test func predicateShape() throws {
    let decl = try segment(#"segment s = country in ["US", "CA"] ignoring case"#)
    guard case .predicate(let predicate) = decl.condition else { Issue.record("not a predicate"); return }
    #expect(predicate.subject.attribute.text == "country")
    #expect(predicate.op == .inList)
    #expect(predicate.ignoringCase)
    guard case .list(let elements, _) = try #require(predicate.operands.first) else { Issue.record("no list"); return }
    #expect(elements.count == 2)
  }

  @Test func aMissingConditionIsAMissingNodeAndTheNextDeclarationStillParses() throws {
    let (tree, diagnostics) = parse("segment a =\nsegment b = x == 1\n")
    #expect(tree.declarations.count == 2)
    guard case .segment(let a) = tree.declarations[0], case .segment(let b) = tree.declarations[1] else {
      Issue.record("not two segments"); return
    }
    guard case .missing(let range) = a.condition else { Issue.record("condition not missing"); return }
    #expect(range == SourceRange(start: 11, end: 11))
    guard case .predicate = b.condition else { Issue.record("b not parsed"); return }
    #expect(diagnostics.map(\.code) == [SyntaxCatalog.expectedExpression])
  }

  @Test func aBrokenRowCostsOnlyThatRow() throws {
    let (tree, diagnostics) = parse(
      "placement p: flow {\n  a -> flw one\n  b -> flow two\n  default -> flow three\n}\n")
    guard case .placement(let placement) = try #require(tree.declarations.first) else { Issue.record("none"); return }
    #expect(placement.rows.map(\.segment.text) == ["a", "b", "default"])
    guard case .missing = placement.rows[0].content else { Issue.record("row a not missing"); return }
    guard case .flow(let id, _, _) = placement.rows[1].content else { Issue.record("row b not a flow"); return }
    #expect(id.text == "two")
    #expect(diagnostics.map(\.code) == [SyntaxCatalog.expectedContent])
  }

  @Test func cStyleOperatorsAreReadAsTheWordsAfterOneDiagnostic() throws {
    let (tree, diagnostics) = parse("segment s = !a && b || c\n")
    guard case .segment(let decl) = try #require(tree.declarations.first),
      case .or(.and(.not(.reference(let a), _), .reference(let b)), .reference(let c)) = decl.condition
    else { Issue.record("unexpected shape"); return }
    #expect([a, b, c].map(\.text) == ["a", "b", "c"])
    #expect(diagnostics.map(\.code) == Array(repeating: SyntaxCatalog.operatorSpelling, count: 3))
  }

  @Test func anUnquotedDateIsOneStringLiteral() throws {
    let (tree, diagnostics) = parse("segment s = installed_at > 2026-01-01T09:30:00Z\n")
    guard case .segment(let decl) = try #require(tree.declarations.first),
      case .predicate(let predicate) = decl.condition,
      case .string(let text, let range) = try #require(predicate.operands.first)
    else { Issue.record("unexpected shape"); return }
    #expect(text == "2026-01-01T09:30:00Z")
    #expect(range == SourceRange(start: 27, end: 47))
    #expect(diagnostics.map(\.code) == [SyntaxCatalog.unquotedDate])
  }
}
