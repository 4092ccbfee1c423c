import PlacementCore

extension AudienceTable {
  /// The placements whose decisions `definition`'s rows and overrides read (`content(…)`, `row(…)`,
  /// `variation(…)`), and the placements that read its decision, each in declaration order.
  static func prerequisiteLinks(_ definition: PlacementDefinition, in ruleSet: RuleSet) -> (
    dependencies: [String], dependants: [String]
  ) {
    let plan = ruleSet.prerequisitePlan
    guard !plan.isEmpty, let index = ruleSet.placements.firstIndex(where: { $0.name == definition.name }) else {
      return ([], [])
    }
    let dependencies = plan.dependencies[index].sorted().map { ruleSet.placements[$0].name }
    let dependants = plan.dependencies.indices.filter { plan.dependencies[$0].contains(index) }
      .map { ruleSet.placements[$0].name }
    return (dependencies, dependants)
  }

  /// Writes `"dependencies"` and `"dependants"` (placement names) when either is not empty.
  func writePrerequisites(to json: inout JSONWriter) {
    guard !dependencies.isEmpty || !dependants.isEmpty else { return }
    json.key("dependencies")
    json.beginArray()
    for name in dependencies { json.value(name) }
    json.endArray()
    json.key("dependants")
    json.beginArray()
    for name in dependants { json.value(name) }
    json.endArray()
  }
}

extension AudiencesText {
  /// What the table's placement reads of other decisions and which placements read its own; empty when none.
  static func prerequisiteNote(_ table: AudienceTable) -> String {
    var parts: [String] = []
    if !table.dependencies.isEmpty {
      parts.append("depends on the decisions of \(table.dependencies.joined(separator: ", ")) (decided first)")
    }
    if !table.dependants.isEmpty {
      parts.append("its decision is read by \(table.dependants.joined(separator: ", "))")
    }
    return parts.isEmpty ? "" : paragraph("prerequisites: " + parts.joined(separator: "; "))
  }
}
