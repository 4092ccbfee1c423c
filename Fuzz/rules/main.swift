// libFuzzer target `rules`: arbitrary bytes through the whole rules compiler (lexer → parser → checker →
// compiler), the diagnostic renderer, and, when the bytes compile, resolution of every placement.
//
// Built by scripts/fuzz.sh together with every file of Sources/PlacementKit in one module (no `import`).
// Besides "no crash, no leak, no hang", it checks invariants that a bug would break (a failed `precondition`
// is a finding like a crash).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRules(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
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
  _ = DiagnosticRenderer().render(compilation.diagnostics)
  if let ruleSet = compilation.ruleSet {
    let now = Instant(millisecondsSince1970: 1_764_460_800_000)
    for profile in [Profile(), Profile(profileID: "p1", customAttributes: ["x": .string("y")])] {
      let bound = ruleSet.bind(profile)
      for explain in [false, true] {
        for decision in try! ruleSet.resolveAll(for: bound, options: ResolveOptions(now: now, explain: explain)) {
          var json = JSONWriter()
          decision.write(to: &json)
          precondition((try? JSONReader.parse(json.bytes, limits: JSONLimits(maxBytes: 1 << 30))) != nil, "decision JSON reads back")
        }
      }
    }
  }
  return 0
}
