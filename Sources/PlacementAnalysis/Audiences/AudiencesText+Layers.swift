import PlacementCore

extension AudiencesText {
  /// Each layer's allocation, after the list of placements: its salt, then one line per test share in bucket
  /// order and one per unallocated range (`(unallocated)`), then the totals. Empty without layers.
  package static func layers(_ layers: [LayerDefinition]) -> String {
    var out = ""
    for layer in layers {
      let version = "version \"\(layer.salt)\"" + (layer.hasExplicitVersion ? "" : " (derived)")
      let allocated = LayerShare.percent(layer.allocatedBuckets)
      let free = LayerShare.percent(LayerShare.bucketCount - layer.allocatedBuckets)
      out += "\n" + paragraph("layer \(layer.name) (\(version)): \(allocated)% allocated, \(free)% unallocated")
      let shares =
        layer.allocations.map { ($0.buckets, $0.test, "") }
        + layer.unallocated.map { ($0, "(unallocated)", ": the rows below decide") }
      let rows = shares.sorted { $0.0.lowerBound < $1.0.lowerBound }.map { [[$1], [LayerShare.describe($0) + $2]] }
      for line in grid(["test", "share"], rows, width: maxWidth - 2).split(separator: "\n") {
        out += "  " + line + "\n"
      }
    }
    return out
  }

  /// The fallback line of a table with layered rows: which rows profiles outside their share skip.
  static func layerLines(_ table: AudienceTable) -> [String] {
    let rows = table.layeredRows.compactMap { row -> String? in
      guard let share = row.layer else { return nil }
      return "row \(row.priority) '\(row.name)' (layer \(share.layer), \(LayerShare.describe(share.buckets)))"
    }
    guard !rows.isEmpty else { return [] }
    return ["profiles outside their share of the layer skip these rows: " + rows.joined(separator: "; ")]
  }
}
