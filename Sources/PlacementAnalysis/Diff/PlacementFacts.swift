import PlacementCore

/// What a placement's rows can involve, for the checks that must fail when a placement is not proved
/// equivalent: the tests it holds and the contents it can show.
enum PlacementFacts {
  /// The tests the rows hold, by identity: a cross-placement test's name, `placement/name` for an inline one.
  static func tests(_ placement: PlacementDefinition) -> Set<String> {
    Set(
      placement.rows.compactMap { row in
        guard case .test(let test) = row.content else { return nil }
        return test.isCrossPlacement ? test.name : "\(placement.name)/\(test.name)"
      })
  }

  /// The paywall and flow ids the rows can show, their tests' variations included.
  static func contentIDs(_ placement: PlacementDefinition) -> Set<String> {
    var out: Set<String> = []
    func add(_ content: Content) {
      switch content {
      case .flow(let id, let paywall):
        out.insert(id)
        if let paywall { out.insert(paywall) }
      case .paywall(let id): out.insert(id)
      case .test(let test): test.variations.forEach { add($0.content) }
      case .holdout, .fallthrough_: break
      }
    }
    placement.rows.forEach { add($0.content) }
    placement.overrides.forEach { add($0.content) }
    return out
  }
}
