import PlacementCore

extension AudienceTable {
  /// An id list that a table's rows or overrides test, with its size.
  package struct ListSize: Sendable, Equatable {
    package let name: String
    /// The distinct ids it holds.
    package let ids: Int
  }

  /// The id lists that the conditions of `segments` and `overrides` test, following segment references, each
  /// once in order of first appearance.
  static func lists(segments: [Int], overrides: [Condition], in ruleSet: RuleSet) -> [ListSize] {
    var found: [ListSize] = []
    var seen: Set<Int> = []
    var pending: [Condition] = overrides.reversed() + segments.reversed().map { .segment($0) }
    while let condition = pending.popLast() {
      switch condition {
      case .all(let parts), .any(let parts): pending += parts.reversed()
      case .not(let inner): pending.append(inner)
      case .segment(let index):
        guard seen.insert(index).inserted, ruleSet.segments.indices.contains(index) else { continue }
        pending.append(ruleSet.segments[index].condition)
      case .predicate(let predicate):
        guard case .idList(let name, let list) = predicate.test, !found.contains(where: { $0.name == name }) else {
          continue
        }
        found.append(ListSize(name: name, ids: list.count))
      case .rollout, .constant: continue
      }
    }
    return found
  }

  /// Writes the `"lists"` member, `[{"name": "qa_device_ids", "ids": 3}]`, when the table tests an id list;
  /// nothing otherwise.
  func writeLists(to json: inout JSONWriter) {
    guard !lists.isEmpty else { return }
    json.key("lists")
    json.beginArray()
    for list in lists {
      json.beginObject()
      json.key("name")
      json.value(list.name)
      json.key("ids")
      json.value(list.ids)
      json.endObject()
    }
    json.endArray()
  }
}

extension AudiencesText {
  /// One line per id list the table tests: `list qa_device_ids: 3 ids`.
  static func listLines(_ table: AudienceTable) -> [String] {
    table.lists.map { "list \($0.name): \($0.ids) id\($0.ids == 1 ? "" : "s")" }
  }
}
