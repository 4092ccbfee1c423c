// libFuzzer target `profile`: arbitrary bytes as a profile line (`Profile(jsonBytes:)`), and, when they are
// JSON, as a flow event (`FlowEvent.decode`) and through the JSON writer.
//
// Built by scripts/fuzz.sh with the engine's sources (PlacementCore, PlacementKit/API) in one module (no `import`).
// Invariants checked: JSON that reads also writes and reads back to an equal value.

func fuzzProfile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  _ = try? Profile(jsonBytes: bytes)
  guard let json = try? JSONReader.parse(bytes) else { return 0 }
  let written = JSONWriter.serialized(json, sortedKeys: true)
  let reread = try? JSONReader.parse(written, limits: JSONLimits(maxBytes: 1 << 30))
  precondition(reread == json, "written JSON reads back to the same value")
  _ = try? FlowEvent.decode(json)
  if case .array(let events) = json {
    var answers = FlowAnswers()
    for event in events {
      if let decoded = (try? FlowEvent.decode(event)) ?? nil { answers.apply(decoded) }
    }
  }
  return 0
}

#if !PLACEMENT_FUZZ_ALL
@_cdecl("LLVMFuzzerTestOneInput")
public func profileEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt { fuzzProfile(data, size) }
#endif
