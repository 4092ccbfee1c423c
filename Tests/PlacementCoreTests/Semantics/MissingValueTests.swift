import TestSupport
import Testing

@testable import PlacementCore

/// Missing and null values (docs/Product.md §4.1) through compile → bind → resolve: positive operators are false,
/// negated ones their exact complements, `is set` tests presence; absent and null are the same, `""` is present.
@Suite struct MissingValueTests {
  static let noCountry = #"{"profile_id": "p"}"#

  @Test func countryAbsent() throws {
    #expect(try matches("", #"country not in ["RU", "CN"]"#, Self.noCountry))
    #expect(try !matches("", #"country in ["RU"]"#, Self.noCountry))
    #expect(try matches("", #"not (country in ["RU"])"#, Self.noCountry))
    #expect(try !matches("", "country is set", Self.noCountry))
    #expect(try matches("", "country is not set", Self.noCountry))
  }

  @Test func countryEmptyIsAPresentValue() throws {
    let empty = #"{"profile_id": "p", "country": ""}"#
    #expect(try matches("", #"country not in ["RU"]"#, empty))
    #expect(try !matches("", #"country in ["RU"]"#, empty))
    #expect(try matches("", "country is set", empty))
    #expect(try matches("", #"country == """#, empty))
  }

  @Test func countryNullBehavesAsMissing() throws {
    let null = #"{"profile_id": "p", "country": null}"#
    #expect(try matches("", #"country not in ["RU", "CN"]"#, null))
    #expect(try !matches("", #"country in ["RU"]"#, null))
    #expect(try !matches("", "country is set", null))
    #expect(try !matches("", #"country == """#, null))
    #expect(try decide(segmentRules("", "country is set"), null).warnings.isEmpty)
  }

  @Test func tagsAbsentIsMissingNotEmpty() throws {
    let declarations = "attribute tags: choices(a, b)"
    let none = #"{"profile_id": "p"}"#
    #expect(try !matches(declarations, "tags has all [a]", none))
    #expect(try !matches(declarations, "tags has a", none))
    #expect(try !matches(declarations, "tags has any [a, b]", none))
    #expect(try !matches(declarations, "tags is empty", none))
    #expect(try matches(declarations, "tags is not empty", none))
    #expect(try !matches(declarations, "count(tags) == 0", none))
    #expect(try matches(declarations, "count(tags) != 0", none))
    // An empty list is present and empty.
    let empty = #"{"profile_id": "p", "custom_attributes": {"tags": []}}"#
    #expect(try matches(declarations, "tags is empty", empty))
    #expect(try matches(declarations, "count(tags) == 0", empty))
    #expect(try !matches(declarations, "tags has all [a]", empty))
  }

  @Test func boolAbsentIsNeitherTrueNorFalse() throws {
    let declarations = "attribute is_pro: bool"
    #expect(try !matches(declarations, "is_pro == false", Self.noCountry))
    #expect(try !matches(declarations, "is_pro == true", Self.noCountry))
    #expect(try !matches(declarations, "is_pro", Self.noCountry))
    #expect(try matches(declarations, "is_pro != true", Self.noCountry))
    #expect(try matches(declarations, "not is_pro", Self.noCountry))
  }

  @Test func numberNamedCountAbsent() throws {
    #expect(try !matches("attribute count: number", "count == 0", Self.noCountry))
    #expect(try matches("attribute count: number", "count != 0", Self.noCountry))
    #expect(try matches("attribute count: number", "count == 0", #"{"custom_attributes": {"count": 0}}"#))
  }

  @Test(arguments: [
    (#"{"custom_attributes": {"active": true}}"#, false),
    (#"{"custom_attributes": {"active": true, "will_renew": null}}"#, false),
    (#"{"custom_attributes": {"active": true, "will_renew": false}}"#, true),
    (#"{"custom_attributes": {"active": true, "will_renew": true}}"#, false),
  ])
  func activeAndWillRenew(_ profile: String, _ expected: Bool) throws {
    let declarations = "attribute active: bool\nattribute will_renew: bool"
    #expect(try matches(declarations, "active == true and will_renew == false", profile) == expected)
  }

  /// One positive condition per type × operator: false on a missing value; its negation (`not (…)`) true.
  /// docs/Semantics.md's "missing" column is this table.
  static let positives: [(String, String)] = [
    ("attribute v: string", #"v == "a""#), ("attribute v: string", #"v in ["a"]"#),
    ("attribute v: string", #"v starts_with "a""#), ("attribute v: string", #"v ends_with "a""#),
    ("attribute v: string", #"v contains """#), ("attribute v: string", #"v == "a" ignoring case"#),
    ("attribute v: string", "v matches /.*/"),
    ("attribute v: number", "v == 0"), ("attribute v: number", "v < 1"), ("attribute v: number", "v >= -1"),
    ("attribute v: number", "v in [0]"), ("attribute v: number", "v between -1 and 1"),
    ("attribute v: bool", "v == true"), ("attribute v: bool", "v == false"), ("attribute v: bool", "v"),
    ("attribute v: version", "v == 1.0.0"), ("attribute v: version", "v < 99"), ("attribute v: version", "v in [1]"),
    ("attribute v: date", #"v before "2100-01-01""#), ("attribute v: date", #"v <= "2100-01-01""#),
    ("attribute v: date", "v within last 7 days"), ("attribute v: date", "v more than 1 minutes ago"),
    ("attribute v: date", "years_since(v) >= 0"),
    ("attribute v: choice(a, b)", "v == a"), ("attribute v: choice(a, b)", "v in [a, b]"),
    ("attribute v: choices(a, b)", "v has a"), ("attribute v: choices(a, b)", "v has any [a, b]"),
    ("attribute v: choices(a, b)", "v has all [a]"), ("attribute v: choices(a, b)", "v is empty"),
    ("attribute v: choices(a, b)", "count(v) >= 0"), ("attribute v: choices(a, b)", "v has any [A] ignoring case"),
  ]

  @Test(arguments: positives)
  func positiveIsFalseAndNegationTrueOnMissing(_ declarations: String, _ condition: String) throws {
    for profile in [#"{"profile_id": "p"}"#, #"{"custom_attributes": {"v": null}}"#] {
      #expect(try !matches(declarations, condition, profile), "\(condition) on \(profile)")
      #expect(try matches(declarations, "not (\(condition))", profile), "not (\(condition)) on \(profile)")
      #expect(try !matches(declarations, "v is set", profile))
    }
  }

  /// Each negated operator is the exact complement of its positive form, on missing and present values alike.
  @Test(arguments: [
    ("attribute v: string", #"v != "a""#, #"v == "a""#), ("attribute v: string", #"v not in ["a"]"#, #"v in ["a"]"#),
    ("attribute v: string", #"v not contains "a""#, #"v contains "a""#),
    ("attribute v: number", "v != 1", "v == 1"), ("attribute v: bool", "v != true", "v == true"),
    ("attribute v: version", "v != 1", "v == 1"), ("attribute v: choice(a, b)", "v not in [a]", "v in [a]"),
    ("attribute v: choices(a, b)", "v is not empty", "v is empty"), ("attribute v: string", "v is not set", "v is set"),
  ])
  func negatedOperatorIsTheComplement(_ declarations: String, _ negated: String, _ positive: String) throws {
    let values = [nil, #""a""#, #""b""#, "1", "true", #"["a"]"#, "[]", "null"]
    for value in values {
      let profile = value.map { #"{"custom_attributes": {"v": \#($0)}}"# } ?? "{}"
      let n = try matches(declarations, negated, profile)
      let p = try matches(declarations, positive, profile)
      #expect(n == !p, "\(negated) vs \(positive) on \(profile)")
    }
  }
}
