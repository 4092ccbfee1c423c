import TestSupport
import Testing

@testable import PlacementCore

/// Every case of the Unleash and GrowthBook operator suites (`Fixtures/conformance/`), through the real
/// pipeline: a one-line segment compiled with `Compilation.compile`, a profile bound and resolved.
@Suite struct ConformanceTests {
  /// What the pipeline did with one case.
  enum Outcome: Equatable {
    case matched(Bool)
    case rejected(codes: [String])
  }

  static func run(_ c: ConformanceCase) -> Outcome {
    let compilation = compile(c.rules)
    guard let ruleSet = compilation.ruleSet else {
      return .rejected(codes: compilation.diagnostics.filter { $0.severity == .error }.map(\.code.id))
    }
    do {
      let decision = try ruleSet.resolve(
        "p", for: ruleSet.bind(c.profile), options: ResolveOptions(now: testNow))
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

  /// Per suite: cases, agree, differs, compile error, skipped, passed.
  static func counts(_ cases: [ConformanceCase]) -> [Int] {
    var counts = [cases.count, 0, 0, 0, 0, 0]
    for c in cases {
      switch c.policy {
      case .agree: counts[1] += 1
      case .differs: counts[2] += 1
      case .compileError: counts[3] += 1
      case .skipped: counts[4] += 1
      }
      if passes(c, run(c)) == true { counts[5] += 1 }
    }
    return counts
  }

  /// The counts reported in docs/Semantics.md; a changed fixture or a new failure changes them.
  @Test func counts() {
    let bySuite = Dictionary(grouping: ConformanceCase.all, by: \.suite).mapValues(Self.counts)
    let total = Self.counts(ConformanceCase.all)
    for (suite, c) in bySuite.sorted(by: { $0.key > $1.key }) + [("total", total)] {
      print(
        "conformance \(suite): \(c[0]) cases: \(c[1]) agree, \(c[2]) differs, \(c[3]) compile-error, "
          + "\(c[4]) skipped; \(c[5]) passed")
    }
    #expect(bySuite["unleash"] == [88, 86, 0, 2, 0, 88])
    #expect(bySuite["growthbook"] == [178, 140, 14, 24, 0, 178])
    #expect(total == [266, 226, 14, 26, 0, 266])
  }

  @Test func suitesAreBothPresent() {
    let suites = Dictionary(grouping: ConformanceCase.all, by: \.suite).mapValues(\.count)
    #expect(suites == ["unleash": 88, "growthbook": 178])
  }
}
