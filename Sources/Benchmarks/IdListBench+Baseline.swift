import PlacementKit

/// The id list table as it was before huge pages and the ordered early stop, kept to measure both in one run
/// under the same load: the hashes in a Swift array (4 KiB pages), linear probing that wraps around and stops
/// only at its hash or a free slot.
struct WrappingIdTable {
  let table: [UInt64]

  init(ids: [String]) {
    var sorted = ids.map { IdList.hash($0) }
    sorted.sort()
    var table = [UInt64](repeating: 0, count: max(8, Int((Double(sorted.count) / 0.7).rounded(.up))))
    for hash in sorted {
      let key = hash == 0 ? 1 : hash
      var slot = Self.home(key, capacity: table.count)
      while table[slot] != 0 && table[slot] != key { slot = slot + 1 == table.count ? 0 : slot + 1 }
      table[slot] = key
    }
    self.table = table
  }

  static func home(_ key: UInt64, capacity: Int) -> Int {
    Int(truncatingIfNeeded: key.multipliedFullWidth(by: UInt64(capacity)).high)
  }

  func contains(_ id: String) -> Bool {
    let hash = IdList.hash(id)
    let key = hash == 0 ? 1 : hash
    return table.withUnsafeBufferPointer { table in
      var slot = Self.home(key, capacity: table.count)
      while true {
        let value = table[slot]
        if value == key { return true }
        if value == 0 { return false }
        slot = slot + 1 == table.count ? 0 : slot + 1
      }
    }
  }
}

extension IdListBench {
  /// Lookups of `hits` and `misses` in the previous table built from `ids`, printed beside the current ones.
  static func baseline(ids: [String], hits: [String], misses: [String]) {
    let table = WrappingIdTable(ids: ids)
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
          format: "lookup (%@), previous table (wrapping probe, 4 KiB pages): %.0f ns (median of 5 rounds of %d)",
          name, Measure.median(rounds) * 1e9 / Double(sample.count), sample.count))
    }
  }
}
