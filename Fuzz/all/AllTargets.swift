// Every libFuzzer target in one binary, for the smoke run of .ci/run (one build instead of one per target).
// Built by `scripts/fuzz.sh all …` with `-D PLACEMENT_FUZZ_ALL`, which leaves out each target's own entry
// point; the target is chosen by `PLACEMENT_FUZZ_TARGET` (rules, profile, resolve, binder or http).

import Foundation

let fuzzTarget: (UnsafePointer<UInt8>, Int) -> CInt = {
  switch ProcessInfo.processInfo.environment["PLACEMENT_FUZZ_TARGET"] {
  case "rules": return fuzzRules
  case "profile": return fuzzProfile
  case "resolve": return fuzzResolve
  case "binder": return fuzzBinder
  case "http": return fuzzHTTP
  case let other:
    fatalError("PLACEMENT_FUZZ_TARGET must be rules, profile, resolve, binder or http, not \(other ?? "unset")")
  }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func allEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt { fuzzTarget(data, size) }

/// Registers `report` to run at exit when `PLACEMENT_FUZZ_STATS` is set: `scripts/fuzz.sh TARGET stats` replays a
/// target's corpus this way and prints what the report writes (rules, binder).
func reportAtExitForStats(_ report: @escaping @convention(c) () -> Void) {
  guard ProcessInfo.processInfo.environment["PLACEMENT_FUZZ_STATS"] != nil else { return }
  atexit(report)
}
