import TestSupport
import Testing

@testable import PlacementCore

/// Patterns in rules must match in linear time: constructs that need backtracking are compile errors.
@Suite struct PatternRejectionTests {
  @Test(arguments: [
    (#"(a)\1"#, "backreferences are not supported: they need backtracking"),
    (#"(?P<x>a)(?P=x)"#, "backreferences are not supported: they need backtracking"),
    (#"(?=a)b"#, "lookaround is not supported: it needs backtracking"),
    (#"(?<!a)b"#, "lookaround is not supported: it needs backtracking"),
    (#"(?>a+)b"#, "atomic groups are not supported: they need backtracking"),
    (#"a++"#, "possessive quantifiers are not supported: they need backtracking"),
  ])
  func backtrackingPatternsAreCompileErrors(pattern: String, reason: String) throws {
    let text = HostileRules.withPlacement("segment s = country matches /\(pattern)/", row: "s")
    let compilation = HostileRules.compile(text)
    #expect(compilation.ruleSet == nil)
    #expect(compilation.diagnostics.map(\.code) == ["invalid-pattern"])
    #expect(compilation.diagnostics.first?.message == "invalid pattern: \(reason)")
  }

  /// The classic catastrophic pattern compiles and answers on a long subject (a backtracking engine would take
  /// 2^n steps); correctness only here, speed is the benchmark's business.
  @Test func catastrophicShapesStayCorrectOnLongText() throws {
    let text = HostileRules.withPlacement("segment s = country matches /^(a+)+$/", row: "s")
    let ruleSet = try #require(HostileRules.compile(text).ruleSet)
    let long = String(repeating: "a", count: 1_000)
    #expect(
      try HostileRules.resolveP(ruleSet, Profile(builtins: ["country": .string(long)])).content.flowID == "matched")
    #expect(
      try HostileRules.resolveP(ruleSet, Profile(builtins: ["country": .string(long + "b")])).content.flowID == "other")
  }

  @Test func patternSizeAndNestingAreBounded() throws {
    let deep = String(repeating: "(", count: 101) + "a" + String(repeating: ")", count: 101)
    let big = "a{1000}{1000}"
    for (pattern, reason) in [
      (deep, "groups are nested too deeply"),
      ("(a{1000}){20}", "pattern is too large: it needs at least 20001 instructions, over the limit of 10000"),
      (big, "repetition operator follows another repetition"),
    ] {
      let diagnostics = HostileRules.compile(
        HostileRules.withPlacement("segment s = country matches /\(pattern)/", row: "s")
      ).diagnostics
      #expect(diagnostics.map(\.message) == ["invalid pattern: \(reason)"])
    }
  }
}
