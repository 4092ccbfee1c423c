import TestSupport
import Testing

@testable import PlacementCore

/// Every operator under both meanings, on a missing value, a present value that satisfies the positive test, a
/// present value that does not, and a value of the wrong type (bound as missing, with a warning).
@Suite struct DialectMeaningTests {
  static let now = Instant(millisecondsSince1970: 1_764_547_200_000)
  static let day: Int64 = 86_400_000

  /// One condition: the profile values (JSON) for the matching, non-matching and wrong-typed cases, and whether
  /// the segment matches on missing / matching / non-matching / wrong-typed under each meaning.
  struct Case: CustomStringConvertible, Sendable {
    let condition: String
    let attribute: String
    let values: (match: String, other: String, wrong: String)
    let placement: [Bool]
    let adapty: [Bool]
    var description: String { condition }
  }

  static let attributes = """
    attribute plan: string
    attribute score: number
    attribute vip: bool
    attribute ver: version
    attribute tier: choice(a, b, c)
    attribute tags: choices(a, b, c)
    attribute seen: date

    """

  static let recent = "\(1_764_547_200_000 - day)"
  static let old = "\(1_764_547_200_000 - 30 * day)"

  /// Positive tests: false on missing and wrong-typed under both meanings.
  static func positive(_ condition: String, _ attribute: String, _ match: String, _ other: String, _ wrong: String)
    -> Case
  {
    Case(
      condition: condition, attribute: attribute, values: (match, other, wrong),
      placement: [false, true, false, false], adapty: [false, true, false, false])
  }

  /// Negations of a test that `match` satisfies: true on missing under ours, unknown (no match) under Adapty's.
  static func negated(_ condition: String, _ attribute: String, _ match: String, _ other: String, _ wrong: String)
    -> Case
  {
    Case(
      condition: condition, attribute: attribute, values: (match, other, wrong),
      placement: [true, false, true, true], adapty: [false, false, true, false])
  }

  static let cases: [Case] = [
    positive(#"plan == "pro""#, "plan", #""pro""#, #""free""#, "5"),
    negated(#"plan != "pro""#, "plan", #""pro""#, #""free""#, "5"),
    positive("score < 10", "score", "5", "20", #""many""#),
    positive("score <= 10", "score", "10", "20", #""many""#),
    positive("score > 10", "score", "20", "5", #""many""#),
    positive("score >= 10", "score", "10", "5", #""many""#),
    negated("not (score < 10)", "score", "5", "20", #""many""#),
    negated("not (score <= 10)", "score", "10", "20", #""many""#),
    negated("not (score > 10)", "score", "20", "5", #""many""#),
    negated("not (score >= 10)", "score", "10", "5", #""many""#),
    positive(#"plan in ["pro", "max"]"#, "plan", #""max""#, #""free""#, "5"),
    negated(#"plan not in ["pro", "max"]"#, "plan", #""max""#, #""free""#, "5"),
    negated(#"not (plan in ["pro", "max"])"#, "plan", #""max""#, #""free""#, "5"),
    positive("tier == a", "tier", #""a""#, #""b""#, #""zzz""#),
    negated("tier != a", "tier", #""a""#, #""b""#, #""zzz""#),
    positive("tier in [a, b]", "tier", #""b""#, #""c""#, #""zzz""#),
    negated("tier not in [a, b]", "tier", #""b""#, #""c""#, #""zzz""#),
    positive("tags has a", "tags", #"["a"]"#, #"["b"]"#, "5"),
    negated("not (tags has a)", "tags", #"["a"]"#, #"["b"]"#, "5"),
    positive("tags has any [a, b]", "tags", #"["b", "c"]"#, #"["c"]"#, "5"),
    negated("not (tags has any [a, b])", "tags", #"["b", "c"]"#, #"["c"]"#, "5"),
    positive("tags has all [a, b]", "tags", #"["a", "b"]"#, #"["a"]"#, "5"),
    negated("not (tags has all [a, b])", "tags", #"["a", "b"]"#, #"["a"]"#, "5"),
    positive("tags is empty", "tags", "[]", #"["a"]"#, "5"),
    negated("tags is not empty", "tags", "[]", #"["a"]"#, "5"),
    negated("not (tags is empty)", "tags", "[]", #"["a"]"#, "5"),
    positive(#"plan contains "ro""#, "plan", #""pro""#, #""free""#, "5"),
    negated(#"plan not contains "ro""#, "plan", #""pro""#, #""free""#, "5"),
    negated(#"not (plan contains "ro")"#, "plan", #""pro""#, #""free""#, "5"),
    positive(#"plan starts_with "p""#, "plan", #""pro""#, #""free""#, "5"),
    negated(#"not (plan starts_with "p")"#, "plan", #""pro""#, #""free""#, "5"),
    positive("score between 1 and 10", "score", "5", "20", #""many""#),
    negated("not (score between 1 and 10)", "score", "5", "20", #""many""#),
    positive("ver >= 2.0", "ver", #""2.1.0""#, #""1.0.0""#, "true"),
    negated("not (ver >= 2.0)", "ver", #""2.1.0""#, #""1.0.0""#, "true"),
    positive("seen within last 7 days", "seen", recent, old, #""soon""#),
    negated("not (seen within last 7 days)", "seen", recent, old, #""soon""#),
    positive("vip", "vip", "true", "false", #""yes""#),
    negated("not vip", "vip", "true", "false", #""yes""#),
    positive("vip == true", "vip", "true", "false", #""yes""#),
    negated("vip != true", "vip", "true", "false", #""yes""#),
    // Presence tests are never unknown: the same under both meanings (a wrong-typed value is not set).
    Case(
      condition: "plan is set", attribute: "plan", values: (#""pro""#, #""free""#, "5"),
      placement: [false, true, true, false], adapty: [false, true, true, false]),
    Case(
      condition: "plan is not set", attribute: "plan", values: (#""pro""#, #""free""#, "5"),
      placement: [true, false, false, true], adapty: [true, false, false, true]),
    Case(
      condition: "not (plan is set)", attribute: "plan", values: (#""pro""#, #""free""#, "5"),
      placement: [true, false, false, true], adapty: [true, false, false, true]),
    Case(
      condition: "not (plan is not set)", attribute: "plan", values: (#""pro""#, #""free""#, "5"),
      placement: [false, true, true, false], adapty: [false, true, true, false]),
    // Kleene's `or`: a known true side decides; `and`: a known false side decides.
    Case(
      condition: #"plan != "pro" or score > 0"#, attribute: "plan", values: (#""pro""#, #""free""#, "5"),
      placement: [true, false, true, true], adapty: [false, false, true, false]),
  ]

  static func rules(_ condition: String, dialect: String?) -> String {
    (dialect.map { "dialect \($0)\n" } ?? "") + attributes + """
      segment s = \(condition)
      placement p: flow {
        s -> flow yes
        default -> flow no
      }
      """
  }

  static func matches(_ rules: String, _ profiles: [String]) throws -> [Bool] {
    let compilation = compile(rules)
    let ruleSet = try #require(compilation.ruleSet, "\(compilation.diagnostics)")
    return try profiles.map { json in
      let bound = try ruleSet.bind(jsonBytes: Array(json.utf8))
      return ruleSet.program.holds(segment: 0, bound, now: now)
    }
  }

  /// A profile with one custom attribute.
  func custom(_ attribute: String, _ json: String) -> String {
    "{\"custom_attributes\": {\"\(attribute)\": \(json)}}"
  }

  @Test(arguments: cases)
  func operatorUnderBothMeanings(_ test: Case) throws {
    let profiles = [
      "{}", custom(test.attribute, test.values.match), custom(test.attribute, test.values.other),
      custom(test.attribute, test.values.wrong),
    ]
    let got = try Self.matches(Self.rules(test.condition, dialect: nil), profiles)
    #expect(got == test.placement, "\(got)")
    #expect(try Self.matches(Self.rules(test.condition, dialect: "placement"), profiles) == test.placement)
    #expect(try Self.matches(Self.rules(test.condition, dialect: "adapty"), profiles) == test.adapty)
  }

  /// Adapty's documented example: `country ≠ RU` on RU, US and a profile without a country.
  @Test func countryNotRussiaOnTheSixCases() throws {
    let profiles = [#"{"country": "RU"}"#, #"{"country": "US"}"#, "{}"]
    #expect(try Self.matches(Self.rules(#"country != "RU""#, dialect: nil), profiles) == [false, true, true])
    #expect(try Self.matches(Self.rules(#"country != "RU""#, dialect: "adapty"), profiles) == [false, true, false])
  }

  @Test func negationThroughASegmentReferenceIsThreeValued() throws {
    let rules = """
      dialect adapty
      segment russia = country == "RU" or language == "ru"
      segment s = not russia
      placement p: flow {
        s -> flow yes
        default -> flow no
      }
      """
    let compilation = compile(rules)
    let ruleSet = try #require(compilation.ruleSet)
    func holds(_ json: String) throws -> Bool {
      ruleSet.program.holds(segment: 1, try ruleSet.bind(jsonBytes: Array(json.utf8)), now: Self.now)
    }
    #expect(try holds(#"{"country": "US", "language": "en"}"#))
    #expect(try !holds(#"{"country": "US"}"#))
    #expect(try !holds(#"{"country": "RU", "language": "en"}"#))
    #expect(try !holds("{}"))
  }

  @Test func aNegatedRolloutNeedsAProfileID() throws {
    let rules = Self.rules(#"not percent(30) salt "r""#, dialect: "adapty")
    let matched = try Self.matches(rules, ["{}", #"{"profile_id": "  "}"#])
    #expect(matched == [false, false])
    let placement = try Self.matches(Self.rules(#"not percent(30) salt "r""#, dialect: nil), ["{}"])
    #expect(placement == [true])
  }

  @Test func anUnknownDialectAndTwoDifferentOnesAreErrors() throws {
    let unknown = compile("dialect adaptyy\n" + Self.rules("vip", dialect: nil))
    #expect(unknown.diagnostics.map(\.code) == ["invalid-dialect"])
    #expect(unknown.diagnostics.first?.fixIts.first?.replacement == "adapty")
    let both = Compilation.compile([
      RuleSource(name: "a.rules", text: "dialect adapty\n" + Self.rules("vip", dialect: nil)),
      RuleSource(name: "b.rules", text: "dialect placement\n"),
    ])
    let error = try #require(both.diagnostics.first { $0.code == "invalid-dialect" })
    #expect(error.message == "dialect 'placement' conflicts with dialect 'adapty' declared for the same rules")
    #expect(error.span?.file.name == "b.rules")
    #expect(error.notes.first?.span?.file.name == "a.rules")
    let twice = Compilation.compile([
      RuleSource(name: "a.rules", text: "dialect adapty\n" + Self.rules("vip", dialect: nil)),
      RuleSource(name: "b.rules", text: "dialect adapty\n"),
    ])
    #expect(twice.diagnostics.isEmpty)
    #expect(twice.model.dialect == .adapty)
  }
}
