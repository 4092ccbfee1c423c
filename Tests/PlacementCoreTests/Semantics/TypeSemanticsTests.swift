import TestSupport
import Testing

@testable import PlacementCore

/// Strict types and coercion by declared type only (docs/Product.md §4.2), through compile → bind → resolve.
@Suite struct TypeSemanticsTests {
  static func custom(_ members: String) -> String { #"{"profile_id": "p", "custom_attributes": {\#(members)}}"# }

  @Test func numericStringMatchesANumberAttribute() throws {
    let declarations = "attribute n: number"
    #expect(try matches(declarations, "n in [1, 2]", Self.custom(#""n": "1""#)))
    #expect(try matches(declarations, "n in [1, 2]", Self.custom(#""n": "2.0""#)))
    #expect(try matches(declarations, "n == 25", Self.custom(#""n": "25""#)))
    #expect(try !matches(declarations, "n in [1, 2]", Self.custom(#""n": "3""#)))
    #expect(try matches(declarations, "n not in [1, 2]", Self.custom(#""n": "3""#)))
  }

  @Test func numberLiteralsTakeAnExponentAsInJSON() throws {
    let declarations = "attribute n: number"
    #expect(try matches(declarations, "n < 1e-3", Self.custom(#""n": 0.0005"#)))
    #expect(try !matches(declarations, "n < 1e-3", Self.custom(#""n": 0.001"#)))
    #expect(try matches(declarations, "n == 2.5E+4", Self.custom(#""n": 25000"#)))
    #expect(try matches(declarations, "n >= 1e3", Self.custom(#""n": 1000"#)))
    #expect(try matches(declarations, "n > -1E-2", Self.custom(#""n": -0.001"#)))
    // The smallest subnormal is a literal like any other; past the largest double is not a number.
    #expect(try matches(declarations, "n < 5e-324", Self.custom(#""n": 0"#)))
    let errors = compileErrors(declarations, "n < 1e400")
    #expect(errors.map(\.code) == [SemanticsCatalog.invalidLiteral])
    #expect(errors.first?.message == "number 1e400 is out of range")
    // An exponent without digits is not one: the literal stays as written, and says so.
    #expect(compileErrors(declarations, "n < 1e").first?.message == "'1e' is not a number")
  }

  @Test func stringAttributeNeverEqualsANumber() throws {
    let declarations = "attribute word: string"
    let errors = compileErrors(declarations, "word == 1")
    #expect(errors.map(\.code) == [SemanticsCatalog.typeMismatch])
    #expect(errors.first?.message == "cannot compare string attribute 'word' with number 1")
    #expect(
      compileErrors(declarations, "word in [1, 2]").map(\.code) == [
        SemanticsCatalog.typeMismatch, SemanticsCatalog.typeMismatch,
      ])
    // A JSON number for a string attribute is not read as "1": it is missing, with a warning.
    let decision = try decide(
      segmentRules(declarations, #"word == "1""#), Self.custom(#""word": 1"#))
    #expect(decision.content == .flow(id: "no", paywall: nil))
    #expect(decision.warnings == ["attribute 'word': value 1 treated as missing: expected a string, found a number"])
    #expect(try matches(declarations, #"word == "1""#, Self.custom(#""word": "1""#)))
    // The warning names the JSON type with its article.
    let array = try decide(segmentRules(declarations, #"word == "1""#), Self.custom(#""word": ["1"]"#))
    #expect(
      array.warnings == [#"attribute 'word': value ["1"] treated as missing: expected a string, found an array"#])
  }

  @Test func boolAndNumberNeverMatch() throws {
    // As literals: compile errors.
    #expect(compileErrors("attribute n: number", "n in [true]").map(\.code) == [SemanticsCatalog.typeMismatch])
    #expect(compileErrors("attribute n: number", "n == true").map(\.code) == [SemanticsCatalog.typeMismatch])
    #expect(compileErrors("attribute b: bool", "b in [1]").map(\.code) == [SemanticsCatalog.unsupportedOperator])
    #expect(compileErrors("attribute b: bool", "b == 1").map(\.code) == [SemanticsCatalog.typeMismatch])
    // As profile values: `true` for a number and `1` for a bool are missing.
    #expect(try !matches("attribute n: number", "n in [1]", Self.custom(#""n": true"#)))
    #expect(try !matches("attribute n: number", "n == 1", Self.custom(#""n": true"#)))
    #expect(try !matches("attribute b: bool", "b == true", Self.custom(#""b": 1"#)))
    #expect(try !matches("attribute b: bool", "b", Self.custom(#""b": 1"#)))
    #expect(try !matches("attribute b: bool", "b == true", Self.custom(#""b": "true""#)))
    #expect(try matches("attribute b: bool", "b == true", Self.custom(#""b": true"#)))
  }

  @Test func stringsCompareByCanonicalEquivalenceAndCase() throws {
    let declarations = "attribute word: string"
    // Precomposed é (U+00E9) in the rule, e + U+0301 in the profile: equal Swift strings.
    #expect(try matches(declarations, "word == \"caf\u{E9}\"", Self.custom("\"word\": \"cafe\u{301}\"")))
    #expect(try !matches(declarations, #"word == "Cafe""#, Self.custom(#""word": "cafe""#)))
    // List literals are element-wise, never substring.
    #expect(try !matches(declarations, #"word in ["United States"]"#, Self.custom(#""word": "United""#)))
  }

  @Test func uncoercibleValueAffectsOnlyItsOwnConditions() throws {
    let rules = """
      attribute n: number
      attribute word: string
      segment bad_number = n > 5
      segment either = n > 5 or word == "x"
      segment good_string = word == "x"
      placement numbers: flow {
        bad_number -> flow big
        default -> flow small
      }
      placement mixed: flow {
        either -> flow either
        default -> flow neither
      }
      placement strings: flow {
        good_string -> flow x
        default -> flow other
      }
      """
    let json = Self.custom(#""n": "lots", "word": "x""#)
    #expect(
      try decide(rules, json, placement: "numbers").content == .flow(id: "small", paywall: nil))
    #expect(try decide(rules, json, placement: "mixed").content == .flow(id: "either", paywall: nil))
    #expect(try decide(rules, json, placement: "strings").content == .flow(id: "x", paywall: nil))
    // The same profile with a good number: only the number's conditions change.
    let good = Self.custom(#""n": "7", "word": "x""#)
    #expect(try decide(rules, good, placement: "numbers").content == .flow(id: "big", paywall: nil))
    #expect(try decide(rules, good, placement: "numbers").warnings.isEmpty)
    // The warning names the attribute and the value seen.
    let warnings = try decide(rules, json, placement: "strings").warnings
    #expect(
      warnings == [
        #"attribute 'n': value "lots" treated as missing: expected a number or a numeric string, found a string"#
      ])
  }

  @Test func builtinNumberCoercesNumericStringsToo() throws {
    #expect(try matches("", "age >= 18", #"{"age": "18"}"#))
    #expect(try !matches("", "age >= 18", #"{"age": "eighteen"}"#))
    #expect(try matches("", "total_revenue_usd between 0.5 and 10", #"{"total_revenue_usd": "0.5"}"#))
  }

  @Test func numberBetweenIsInclusive() throws {
    let declarations = "attribute n: number"
    for (value, expected) in [
      ("1", true), ("10", true), ("5.5", true), ("0.999", false), ("10.0001", false), ("-1", false),
    ] {
      #expect(
        try matches(declarations, "n between 1 and 10", Self.custom(#""n": \#(value)"#)) == expected,
        "n = \(value)")
    }
    #expect(try !matches(declarations, "n between 1 and 10", Self.custom("")))
    #expect(try matches(declarations, "not (n between 1 and 10)", Self.custom("")))
  }

  @Test func numberComparisonsAreExactOnDoubles() throws {
    let declarations = "attribute n: number"
    #expect(try matches(declarations, "n == 0.3", Self.custom(#""n": "0.3""#)))
    #expect(try matches(declarations, "n < -10", Self.custom(#""n": -10.5"#)))
    #expect(try matches(declarations, "n == 12", Self.custom(#""n": "12.0""#)))
    #expect(try !matches(declarations, "n == 12", Self.custom(#""n": "12abc""#)))
    #expect(try !matches(declarations, "n >= 0", Self.custom(#""n": "NaN""#)))
  }
}
