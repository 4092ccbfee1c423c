import PlacementKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The id list table as it was before buckets, kept to measure both in one run under the same load: one hash
/// per 8-byte slot, home slots for a table 70 % full, on the same huge pages, the hashes in ascending order from
/// their home slots, and a probe that reads slot after slot and stops at its hash, a larger one or a free slot.
final class SlotIdTable {
  let table: UnsafeMutableRawBufferPointer
  let homes: Int

  init(ids: [String]) {
    var sorted = ids.map { IdList.hash($0) }
    sorted.sort()
    homes = max(8, Int((Double(sorted.count) / 0.7).rounded(.up)))
    var slots: [Int] = []
    slots.reserveCapacity(sorted.count)
    var previous: UInt64 = 0
    for hash in sorted {
      let key = hash == 0 ? 1 : hash
      guard key != previous else { continue }
      slots.append(max(Self.home(key, homes: homes), (slots.last ?? -1) + 1))
      previous = key
    }
    table = IdList.allocate(bytes: max(homes, (slots.last ?? -1) + 2) * 8)
    var index = 0
    previous = 0
    for hash in sorted {
      let key = hash == 0 ? 1 : hash
      guard key != previous else { continue }
      table.storeBytes(of: key, toByteOffset: slots[index] * 8, as: UInt64.self)
      index += 1
      previous = key
    }
  }

  deinit { free(table.baseAddress) }

  static func home(_ key: UInt64, homes: Int) -> Int {
    Int(truncatingIfNeeded: key.multipliedFullWidth(by: UInt64(homes)).high)
  }

  func contains(_ id: String) -> Bool {
    let hash = IdList.hash(id)
    let key = hash == 0 ? 1 : hash
    let table = UnsafeRawPointer(self.table.baseAddress.unsafelyUnwrapped).assumingMemoryBound(to: UInt64.self)
    var slot = Self.home(key, homes: homes)
    while true {
      let value = table[slot]
      if value >= key || value == 0 { return value == key }
      slot += 1
    }
  }
}

extension IdListBench {
  /// Lookups of `hits` and `misses` in the previous table built from `ids`, printed beside the current ones.
  static func baseline(ids: [String], hits: [String], misses: [String]) {
    let table = SlotIdTable(ids: ids)
    print(String(format: "previous table: %.1f bytes per id", Double(table.table.count) / Double(ids.count)))
    for (name, sample, expected) in [("hit", hits, hits.count), ("miss", misses, 0)] {
      var rounds: [Double] = []
      var found = 0
      for _ in 0..<5 {
        found = 0
        rounds.append(Measure.seconds { for id in sample where table.contains(id) { found += 1 } })
      }
      precondition(found == expected || (expected == 0 && found < 3), "membership is wrong: \(found)")
      print(
        String(
          format:
            "lookup (%@), previous table (a hash per slot, probed slot by slot): %.0f ns (median of 5 rounds of %d)",
          name, Measure.median(rounds) * 1e9 / Double(sample.count), sample.count))
    }
  }
}
