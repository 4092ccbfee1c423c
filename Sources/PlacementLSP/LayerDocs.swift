import PlacementKit

extension HoverText {
  /// A layer's allocation: each test's share in bucket order and what is left for the rows below.
  func layer(_ name: String) -> String? {
    guard let layer = model.layers.first(where: { $0.name == name }) else {
      guard !compiled.symbols.declarations(of: SymbolKey(.layer, name)).isEmpty else { return nil }
      return "layer `\(name)`\n\nThe allocation is shown when the rules compile without errors."
    }
    var out = "```placement\nlayer \(name)" + (layer.hasExplicitVersion ? " version \"\(layer.salt)\"" : "") + "\n```\n"
    out += "Mutually exclusive tests: a profile's layer bucket (0–9,999, salt `\(layer.salt)`) picks at most one.\n\n"
    out += "| test | share |\n|---|---|\n"
    for allocation in layer.allocations {
      out += "| `\(allocation.test)` | \(LayerShare.describe(allocation.buckets)) |\n"
    }
    let free = layer.unallocated.map(LayerShare.describe).joined(separator: ", ")
    out += "\nUnallocated: \(LayerShare.percent(LayerShare.bucketCount - layer.allocatedBuckets))%"
    out += free.isEmpty ? "\n" : " (\(free)): those profiles skip every test of the layer.\n"
    return out
  }

  /// "In layer `L`: 0% to 30% …" for a layered test's hover, or nothing.
  func layerNote(_ test: String) -> String {
    for layer in model.layers {
      guard let allocation = layer.allocations.first(where: { $0.test == test }) else { continue }
      return "\n\nIn layer `\(layer.name)`: \(LayerShare.describe(allocation.buckets)) of its bucket space; "
        + "profiles outside the share skip this test's rows."
    }
    return ""
  }
}

extension Completion {
  /// Inside `layer <name> [version "<id>"] { <test> <from>% to <to>% ... }`: `version` after the name, test
  /// names at the start of a line, `to` between the bounds.
  func layer(_ tokens: [Token]) -> [Item] {
    guard let last = tokens.last else { return [] }
    if tokens.count == 2, last.kind == .identifier { return keywords(["version"]) }
    if last.kind == .percent, tokens.count >= 3, !tokens[tokens.count - 3].isWord("to") { return keywords(["to"]) }
    if last.kind == .leftBrace || last.kind == .percent { return names(.test) }
    return []
  }
}
