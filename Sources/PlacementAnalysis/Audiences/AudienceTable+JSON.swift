import PlacementCore

extension AudienceTable {
  /// Writes the table as one JSON object:
  ///
  /// ```json
  /// {"placement": "main_paywall", "content_type": "paywall",
  ///  "rows": [{"priority": 0, "name": "new_yoga_fans", "segment": "interests has yoga", "default": false,
  ///            "cross_placement": true, "also_in": ["onboarding_end"], "falls_through": "variations",
  ///            "fall_through_variations": ["control"], "holdouts": [],
  ///            "content": {"type": "test", "name": "yoga_offer", "version_id": "yoga-2026", "version_derived": false,
  ///                        "cross_placement": true,
  ///                        "entry": {"start": "2026-11-01T00:00:00Z", "sticky_window_days": 90, "exclusive": true},
  ///                        "layer": null,
  ///                        "variations": [{"id": "control", "weight": 50, "content": {"type": "fallthrough"}}, …]}}],
  ///            "schedule": null}],
  ///  "now": "2026-12-24T12:00:00Z", "fallback": {"default_row": 5, "fall_through_rows": [0]}}
  /// ```
  /// A scheduled row's `schedule` is `{"from": "2026-12-20T00:00:00+01:00", "until": "2027-01-05T00:00:00+01:00",
  /// "status": "live"}` (bounds as written, either may be null; `status` is `scheduled`, `live` or `ended` at
  /// `now`, the instant the table was judged at, or null with `now` when it was not).
  /// A row whose segment uses ramps also has `"ramps"` (``RampState/write(to:)``): each ramp's steps and, when
  /// judged, its percentage at `now`, the step it holds since and the next.
  /// A placement with QA overrides also has `"overrides": [{"test": "yoga_offer", "variation": "trial",
  /// "content": null, "condition": "qa_devices"}, …]` (`test` and `variation` null for a content override).
  /// A placement that can show a declared content also has `"contents"` (``writeContents(to:)``).
  /// Rules that declare a dialect also have `"dialect": "adapty"` (or `"placement"`): the meaning of the rows'
  /// negations (docs/Semantics.md, "Dialects").
  /// `segment` is null for the default row; `falls_through` is `never`, `always` or `variations`;
  /// `content.type` is `flow` (`id`, `paywall`), `paywall` (`id`), `holdout`, `fallthrough` or `test`, whose
  /// `variations` are in draw order (weight ascending, then id) with weights in percent; a test's `layer` is null
  /// or `{"name", "version_id", "from", "to"}`, its share in percent of the layer's buckets (profiles outside it
  /// skip the row).
  package func write(to json: inout JSONWriter) {
    json.beginObject()
    json.key("placement")
    json.value(placement)
    json.key("content_type")
    json.value(contentType.rawValue)
    json.key("rows")
    json.beginArray()
    for row in rows { row.write(to: &json) }
    json.endArray()
    json.key("now")
    if let now { json.value(now.iso8601) } else { json.null() }
    json.key("fallback")
    json.beginObject()
    json.key("default_row")
    if let defaultRow { json.value(defaultRow.priority) } else { json.null() }
    json.key("fall_through_rows")
    json.beginArray()
    for row in fallThroughRows { json.value(row.priority) }
    json.endArray()
    json.endObject()
    if !overrides.isEmpty {
      json.key("overrides")
      json.beginArray()
      for override in overrides {
        json.beginObject()
        json.key("test")
        if let test = override.test { json.value(test) } else { json.null() }
        json.key("variation")
        if let variation = override.variation { json.value(variation) } else { json.null() }
        json.key("content")
        if let content = override.content { Row.write(content, to: &json) } else { json.null() }
        json.key("condition")
        json.value(override.condition)
        json.endObject()
      }
      json.endArray()
    }
    writeContents(to: &json)
    writeLists(to: &json)
    writePrerequisites(to: &json)
    if let dialect {
      json.key("dialect")
      json.value(dialect.rawValue)
    }
    json.endObject()
  }

  /// Writes a list of placements as `{"placements": [{"name", "content_type", "rows", "tests",
  /// "cross_placement_rows", "fall_through_rows", "scheduled_rows", "live_scheduled_rows", "layered_rows"}],
  /// "layers": [...]}` (counts of rows; live ones at the tables' `now`; the layers' allocation as
  /// ``writeLayers(_:to:)`` writes it), and `"dialect"` last when the rules declare one.
  package static func writeSummary(_ tables: [AudienceTable], layers: [LayerDefinition] = [], to json: inout JSONWriter)
  {
    json.beginObject()
    json.key("placements")
    json.beginArray()
    for table in tables {
      json.beginObject()
      json.key("name")
      json.value(table.placement)
      json.key("content_type")
      json.value(table.contentType.rawValue)
      json.key("rows")
      json.value(table.rows.count)
      json.key("tests")
      json.value(table.testCount)
      json.key("cross_placement_rows")
      json.value(table.rows.count { $0.isCrossPlacement })
      json.key("fall_through_rows")
      json.value(table.fallThroughRows.count)
      json.key("scheduled_rows")
      json.value(table.scheduledRows.count)
      json.key("live_scheduled_rows")
      json.value(table.scheduledRows.count { $0.status == .live })
      json.key("layered_rows")
      json.value(table.layeredRows.count)
      json.endObject()
    }
    json.endArray()
    writeLayers(layers, to: &json)
    if let dialect = tables.first?.dialect {
      json.key("dialect")
      json.value(dialect.rawValue)
    }
    json.endObject()
  }
}

extension AudienceTable.Row {
  func write(to json: inout JSONWriter) {
    json.beginObject()
    json.key("priority")
    json.value(priority)
    json.key("name")
    json.value(name)
    json.key("segment")
    if let condition { json.value(condition) } else { json.null() }
    json.key("default")
    json.value(isDefault)
    json.key("cross_placement")
    json.value(isCrossPlacement)
    json.key("also_in")
    json.beginArray()
    for name in alsoIn { json.value(name) }
    json.endArray()
    json.key("falls_through")
    switch fallThrough {
    case .never: json.value("never")
    case .always: json.value("always")
    case .variations: json.value("variations")
    }
    json.key("fall_through_variations")
    json.beginArray()
    if case .variations(let ids) = fallThrough { for id in ids { json.value(id) } }
    json.endArray()
    json.key("holdouts")
    json.beginArray()
    for id in holdouts { json.value(id) }
    json.endArray()
    json.key("content")
    Self.write(content, to: &json)
    json.key("schedule")
    writeSchedule(to: &json)
    if !ramps.isEmpty {
      json.key("ramps")
      json.beginArray()
      for ramp in ramps { ramp.write(to: &json) }
      json.endArray()
    }
    json.endObject()
  }

  /// `{"from": "<instant as written>"|null, "until": …|null, "status": "scheduled"|"live"|"ended"|null}`, or
  /// null for a row that is always live (`status` is null when the table was not judged at an instant).
  func writeSchedule(to json: inout JSONWriter) {
    guard let schedule else { return json.null() }
    json.beginObject()
    json.key("from")
    if let from = schedule.from { json.value(from.text) } else { json.null() }
    json.key("until")
    if let until = schedule.until { json.value(until.text) } else { json.null() }
    json.key("status")
    if let status { json.value(status.rawValue) } else { json.null() }
    json.endObject()
  }

  static func write(_ content: Content, to json: inout JSONWriter) {
    json.beginObject()
    json.key("type")
    switch content {
    case .flow(let id, let paywall):
      json.value("flow")
      json.key("id")
      json.value(id)
      json.key("paywall")
      if let paywall { json.value(paywall) } else { json.null() }
    case .paywall(let id):
      json.value("paywall")
      json.key("id")
      json.value(id)
    case .holdout:
      json.value("holdout")
    case .fallthrough_:
      json.value("fallthrough")
    case .test(let test):
      json.value("test")
      json.key("name")
      json.value(test.name)
      json.key("version_id")
      json.value(test.versionID)
      json.key("version_derived")
      json.value(!test.hasExplicitVersion)
      json.key("cross_placement")
      json.value(test.isCrossPlacement)
      AudienceTable.writeEntry(test, to: &json)
      AudienceTable.writeLayer(test.layer, to: &json)
      json.key("variations")
      json.beginArray()
      for variation in test.variations {
        json.beginObject()
        json.key("id")
        json.value(variation.id)
        json.key("weight")
        json.value(variation.weight)
        json.key("content")
        write(variation.content, to: &json)
        json.endObject()
      }
      json.endArray()
    }
    json.endObject()
  }
}
