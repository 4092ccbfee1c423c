/// Deterministic pseudo-random numbers (SplitMix64), so every run generates the same profiles. The second
/// multiplier is not the published constant (`TestSupport`'s `SplitMix64` has that one); it stays as it is, since
/// it defines the benchmark's profiles, and so every figure recorded against them.
package struct SplitMix64 {
  package var state: UInt64

  package init(state: UInt64) { self.state = state }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  package mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
  package mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
  package mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

/// Generates profile JSON lines shaped like the ones an app backend holds: identity, built-in attributes (some
/// missing), and quiz answers in `custom_attributes` (some never answered). About 330 bytes a line.
package enum ProfileGenerator {
  package static func line(_ index: Int, random: inout SplitMix64) -> String {
    var members: [String] = [#""profile_id":"p-\#(index)-\#(random.next() % 100_000)""#]
    members.append(#""country":"\#(random.pick(["US", "CA", "GB", "DE", "FR", "BR", "IN", "JP"]))""#)
    members.append(#""platform":"\#(random.chance(60) ? "iOS" : "Android")""#)
    members.append(#""app_version":"\#(random.below(4)).\#(random.below(10)).\#(random.below(5))""#)
    members.append(#""language":"\#(random.pick(["en", "de", "fr", "pt"]))""#)
    if random.chance(80) { members.append(#""age":\#(16 + random.below(50))"#) }
    if random.chance(50) { members.append(#""gender":"\#(random.pick(["f", "m"]))""#) }
    members.append(
      #""subscription_state":"\#(random.pick(["active", "expired", "cancelled", "never"]))""#)
    members.append(#""total_revenue_usd":\#(Double(random.below(10_000)) / 100)"#)
    members.append(#""last_seen_at":"2026-11-\#(10 + random.below(20))T\#(10 + random.below(12)):00:00Z""#)
    var custom: [String] = []
    if random.chance(85) { custom.append(#""experience":"\#(random.pick(["beginner", "amateur", "pro"]))""#) }
    if random.chance(70) {
      let all = ["sports", "music", "yoga", "running", "cooking", "travel"]
      let chosen = all.filter { _ in random.chance(35) }
      custom.append(#""interests":[\#(chosen.map { "\"\($0)\"" }.joined(separator: ","))]"#)
    }
    if random.chance(75) {
      custom.append(#""goal":"\#(random.pick(["lose_weight", "gain_muscle", "stay_fit", "relax"]))""#)
    }
    if random.chance(60) {
      custom.append(#""birthday":"\#(1960 + random.below(50))-0\#(1 + random.below(9))-1\#(random.below(10))""#)
    }
    if random.chance(50) { custom.append(#""reminders":\#(random.chance(50))"#) }
    if random.chance(60) { custom.append(#""weight":"\#(50 + random.below(60))""#) }
    if random.chance(40) { custom.append(#""email":"user\#(index)@\#(random.pick(["gmail.com", "icloud.com"]))""#) }
    members.append(#""custom_attributes":{\#(custom.joined(separator: ","))}"#)
    return "{" + members.joined(separator: ",") + "}"
  }

  /// `count` lines starting from a fixed seed.
  package static func lines(_ count: Int, seed: UInt64 = 42) -> [String] {
    var random = SplitMix64(state: seed)
    return (0..<count).map { line($0, random: &random) }
  }
}
