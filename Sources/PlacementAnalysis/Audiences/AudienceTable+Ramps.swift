import PlacementCore

extension AudienceTable {
  /// A ramp a row's segment uses (directly or through the segments it refers to), and where it stands at the
  /// table's ``AudienceTable/now``.
  package struct RampState: Sendable, Equatable {
    package let salt: String
    /// The steps in time order.
    package let steps: [RampStep]
    /// The index of the step that holds at the table's `now`; nil before the first step or when the table was
    /// not judged at an instant (see ``isJudged``).
    package internal(set) var current: Int? = nil
    /// Whether ``current`` was set at an instant.
    package internal(set) var isJudged = false

    /// The step after ``current`` (the first step before the ramp starts); nil after the last, or when not judged.
    package var next: RampStep? {
      guard isJudged else { return nil }
      let index = current.map { $0 + 1 } ?? 0
      return index < steps.count ? steps[index] : nil
    }

    /// The percentage admitted at the table's `now`, in basis points (0 before the first step).
    package var threshold: Int { current.map { steps[$0].threshold } ?? 0 }
  }

  /// The ramps segment `segment` uses, following its references, each once, in source order.
  static func ramps(of segment: Int, in ruleSet: RuleSet) -> [RampState] {
    var found: [RampState] = []
    var seen: Set<Int> = []
    func visit(_ condition: Condition) {
      switch condition {
      case .all(let parts), .any(let parts): parts.forEach(visit)
      case .not(let inner): visit(inner)
      case .segment(let index):
        guard seen.insert(index).inserted, index < ruleSet.segments.count else { return }
        visit(ruleSet.segments[index].condition)
      case .rollout(let salt, _, _, let steps) where !steps.isEmpty:
        if !found.contains(where: { $0.salt == salt }) { found.append(RampState(salt: salt, steps: steps)) }
      case .rollout, .predicate, .constant: break
      }
    }
    visit(.segment(segment))
    return found
  }

  /// Sets each row's ramps' current step at `now`.
  mutating func judgeRamps(at now: Instant) {
    for row in rows.indices {
      for ramp in rows[row].ramps.indices {
        rows[row].ramps[ramp].current = RampStep.current(rows[row].ramps[ramp].steps, at: now)
        rows[row].ramps[ramp].isJudged = true
      }
    }
  }
}

extension AudienceTable.RampState {
  /// `ramp "s": 25 % since 2026-12-08T00:00:00Z, next 100 % from 2026-12-15T00:00:00Z` when judged, else the
  /// schedule: `ramp "s": 5 % from …, 25 % from …`.
  package var description: String {
    let head = "ramp \"\(salt)\": "
    guard isJudged else {
      return head + steps.map { "\(RampStep.percentText($0.threshold)) % from \($0.text)" }.joined(separator: ", ")
    }
    let now = current.map { "\(RampStep.percentText(steps[$0].threshold)) % since \(steps[$0].text)" } ?? "0 %"
    guard let next else { return head + now + " (last step)" }
    return head + now + ", next \(RampStep.percentText(next.threshold)) % from \(next.text)"
  }

  /// `{"salt": "s", "percent": 25, "since": "<instant>"|null, "next": {"percent": 100, "from": "<instant>"}|null,
  /// "steps": [{"percent": 5, "from": "<instant>"}, …]}`; `percent`, `since` and `next` only when judged.
  func write(to json: inout JSONWriter) {
    json.beginObject()
    json.key("salt")
    json.value(salt)
    if isJudged {
      json.key("percent")
      json.value(Double(threshold) / 100)
      json.key("since")
      if let current { json.value(steps[current].text) } else { json.null() }
      json.key("next")
      if let next { Self.write(next, to: &json) } else { json.null() }
    }
    json.key("steps")
    json.beginArray()
    for step in steps { Self.write(step, to: &json) }
    json.endArray()
    json.endObject()
  }

  static func write(_ step: RampStep, to json: inout JSONWriter) {
    json.beginObject()
    json.key("percent")
    json.value(Double(step.threshold) / 100)
    json.key("from")
    json.value(step.text)
    json.endObject()
  }
}
