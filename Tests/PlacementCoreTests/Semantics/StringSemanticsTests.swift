import TestSupport
import Testing

@testable import PlacementCore

/// String operators (docs/Product.md §4.5) through compile → bind → resolve.
@Suite struct StringSemanticsTests {
  static let declarations = "attribute name: string"
  static func profile(_ value: String) -> String {
    let escaped = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    return #"{"custom_attributes": {"name": "\#(escaped)"}}"#
  }
  static func quoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }

  @Test func startsEndsContains() throws {
    let email = Self.profile("Test@Some-Email.com")
    #expect(try matches(Self.declarations, #"name starts_with "Test""#, email))
    #expect(try !matches(Self.declarations, #"name starts_with "test""#, email))
    #expect(try matches(Self.declarations, #"name starts_with "test" ignoring case"#, email))
    #expect(try matches(Self.declarations, #"name ends_with ".com""#, email))
    #expect(try matches(Self.declarations, #"name ends_with "SOME-EMAIL.COM" ignoring case"#, email))
    #expect(try matches(Self.declarations, #"name contains "@""#, email))
    #expect(try !matches(Self.declarations, #"name not contains "@""#, email))
    #expect(try matches(Self.declarations, #"name not contains "gmail""#, email))
    // A list operand means any of.
    #expect(try matches(Self.declarations, #"name ends_with [".org", ".com"]"#, email))
    #expect(try !matches(Self.declarations, #"name contains ["gmail", "yahoo"]"#, email))
    #expect(try matches(Self.declarations, #"name not contains ["gmail", "yahoo"]"#, email))
  }

  @Test func inIgnoringCase() throws {
    #expect(try !matches(Self.declarations, #"name in ["us", "uk"]"#, Self.profile("US")))
    #expect(try matches(Self.declarations, #"name in ["us", "uk"] ignoring case"#, Self.profile("US")))
    #expect(try matches(Self.declarations, #"name not in ["us", "uk"]"#, Self.profile("US")))
    #expect(
      try !matches(Self.declarations, #"name not in ["us", "uk"] ignoring case"#, Self.profile("US")))
  }

  /// `ignoring case` can only widen a match: whatever matches as written also matches ignoring case, for
  /// every operator, including text whose lower-case form changes length or grapheme structure.
  @Test func ignoringCaseOnlyWidens() throws {
    let values = [
      "ΑΣ", "ΑΣΑ", "ας", "İstanbul", "i̇stanbul", "STRASSE", "straße", "Straße", "cafe\u{301}", "CAFÉ", "ǅ", "ǆ", "ﬁle",
      "FILE", "",
    ]
    let literals = ["ΑΣ", "ας", "İ", "i", "ß", "SS", "é", "É", "ǅ", "ﬁ", "fi", "E\u{301}", ""]
    var widened = 0
    for op in ["==", "starts_with", "ends_with", "contains"] {
      for value in values {
        for literal in literals {
          let exact = try matches(
            Self.declarations, "name \(op) \(Self.quoted(literal))", Self.profile(value))
          let folded = try matches(
            Self.declarations, "name \(op) \(Self.quoted(literal)) ignoring case", Self.profile(value))
          #expect(!exact || folded, "name \(op) \"\(literal)\" on \"\(value)\"")
          if folded && !exact { widened += 1 }
        }
      }
    }
    #expect(widened >= 10)
  }

  @Test func ignoringCaseDoesNotApplyOutsideStringsAndOptions() {
    for (declarations, condition) in [
      ("attribute n: number", "n == 1 ignoring case"), ("attribute n: number", "n in [1] ignoring case"),
      ("attribute v: version", "v == 1.0 ignoring case"), ("attribute b: bool", "b == true ignoring case"),
      ("attribute t: choices(a, b)", "t is empty ignoring case"), ("", "country is set ignoring case"),
    ] {
      let errors = compileErrors(declarations, condition)
      #expect(errors.map(\.code).contains(SemanticsCatalog.ignoringCaseNotApplicable), "\(condition)")
      #expect(errors.contains { $0.message.hasPrefix("'ignoring case' does not apply to") }, "\(condition)")
    }
  }

  @Test func matchesIsASearchAndIgnoringCaseWidens() throws {
    let agent = Self.profile("Android Mobile Browser")
    #expect(try matches(Self.declarations, "name matches /(Mobile|Tablet)/", agent))
    #expect(try !matches(Self.declarations, "name matches /(mobile|tablet)/", agent))
    #expect(try matches(Self.declarations, "name matches /(mobile|tablet)/ ignoring case", agent))
    #expect(try matches(Self.declarations, "name matches /(Mobile|Tablet)/ ignoring case", agent))
    #expect(try !matches(Self.declarations, "name matches /^Mobile/", agent))
    #expect(try matches(Self.declarations, #"name matches "^[A-Z][a-z]+ ""#, agent))
  }

  @Test func backtrackingPatternsAreCompileErrors() {
    for pattern in [#"/(a)\1/"#, "/(?=a)b/", "/(?<!a)b/", "/[z-a]/", #"/\/???***[)/"#] {
      #expect(
        compileErrors(Self.declarations, "name matches \(pattern)").map(\.code) == [
          SemanticsCatalog.invalidPattern
        ], "\(pattern)")
    }
  }

  @Test func stringOrderingIsACompileError() {
    for condition in [#"name > "5""#, #"name <= "zebra""#, #"name between "a" and "b""#, #"name before "2025-01-01""#] {
      #expect(
        compileErrors(Self.declarations, condition).map(\.code) == [SemanticsCatalog.unsupportedOperator],
        "\(condition)"
      )
    }
  }

  @Test func membershipNeedsAList() {
    let errors = compileErrors(Self.declarations, #"name in "US""#)
    #expect(errors.map(\.code) == [SemanticsCatalog.expectedList])
    #expect(errors.first?.message == "'in' takes a list literal")
    #expect(compileErrors("attribute n: number", "n not in 1").first?.message == "'not in' takes a list literal")
  }
}
