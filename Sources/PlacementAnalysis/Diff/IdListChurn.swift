import PlacementCore

/// How an id list's membership changed between two versions of the rules: the ids added and removed, counted,
/// with a few examples of each.
package struct IdListChurn: Sendable, Equatable {
  /// The list's name.
  package let name: String
  /// The list file's path inside the rules folder, on the new side.
  package let path: String
  package let oldCount: Int
  package let newCount: Int
  package let added: Int
  package let removed: Int
  /// Up to ``maxExamples`` added ids, in file order.
  package let addedExamples: [String]
  /// Up to ``maxExamples`` removed ids, in file order.
  package let removedExamples: [String]

  package static let maxExamples = 5

  /// The example ids of `changes` that entered or left, each once: candidates for the diff's witnesses.
  package static func candidates(_ changes: [IdListChurn]) -> [String] {
    unique(changes.flatMap { $0.addedExamples + $0.removedExamples })
  }

  /// The churn of each list declared on both sides whose ids differ, from the list files' bytes, in the new
  /// side's declaration order. `files` gives the bytes of each side's list file by its path in the rules folder.
  package static func changes(
    old: CheckedRules, new: CheckedRules, oldFiles: [String: [UInt8]], newFiles: [String: [UInt8]]
  ) -> [IdListChurn] {
    var out: [IdListChurn] = []
    for list in new.idLists {
      guard let was = old.idLists.first(where: { $0.name == list.name }), was.list.digest != list.list.digest,
        let before = oldFiles[was.path], let after = newFiles[list.path]
      else { continue }
      let oldIDs = IdListFile.ids(before)
      let newIDs = IdListFile.ids(after)
      let oldSet = Set(oldIDs)
      let newSet = Set(newIDs)
      let added = newIDs.filter { !oldSet.contains($0) }
      let removed = oldIDs.filter { !newSet.contains($0) }
      out.append(
        IdListChurn(
          name: list.name, path: list.path, oldCount: oldSet.count, newCount: newSet.count,
          added: Set(added).count, removed: Set(removed).count,
          addedExamples: Array(unique(added).prefix(maxExamples)),
          removedExamples: Array(unique(removed).prefix(maxExamples))))
    }
    return out
  }

  static func unique(_ ids: [String]) -> [String] {
    var seen = Set<String>()
    return ids.filter { seen.insert($0).inserted }
  }

  /// The hexadecimal digests of the id lists `condition` tests, not following segment references, each after a
  /// `#`: what tells two versions of a condition apart when only a list's file changed.
  package static func digests(_ condition: Condition) -> String {
    switch condition {
    case .all(let parts), .any(let parts): return parts.map(digests).joined()
    case .not(let inner): return digests(inner)
    case .predicate(let predicate):
      guard case .idList(_, let list) = predicate.test else { return "" }
      return "#" + SHA256.hex(list.digest)
    case .segment, .rollout, .constant: return ""
    }
  }
}
