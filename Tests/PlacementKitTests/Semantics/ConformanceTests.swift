import Testing

@testable import PlacementKit

/// Every case of the Unleash and GrowthBook operator suites (`Fixtures/conformance/`), through the real
/// pipeline: a one-line segment compiled with `Compilation.compile`, a profile bound and resolved.
@Suite struct ConformanceTests {
  /// What the pipeline did with one case.
  enum Outcome: Equatable {
    case matched(Bool)
    case rejected(codes: [String])
  }

  static func run(_ c: ConformanceCase) -> Outcome {
    let compilation = OneFileRules.compile(c.rules)
    guard let ruleSet = compilation.ruleSet else {
      return .rejected(codes: compilation.diagnostics.filter { $0.severity == .error }.map(\.code.id))
    }
    do {
      let decision = try ruleSet.resolve(
        "p", for: ruleSet.bind(c.profile), options: ResolveOptions(now: OneFileRules.now))
      return .matched(decision.content == .flow(id: "yes", paywall: nil))
    } catch {
      return .rejected(codes: ["resolve: \(error)"])
    }
  }

  /// Whether the outcome is what the case's policy demands; nil for a skipped case.
  static func passes(_ c: ConformanceCase, _ outcome: Outcome) -> Bool? {
    switch (c.policy, outcome) {
    case (.agree, .matched(let result)): result == c.expected
    case (.differs, .matched(let result)): result == !c.expected
    case (.compileError, .rejected(let codes)): !codes.isEmpty
    case (.skipped, _): nil
    default: false
    }
  }

  @Test(arguments: ConformanceCase.all)
  func caseHoldsItsPolicy(_ c: ConformanceCase) {
    let outcome = Self.run(c)
    #expect(
      Self.passes(c, outcome) != false,
      "\(c.policy) expected=\(c.expected) got \(outcome) \(c.why)\n\(c.rules)\nprofile x = \(c.attribute.map { "\($0)" } ?? "absent")"
    )
  }

  /// The counts reported in docs/Semantics.md; a changed fixture or a new failure changes them.
  @Test func counts() {
    var agree = 0, differs = 0, compileError = 0, skipped = 0, passed = 0
    for c in ConformanceCase.all {
      switch c.policy {
      case .agree: agree += 1
      case .differs: differs += 1
      case .compileError: compileError += 1
      case .skipped: skipped += 1
      }
      if Self.passes(c, Self.run(c)) == true { passed += 1 }
    }
    let total = ConformanceCase.all.count
    print(
      "conformance: \(total) cases: \(agree) agree, \(differs) differs, \(compileError) compile-error, "
        + "\(skipped) skipped; \(passed) passed")
    #expect([total, agree, differs, compileError, skipped] == [266, 226, 14, 26, 0])
    #expect(passed == total - skipped)
  }

  @Test func suitesAreBothPresent() {
    let suites = Dictionary(grouping: ConformanceCase.all, by: \.suite).mapValues(\.count)
    #expect(suites == ["unleash": 88, "growthbook": 178])
  }
}
