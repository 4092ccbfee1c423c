import PlacementKit

/// The text form of `placement audiences`: columns aligned for a terminal, multi-line cells for A/B splits
/// and long conditions. Every line is made safe for a terminal (``displayRuleText(_:)``): a control character,
/// line break or bidi override in a name, id or condition is escaped, cells before their widths are measured.
enum AudiencesText {
  /// Conditions longer than this wrap at spaces onto continuation lines.
  static let conditionWidth = 48

  /// The list of placements with their content type and row counts.
  static func summary(_ tables: [AudienceTable]) -> String {
    let header = ["placement", "type", "rows", "tests", "cross-placement rows", "fall-through rows", "scheduled (live)"]
    let rows = tables.map { table in
      let scheduled = table.scheduledRows
      return [
        table.placement, table.contentType.rawValue, "\(table.rows.count)", "\(table.testCount)",
        "\(table.rows.count { $0.isCrossPlacement })", "\(table.fallThroughRows.count)",
        scheduled.isEmpty ? "0" : "\(scheduled.count) (\(scheduled.count { $0.status == .live }) live)",
      ].map { [$0] }
    }
    return grid(header, rows)
  }

  /// One placement's audience table, then its fallback path.
  static func table(_ table: AudienceTable) -> String {
    var out = displayRuleText(
      "placement \(table.placement) (\(table.contentType.rawValue)): \(table.rows.count) rows in priority order; ")
    out += "the first row that matches and does not fall through decides\n\n"
    out += grid(["#", "row", "segment", "content", "marks"], table.rows.map(cells))
    out += "\n" + fallback(table)
    if let now = table.now, !table.scheduledRows.isEmpty {
      let live = table.scheduledRows.filter { $0.status == .live }.map { "row \($0.priority) '\($0.name)'" }
      out += displayRuleText(
        "schedules judged at \(now.iso8601): live \(live.isEmpty ? "none" : live.joined(separator: ", ")); "
          + "a row outside its schedule is skipped (from inclusive, until exclusive)") + "\n"
    }
    return out
  }

  /// `live: from 2026-12-20T00:00:00+01:00 until 2027-01-05T00:00:00+01:00` (the status when judged).
  static func scheduleMark(_ schedule: Schedule, _ status: Schedule.Status?) -> String {
    (status.map { "\($0.rawValue): " } ?? "scheduled ") + schedule.description
  }

  static func cells(_ row: AudienceTable.Row) -> [[String]] {
    var marks: [String] = []
    if row.isCrossPlacement {
      marks.append("cross-placement" + (row.alsoIn.isEmpty ? "" : " (also in \(row.alsoIn.joined(separator: ", ")))"))
    }
    if row.fallThrough == .always { marks.append("falls through") }
    if row.isDefault { marks.append("default: the fallback") }
    if let schedule = row.schedule { marks.append(scheduleMark(schedule, row.status)) }
    var content: [String]
    var markLines = [marks.joined(separator: "; ")]
    if case .test(let test) = row.content {
      content = [
        "test \(test.name)", "  version \"\(test.versionID)\"" + (test.hasExplicitVersion ? "" : " (derived)"),
      ]
      markLines.append("")
      if let share = test.layer {
        content.append("  layer \(share.layer): \(LayerShare.describe(share.buckets))")
        markLines.append("others skip the row")
      }
      let idWidth = test.variations.map(\.id.count).max() ?? 0
      for variation in test.variations {
        let weight = "\(variation.weight)%"
        let padded = String(repeating: " ", count: 4 - weight.count) + weight
        content.append("  \(padded)  \(pad(variation.id, idWidth))  \(describe(variation.content))")
        markLines.append(
          variation.content == .holdout ? "holdout" : variation.content == .fallthrough_ ? "falls through" : "")
      }
    } else {
      content = [describe(row.content)]
    }
    let condition = row.condition.map { wrap(displayRuleText($0), width: conditionWidth) } ?? ["(every profile)"]
    return [["\(row.priority)"], [row.name], condition, content, markLines]
  }

  static func fallback(_ table: AudienceTable) -> String {
    fallbackLines(table).map { displayRuleText($0) + "\n" }.joined()
  }

  static func fallbackLines(_ table: AudienceTable) -> [String] {
    var out: [String] = []
    if let row = table.defaultRow {
      out.append(
        "fallback: a profile that matches no row gets row \(row.priority) '\(row.name)': \(describe(row.content))")
    }
    let through = table.fallThroughRows.map { row -> String in
      switch row.fallThrough {
      case .variations(let ids):
        "row \(row.priority) '\(row.name)' (variation\(ids.count == 1 ? "" : "s") \(ids.joined(separator: ", ")))"
      case .always, .never: "row \(row.priority) '\(row.name)' (always)"
      }
    }
    out.append(
      "falls through to the next matching row: " + (through.isEmpty ? "no row" : through.joined(separator: "; ")))
    if table.testCount > 0 {
      out.append(
        "variations are listed in draw order (weight ascending, then id): the bucket 0-99 walks them in this order")
    }
    let cross = table.rows.filter(\.isCrossPlacement)
    if !cross.isEmpty {
      let names = cross.map { "row \($0.priority) '\($0.name)'" }.joined(separator: ", ")
      out.append("cross-placement rows come before the placement's own rows: \(names)")
    }
    out += layerLines(table)
    for override in table.overrides {
      if let content = override.content {
        out.append("override: profiles matching \(override.condition) get \(describe(content)) before any row")
      } else if let test = override.test, let variation = override.variation {
        out.append("override: profiles matching \(override.condition) get variation '\(variation)' of test '\(test)' where they reach its row")
      }
    }
    return out
  }

  static func describe(_ content: Content) -> String {
    content == .holdout ? "holdout (nothing shown)" : content.sourceText
  }

  /// Columns separated by two spaces, each as wide as its widest line (measured after escaping); trailing spaces
  /// trimmed.
  static func grid(_ header: [String], _ rows: [[[String]]]) -> String {
    let rows = rows.map { $0.map { $0.map(displayRuleText) } }
    var widths = header.map(\.count)
    for row in rows {
      for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.map(\.count).max() ?? 0) }
    }
    func line(_ cells: [String]) -> String {
      var text = zip(cells, widths).map { pad($0, $1) }.joined(separator: "  ")
      while text.last == " " { text.removeLast() }
      return text + "\n"
    }
    var out = line(header)
    for row in rows {
      let height = row.map(\.count).max() ?? 0
      for index in 0..<height { out += line(row.map { index < $0.count ? $0[index] : "" }) }
    }
    return out
  }

  static func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }

  /// Splits `text` at spaces into lines of at most `width` characters (a longer word stays whole).
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ") {
      if !current.isEmpty, current.count + 1 + word.count > width {
        lines.append(current)
        current = ""
      }
      current += (current.isEmpty ? "" : " ") + word
    }
    return lines.isEmpty || !current.isEmpty ? lines + [current] : lines
  }
}
