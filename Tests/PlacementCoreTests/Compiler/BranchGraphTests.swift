import TestSupport
import Testing

@testable import PlacementCore

/// A run follows the ``BranchGraph`` (jumps from leaf to leaf) instead of recursing through `and`, `or` and
/// `not`. The oracle here is the recursive walk it replaced, over the same program and the same leaf tests:
/// every segment must give the same result, and the run must observe exactly the nodes the walk evaluates, with
/// the same results (explain reads them), never one node with two results.
@Suite struct BranchGraphTests {
  /// Every node result a run reported.
  struct Recorder: EvaluationObserver {
    var seen: [Int: Bool] = [:]
    var conflicts = 0

    mutating func node(_ index: Int, holds: Bool) {
      if let earlier = seen[index], earlier != holds { conflicts += 1 }
      seen[index] = holds
    }
  }

  /// The recursive walk: children in order, short-circuiting; a segment reference walks that segment.
  static func walk(
    _ index: Int, _ program: Program, _ run: inout ProgramEvaluator<Recorder>, _ profile: BoundProfile,
    _ seen: inout [Int: Bool]
  ) -> Bool {
    let node = program.nodes[index]
    let result: Bool
    switch node.op {
    case .all, .any:
      let isAll = node.op == .all
      var child = index + 1
      var decided = isAll
      for _ in 0..<node.childCount {
        if walk(child, program, &run, profile, &seen) != isAll {
          decided = !isAll
          break
        }
        child = Int(program.nodes[child].end)
      }
      result = decided
    case .not: result = !walk(index + 1, program, &run, profile, &seen)
    case .segment: result = walk(Int(program.roots[node.segment]), program, &run, profile, &seen)
    default: result = run.leaf(program.steps[index], index, profile)
    }
    seen[index] = result
    return result
  }

  static func check(_ ruleSet: RuleSet, _ profile: BoundProfile, _ context: String) -> Int {
    let program = ruleSet.program
    let now = Instant(millisecondsSince1970: OracleGenerator.now)
    for segment in program.roots.indices {
      var recorder = Recorder()
      let result = program.run(profile, now: now, observer: &recorder) { run, profile in run.segment(segment, profile) }
      var unused = Recorder()
      var seen: [Int: Bool] = [:]
      let expected = program.run(profile, now: now, observer: &unused) { run, profile in
        walk(Int(program.roots[segment]), program, &run, profile, &seen)
      }
      #expect(result == expected, "segment \(segment)\n\(context)")
      #expect(recorder.seen == seen, "segment \(segment)\n\(context)")
      #expect(recorder.conflicts == 0, "segment \(segment)\n\(context)")
    }
    return program.roots.count
  }

  @Test func generatedConditionsRunAsTheRecursiveWalk() throws {
    var generator = OracleGenerator(random: SplitMix64(state: 20_261_202))
    var segments = 0
    for _ in 0..<120 {
      let rules = generator.rules()
      let ruleSet = try #require(Compilation.compile([RuleSource(name: "g.rules", text: rules.text)]).ruleSet)
      for index in 0..<10 {
        let profile = generator.profile(index)
        segments += Self.check(
          ruleSet, try ruleSet.bind(jsonBytes: Array(profile.json.utf8)), rules.text + profile.json)
      }
    }
    #expect(segments > 2_000)
  }

  /// Nesting that exits several nodes at once: the last leaf of `not (… or not (… and …))` decides them all.
  @Test func nestedNotAndOrExitTogether() throws {
    let text = """
      attribute a: bool
      attribute b: bool
      attribute c: number
      segment inner = a and (b or c > 1)
      segment deep = not (a or not (b and (c > 1 or not (c < 0 and inner))))
      segment twice = inner and not inner or deep
      placement p: flow {
        deep -> flow d
        twice -> flow t
        default -> flow x
      }
      """
    let ruleSet = try #require(Compilation.compile([RuleSource(name: "n.rules", text: text)]).ruleSet)
    var checked = 0
    for a in ["true", "false", "null"] {
      for b in ["true", "false", "null"] {
        for c in ["-1", "0", "2", "null"] {
          let json = #"{"profile_id":"p","custom_attributes":{"a":\#(a),"b":\#(b),"c":\#(c)}}"#
          checked += Self.check(ruleSet, try ruleSet.bind(jsonBytes: Array(json.utf8)), json)
        }
      }
    }
    #expect(checked == 3 * 3 * 4 * 3)
  }
}
