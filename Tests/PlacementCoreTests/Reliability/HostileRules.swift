import TestSupport

@testable import PlacementCore

/// Helpers for the reliability suites: compile generated rules text and resolve with a pinned clock.
enum HostileRules {
  static let now = Instant(millisecondsSince1970: 1_764_460_800_000)  // 2025-11-30T00:00:00Z

  static func compile(_ text: String, options: CompileOptions = CompileOptions()) -> Compilation {
    Compilation.compile([RuleSource(name: "hostile.rules", text: text)], options: options)
  }

  /// `segment <name> = <condition>` plus a placement whose first row is that segment.
  static func withPlacement(_ segments: String, row: String) -> String {
    segments + "\nplacement p: flow {\n  \(row) -> flow matched\n  default -> flow other\n}\n"
  }

  /// The flow id the placement `p` shows to a profile.
  static func resolveP(_ ruleSet: RuleSet, _ profile: Profile, explain: Bool = false) throws -> Decision {
    try ruleSet.resolve("p", for: ruleSet.bind(profile), options: ResolveOptions(now: now, explain: explain))
  }

  /// How deep an expression tree is (iterative, so it can measure trees that recursion could not).
  static func depth(_ expr: Expr) -> Int {
    var deepest = 0
    var pending: [(Expr, Int)] = [(expr, 1)]
    while let (node, level) = pending.popLast() {
      deepest = max(deepest, level)
      switch node {
      case .and(let l, let r), .or(let l, let r): pending += [(l, level + 1), (r, level + 1)]
      case .not(let inner, _), .group(let inner, _): pending.append((inner, level + 1))
      case .reference, .predicate, .rollout, .ramp, .missing: break
      }
    }
    return deepest
  }
}

extension ShownContent {
  /// The flow id, for assertions.
  var flowID: String? {
    if case .flow(let id, _) = self { return id }
    return nil
  }
}
