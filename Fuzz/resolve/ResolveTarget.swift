// libFuzzer target `resolve`: the rule set of Rules/ (compiled once) resolving fuzzed profiles at every
// placement, with and without explanations; every decision must write valid JSON.
//
// Built by scripts/fuzz.sh with the engine's sources (PlacementCore, PlacementKit/API) in one module (no `import`).
// The rules are read from $PLACEMENT_FUZZ_RULES (default `Rules`, relative to the working directory).

import Foundation

@_silgen_name("__lsan_disable") func lsanDisable()
@_silgen_name("__lsan_enable") func lsanEnable()

/// Compiled once, with LeakSanitizer paused: the rule set lives until exit, and LSan cannot follow Swift's
/// spare-bit-tagged enum payload pointers, so it reported the global's 53 allocations as a leak at exit (the
/// first 11-minute run's only finding; no allocation leaks per input).
let fuzzRuleSet: RuleSet = {
  let path = ProcessInfo.processInfo.environment["PLACEMENT_FUZZ_RULES"] ?? "Rules"
  lsanDisable()
  defer { lsanEnable() }
  guard let ruleSet = (try? RuleLoading.compile(paths: [path]))?.ruleSet else {
    fatalError("the rules at \(path) do not compile")
  }
  return ruleSet
}()

func fuzzResolve(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard let profile = try? Profile(jsonBytes: UnsafeBufferPointer(start: data, count: size)) else { return 0 }
  let bound = fuzzRuleSet.bind(profile)
  precondition(bound.values.count == fuzzRuleSet.attributes.count, "one value per attribute slot")
  resolveEveryPlacement(fuzzRuleSet, bound)
  return 0
}

/// Resolves every placement for `bound` without and with explain, and checks that each decision's JSON reads
/// back (shared by the `resolve` and `rules` targets).
func resolveEveryPlacement(_ ruleSet: RuleSet, _ bound: BoundProfile) {
  let now = Instant(millisecondsSince1970: 1_764_460_800_000)
  for explain in [false, true] {
    for decision in try! ruleSet.resolveAll(for: bound, options: ResolveOptions(now: now, explain: explain)) {
      var json = JSONWriter()
      decision.write(to: &json)
      precondition((try? JSONReader.parse(json.bytes, limits: JSONLimits(maxBytes: 1 << 30))) != nil, "decision JSON reads back")
    }
  }
}

#if !PLACEMENT_FUZZ_ALL
@_cdecl("LLVMFuzzerTestOneInput")
public func resolveEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt { fuzzResolve(data, size) }
#endif
