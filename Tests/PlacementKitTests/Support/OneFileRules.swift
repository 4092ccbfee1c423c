import Foundation

@testable import PlacementKit

/// Compiles and resolves one-file rule sets through the real pipeline (compile → bind → resolve), for tests.
///
/// The usual shape is one segment `s` over some declarations, in a placement `p` with the rows
/// `s -> flow yes` and `default -> flow no`: the segment matched exactly when the decision shows flow `yes`.
enum OneFileRules {
  /// The pinned `now` of relative date conditions: 2026-11-30T00:00:00Z.
  static let now = Instant(iso8601: "2026-11-30T00:00:00Z")!

  /// Compiles one in-memory rules file named `test.rules`.
  static func compile(_ rules: String) -> Compilation {
    Compilation.compile([RuleSource(name: "test.rules", text: rules)])
  }

  /// The rules text of one segment `s = <condition>` in placement `p` (`s -> flow yes`, `default -> flow no`).
  static func segmentRules(_ declarations: String, _ condition: String) -> String {
    """
    \(declarations)
    segment s = \(condition)
    placement p: flow {
      s -> flow yes
      default -> flow no
    }
    """
  }

  /// Compiles `rules` (which must have no error), binds `profile` and resolves `placement`.
  /// - Throws: ``Failure`` with the rendered diagnostics when the rules do not compile, or a profile or
  ///   resolve error.
  static func decide(
    _ rules: String, _ profile: Profile, placement: String = "p", now: Instant = now, explain: Bool = false
  ) throws -> Decision {
    let compilation = compile(rules)
    guard let ruleSet = compilation.ruleSet else {
      throw Failure(message: DiagnosticRenderer().render(compilation.diagnostics))
    }
    return try ruleSet.resolve(
      placement, for: ruleSet.bind(profile), options: ResolveOptions(now: now, explain: explain))
  }

  /// ``decide(_:_:placement:now:explain:)`` with the profile given as JSON text.
  static func decide(
    _ rules: String, json: String, placement: String = "p", now: Instant = now, explain: Bool = false
  ) throws -> Decision {
    try decide(rules, try Profile(jsonBytes: Array(json.utf8)), placement: placement, now: now, explain: explain)
  }

  /// Whether segment `s = <condition>` matches the profile given as JSON text.
  static func matches(_ declarations: String, _ condition: String, _ json: String, now: Instant = now) throws -> Bool {
    try decide(segmentRules(declarations, condition), json: json, now: now).content == .flow(id: "yes", paywall: nil)
  }

  /// The error diagnostics of compiling segment `s = <condition>`.
  static func errors(_ declarations: String, _ condition: String) -> [Diagnostic] {
    compile(segmentRules(declarations, condition)).diagnostics.filter { $0.severity == .error }
  }

  /// The lines of a JSON Lines fixture in `Fixtures/<subdirectory>/<name>`, each parsed.
  static func fixtureLines(_ name: String, subdirectory: String) throws -> [JSONValue] {
    guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures/\(subdirectory)")
    else { throw Failure(message: "fixture \(subdirectory)/\(name) not found") }
    let text = try String(contentsOf: url, encoding: .utf8)
    return try text.split(separator: "\n").filter { !$0.isEmpty }.map { try JSONReader.parse(String($0)) }
  }

  struct Failure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
  }
}
