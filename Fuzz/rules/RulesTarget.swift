// libFuzzer target `rules`: arbitrary bytes through the whole rules compiler (lexer → parser → checker →
// compiler), the diagnostic renderer, and, when the bytes compile, resolution of every placement.
//
// Built by scripts/fuzz.sh with the engine's sources (PlacementCore, PlacementKit/API) in one module (no `import`).
// Besides "no crash, no leak, no hang", it checks invariants that a bug would break (a failed `precondition`
// is a finding like a crash). Only the first diagnostics are rendered: rendering all 200 of a junk input took
// 50–67 % of each execution, and one renderer call per input covers the renderer.

import Foundation

/// Inputs seen, compiled, and compiled with at least one placement (printed at exit when
/// `PLACEMENT_FUZZ_STATS` is set: `scripts/fuzz.sh rules stats` replays the corpus this way).
nonisolated(unsafe) var rulesStats = (inputs: 0, compiled: 0, withPlacement: 0)

let rulesStatsAtExit: Void = reportAtExitForStats {
  let s = rulesStats
  fputs("rules corpus: \(s.inputs) inputs, \(s.compiled) compile, \(s.withPlacement) compile with a placement\n", stderr)
}

func fuzzRules(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  _ = rulesStatsAtExit
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let compilation = Compilation.compile([RuleSource(name: "fuzz.rules", text: text)])
  let errors = compilation.diagnostics.filter { $0.severity == .error }.count + compilation.truncatedCount
  precondition((compilation.ruleSet == nil) == (errors > 0), "a rule set exists exactly when nothing is an error")
  precondition(compilation.diagnostics.count <= CompileOptions().maxDiagnostics, "diagnostics are capped")
  for diagnostic in compilation.diagnostics {
    if let range = diagnostic.span?.range {
      precondition(0 <= range.start && range.start <= range.end && range.end <= text.utf8.count, "span inside the file")
    }
  }
  _ = DiagnosticRenderer().render(Array(compilation.diagnostics.prefix(3)))
  rulesStats.inputs += 1
  if let ruleSet = compilation.ruleSet {
    rulesStats.compiled += 1
    if !ruleSet.placements.isEmpty { rulesStats.withPlacement += 1 }
    for profile in [Profile(), Profile(profileID: "p1", customAttributes: ["x": .string("y")])] {
      resolveEveryPlacement(ruleSet, ruleSet.bind(profile))
    }
  }
  return 0
}

#if !PLACEMENT_FUZZ_ALL
@_cdecl("LLVMFuzzerTestOneInput")
public func rulesEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt { fuzzRules(data, size) }
#endif
