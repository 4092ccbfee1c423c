import TestSupport
import Testing

@testable import PlacementCore

/// Versions (docs/Product.md §4.3) through compile → bind → resolve, on the built-in `app_version`.
@Suite struct VersionSemanticsTests {
  struct Comparison: Sendable, CustomTestStringConvertible {
    let value: String
    let condition: String
    let expected: Bool
    var testDescription: String { "app_version \(value): \(condition) is \(expected)" }
  }

  /// The cases other engines got wrong, each with its mirror image.
  static let comparisons: [Comparison] = [
    Comparison(value: "0.9.0", condition: "app_version < 0.10.0", expected: true),
    Comparison(value: "0.10.0", condition: "app_version < 0.9.0", expected: false),
    Comparison(value: "1.10.0", condition: "app_version > 1.9.0", expected: true),
    Comparison(value: "1.9.0", condition: "app_version > 1.10.0", expected: false),
    Comparison(value: "10.2.0", condition: "app_version > 2.10.0", expected: true),
    Comparison(value: "2.10.0", condition: "app_version > 10.2.0", expected: false),
    Comparison(value: "1.18.1", condition: "app_version >= 1.18.1", expected: true),
    Comparison(value: "1.18.0", condition: "app_version >= 1.18.1", expected: false),
    Comparison(value: "1.0.0-rc.1", condition: "app_version < 1.0.0", expected: true),
    Comparison(value: "1.0.0", condition: "app_version < 1.0.0-rc.1", expected: false),
    Comparison(value: "1.0.0-beta.2", condition: "app_version < 1.0.0-beta.11", expected: true),
    Comparison(value: "1.0.0-beta.11", condition: "app_version < 1.0.0-beta.2", expected: false),
    Comparison(value: "1.0.0-alpha", condition: "app_version < 1.0.0-alpha.1", expected: true),
    Comparison(value: "1.0.0-alpha.1", condition: "app_version < 1.0.0-alpha", expected: false),
    Comparison(value: "2.0", condition: "app_version == 2.0.0", expected: true),
    Comparison(value: "2.0.0", condition: "app_version == 2.0", expected: true),
    Comparison(value: "2", condition: "app_version == 2.0.0", expected: true),
    Comparison(value: "2.0.1", condition: "app_version == 2.0", expected: false),
    Comparison(value: "2.0.0+build.7", condition: "app_version == 2.0.0", expected: true),
    Comparison(value: "2.0.0", condition: "app_version != 2.0.0+other", expected: false),
    Comparison(value: "2.3.0", condition: "app_version in [2.2, 2.3]", expected: true),
    Comparison(value: "2.3.1", condition: "app_version not in [2.2, 2.3]", expected: true),
    Comparison(value: "2.3.0", condition: #"app_version >= "2.3""#, expected: true),
  ]

  @Test(arguments: comparisons)
  func comparison(_ c: Comparison) throws {
    #expect(
      try matches("", c.condition, #"{"profile_id": "p", "app_version": "\#(c.value)"}"#) == c.expected)
  }

  @Test func invalidProfileVersionIsMissingWithAWarning() throws {
    let rules = segmentRules("", "app_version >= 1.0.0")
    let decision = try decide(rules, #"{"profile_id": "p", "app_version": "v1.2.3"}"#)
    #expect(decision.content == .flow(id: "no", paywall: nil))
    #expect(decision.warnings.count == 1)
    let warning = try #require(decision.warnings.first)
    #expect(warning.contains("'app_version'"))
    #expect(warning.contains(#""v1.2.3""#))
    #expect(warning.contains("treated as missing"))
    #expect(warning.contains("leading 'v'"))
    // Missing, not merely "not >= 1.0.0": the complement and the presence test agree.
    let profile = #"{"profile_id": "p", "app_version": "v1.2.3"}"#
    #expect(try !matches("", "app_version is set", profile))
    #expect(try matches("", "app_version != 1.2.3", profile))
    #expect(try !matches("", "app_version < 1.0.0", profile))
  }

  @Test(arguments: ["v1.2.3", #""v1.2.3""#, "1.2.3.4", "01.2.3", #""1.2.3-01""#])
  func invalidLiteralIsACompileError(_ literal: String) {
    let errors = compileErrors("", "app_version == \(literal)")
    #expect(errors.map(\.code) == [SemanticsCatalog.invalidLiteral])
    #expect(errors.first?.message.hasPrefix("invalid version") == true)
  }

  @Test func leadingVLiteralSaysWhy() {
    let errors = compileErrors("", "app_version == v1.2.3")
    #expect(errors.first?.message == "invalid version 'v1.2.3': a leading 'v' is not allowed")
  }

  @Test func declaredVersionAttributesAndOsVersionCompareTheSameWay() throws {
    let declarations = "attribute sdk: version"
    #expect(try matches(declarations, "sdk > 1.9.0", #"{"custom_attributes": {"sdk": "1.10.0"}}"#))
    #expect(try matches("", "os_version >= 17.4", #"{"os_version": "17.10"}"#))
    #expect(try matches("", "app_version_on_install < 2", #"{"app_version_on_install": "1.99.99"}"#))
  }

  @Test func aVersionGivenAsAJSONNumberIsMissing() throws {
    // 2.10 and 2.1 are the same JSON number: a number cannot say which version it meant.
    let decision = try decide(
      segmentRules("", "app_version >= 2.1"), #"{"profile_id": "p", "app_version": 2.10}"#)
    #expect(decision.content == .flow(id: "no", paywall: nil))
    #expect(
      decision.warnings == [
        #"attribute 'app_version': value 2.1 treated as missing: expected a SemVer version string, found a number"#
      ])
  }
}
