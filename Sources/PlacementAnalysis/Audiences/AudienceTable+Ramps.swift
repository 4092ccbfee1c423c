import PlacementCore

extension AudienceTable {
  /// A ramp a row's segment uses (directly or through the segments it refers to), and where it stands at the
  /// table's ``AudienceTable/now``.
  package struct RampState: Sendable, Equatable {
    package let salt: String
    /// The steps in time order.
    package let steps: [RampStep]
    /// Where the ramp stands at the table's `now`; nil when the table was not judged at an instant.
    package internal(set) var position: RampStep.Position? = nil

    /// The step after the current one (the first step before the ramp starts); nil after the last, or when not
    /// judged.
    package var next: RampStep? { position?.next.map { steps[$0] } }

    /// The percentage admitted at the table's `now`, in basis points (0 before the first step).
    package var threshold: Int { position?.current.map { steps[$0].threshold } ?? 0 }
  }

  /// The ramps segment `segment` uses, following its references, each once, in source order.
  static func ramps(of segment: Int, in ruleSet: RuleSet) -> [RampState] {
    Condition.segment(segment).ramps(through: ruleSet.segments.map(\.condition)).map {
      RampState(salt: $0.salt, steps: $0.steps)
    }
  }

  /// Sets each row's ramps' position at `now`.
  mutating func judgeRamps(at now: Instant) {
    for row in rows.indices {
      for ramp in rows[row].ramps.indices {
        rows[row].ramps[ramp].position = RampStep.position(rows[row].ramps[ramp].steps, at: now)
      }
    }
  }
}

extension AudienceTable.RampState {
  /// `ramp "s": 25 % since 2026-12-08T00:00:00Z, next 100 % from 2026-12-15T00:00:00Z` when judged, else the
  /// schedule: `ramp "s": 5 % from …, 25 % from …`. A 0 % step reads `off`: `next off from …`.
  package var description: String {
    let head = "ramp \"\(salt)\": "
    guard let position else {
      return head + steps.map { "\(Self.share($0.threshold)) from \($0.from.text)" }.joined(separator: ", ")
    }
    let now = position.current.map { "\(Self.share(steps[$0].threshold)) since \(steps[$0].from.text)" } ?? "off"
    guard let next else { return head + now + " (last step)" }
    return head + now + ", next \(Self.share(next.threshold)) from \(next.from.text)"
  }

  /// `25 %`, or `off` for 0 %: a step that admits no one.
  static func share(_ threshold: Int) -> String {
    threshold == 0 ? "off" : "\(RampStep.percentText(threshold)) %"
  }

  /// `{"salt": "s", "percent": 25, "since": "<instant>"|null, "next": {"percent": 100, "from": "<instant>"}|null,
  /// "steps": [{"percent": 5, "from": "<instant>"}, …]}`; `percent`, `since` and `next` only when judged.
  func write(to json: inout JSONWriter) {
    json.beginObject()
    json.key("salt")
    json.value(salt)
    if let position {
      json.key("percent")
      json.value(Double(threshold) / 100)
      json.key("since")
      if let current = position.current { json.value(steps[current].from.text) } else { json.null() }
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
    json.value(step.from.text)
    json.endObject()
  }
}
