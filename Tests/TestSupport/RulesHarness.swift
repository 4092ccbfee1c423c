import PlacementCore

/// Compiles one in-memory rules file named `test.rules`.
public func compile(_ rules: String) -> Compilation {
  Compilation.compile([RuleSource(name: "test.rules", text: rules)])
}

/// A fixed instant for relative date conditions in tests: 2026-11-30T00:00:00Z.
public let testNow = Instant(iso8601: "2026-11-30T00:00:00Z")!

/// Compiles `rules` (which must have no errors), reads `profile` JSON and resolves `placement`.
public func decide(_ rules: String, _ profile: String, placement: String = "p", explain: Bool = false) throws
  -> Decision
{
  let compilation = compile(rules)
  guard let ruleSet = compilation.ruleSet else {
    throw HarnessError(message: DiagnosticRenderer().render(compilation.diagnostics))
  }
  let parsed = try Profile(jsonBytes: Array(profile.utf8))
  return try ruleSet.resolve(
    placement, for: ruleSet.bind(parsed), options: ResolveOptions(now: testNow, explain: explain))
}

/// Whether segment `s` of a one-segment rules text matches the profile: builds `placement p` with rows
/// `s -> flow yes` and `default -> flow no`.
public func matches(_ declarations: String, _ condition: String, _ profile: String) throws -> Bool {
  let rules = """
    \(declarations)
    segment s = \(condition)
    placement p: flow {
      s -> flow yes
      default -> flow no
    }
    """
  return try decide(rules, profile).content == .flow(id: "yes", paywall: nil)
}

/// A harness failure: the rules did not compile, or a fixture was not what a test expects.
public struct HarnessError: Error, CustomStringConvertible {
  public let message: String
  public var description: String { message }

  public init(message: String) { self.message = message }
}

/// "line:column" of each diagnostic, for position assertions.
public func positions(_ diagnostics: [Diagnostic]) -> [String] {
  diagnostics.map { "\($0.span!.location)" }
}

/// The rules text of ``matches(_:_:_:)``: segment `s = <condition>` in placement `p` (`s -> flow yes`,
/// `default -> flow no`).
public func segmentRules(_ declarations: String, _ condition: String) -> String {
  """
  \(declarations)
  segment s = \(condition)
  placement p: flow {
    s -> flow yes
    default -> flow no
  }
  """
}

/// Reads a profile from JSON text.
public func readProfile(_ json: String) throws -> Profile {
  try Profile(jsonBytes: Array(json.utf8))
}

/// Compiles `rules` (which must have no errors), binds `profile` and resolves `placement` at `now`.
public func decide(
  _ rules: String, _ profile: Profile, placement: String = "p", now: Instant = testNow, explain: Bool = false
) throws -> Decision {
  let compilation = compile(rules)
  guard let ruleSet = compilation.ruleSet else {
    throw HarnessError(message: DiagnosticRenderer().render(compilation.diagnostics))
  }
  return try ruleSet.resolve(placement, for: ruleSet.bind(profile), options: ResolveOptions(now: now, explain: explain))
}

/// The error diagnostics of compiling ``segmentRules(_:_:)``.
public func compileErrors(_ declarations: String, _ condition: String) -> [Diagnostic] {
  compile(segmentRules(declarations, condition)).diagnostics.filter { $0.severity == .error }
}
