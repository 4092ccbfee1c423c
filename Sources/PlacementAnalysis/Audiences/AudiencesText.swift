import PlacementCore

/// The text form of `placement audiences`: columns aligned for a terminal, multi-line cells for A/B splits
/// and long conditions. Every line is made safe for a terminal (``displayRuleText(_:)``): a control character,
/// line break or bidi override in a name, id or condition is escaped, cells before their widths are measured.
package enum AudiencesText {
  /// The list of placements with their content type and row counts.
  package static func summary(_ tables: [AudienceTable]) -> String {
    let header = [
      "placement", "type", "rows", "tests", "cross-placement rows", "fall-through rows", "scheduled (live)",
    ]
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
  package static func table(_ table: AudienceTable) -> String {
    var out =
      paragraph(
        "placement \(table.placement) (\(table.contentType.rawValue)): \(table.rows.count) rows in priority order; "
          + "the first row that matches and does not fall through decides") + "\n"
    // The content keeps the most room (a split's lines); a schedule's instants keep the marks wide enough, as
    // every column keeps its longest word.
    out += grid(
      ["#", "row", "segment", "content", "marks"], table.rows.map(cells), aligned: [3, 4],
      minimum: [2: 21, 3: 30], hanging: [3])
    out += "\n" + fallback(table)
    out += prerequisiteNote(table)
    if let dialect = table.dialect { out += paragraph(dialectNote(dialect)) }
    if let now = table.now, !table.scheduledRows.isEmpty {
      let live = table.scheduledRows.filter { $0.status == .live }.map { "row \($0.priority) '\($0.name)'" }
      out += paragraph(
        "schedules judged at \(now.iso8601): live \(live.isEmpty ? "none" : live.joined(separator: ", ")); "
          + "a row outside its schedule is skipped (from inclusive, until exclusive)")
    }
    return out
  }

  /// What the rules' dialect means for the rows' negations.
  package static func dialectNote(_ dialect: Dialect) -> String {
    switch dialect {
    case .placement:
      "dialect placement: a negation (!=, not in, not …) also matches a profile without the attribute it tests"
    case .adapty:
      "dialect adapty: a negation (!=, not in, not …) never matches a profile without the attribute it tests "
        + "(a missing or wrong-typed value is unknown, and a segment matches only when its condition is true)"
    }
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
    marks += row.ramps.map(\.description)
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
    let condition = row.condition.map { [$0] } ?? ["(every profile)"]
    return [["\(row.priority)"], [row.name], condition, content, markLines]
  }

  static func fallback(_ table: AudienceTable) -> String {
    fallbackLines(table).map(paragraph).joined()
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
    out += crossPlacementEntryLines(table)
    out += layerLines(table)
    out += contentLines(table)
    out += listLines(table)
    for override in table.overrides {
      if let content = override.content {
        out.append("override: profiles matching \(override.condition) get \(describe(content)) before any row")
      } else if let test = override.test, let variation = override.variation {
        out.append(
          "override: profiles matching \(override.condition) get variation '\(variation)' of test '\(test)' where they reach its row"
        )
      }
    }
    return out
  }

  static func describe(_ content: Content) -> String {
    content == .holdout ? "holdout (nothing shown)" : content.sourceText
  }

  /// Columns separated by two spaces, each as wide as its widest line (measured after escaping), shrunk to fit
  /// `width` (``fitted(_:headers:budget:)``, cells wrapped by ``fit(_:width:)``); trailing spaces trimmed. A
  /// column is never narrower than its longest word (``narrowestUncut(_:hanging:)``): cells wrap at spaces and
  /// no id is cut, so a table whose words need more than `width` is wider.
  /// - Parameters:
  ///   - aligned: columns whose lines belong together line by line (a split's content and its marks): when one
  ///     of them wraps, the others get blank lines so that the next lines stay side by side. The other columns'
  ///     lines flow on from the row's first line.
  ///   - minimum: the narrowest each column may be shrunk to, by index (default ``minColumnWidth``).
  ///   - hanging: columns whose wrapped lines are indented (``fit(_:width:hanging:)``), for cells of several
  ///     lines that must not read as the next one.
  ///   - width: the widest a line may be.
  static func grid(
    _ header: [String], _ rows: [[[String]]], aligned: [Int] = [], minimum: [Int: Int] = [:], hanging: Set<Int> = [],
    width: Int = maxWidth
  ) -> String {
    let rows = rows.map { $0.map { $0.map(displayRuleText) } }
    var natural = header.map(\.count)
    for row in rows {
      for (column, cell) in row.enumerated() { natural[column] = max(natural[column], cell.map(\.count).max() ?? 0) }
    }
    // No column is shrunk below its longest word, so ids, versions and instants are never cut.
    var floors = minimum
    for column in header.indices {
      let words = rows.flatMap { $0[column] }.map { narrowestUncut($0, hanging: hanging.contains(column)) }
      floors[column] = max(minimum[column] ?? minColumnWidth, words.max() ?? 0)
    }
    let widths = fitted(natural, headers: header.map(\.count), minimum: floors, budget: width - 2 * (header.count - 1))
    func line(_ cells: [String]) -> String {
      var text = zip(cells, widths).map { pad($0, $1) }.joined(separator: "  ")
      while text.last == " " { text.removeLast() }
      return text + "\n"
    }
    var out = line(header)
    for row in rows {
      var cells = row.enumerated().map { column, lines in
        aligned.contains(column)
          ? [] : lines.flatMap { fit($0, width: widths[column], hanging: hanging.contains(column)) }
      }
      for index in 0..<(aligned.map { row[$0].count }.max() ?? 0) {
        let pieces = aligned.map {
          index < row[$0].count ? fit(row[$0][index], width: widths[$0], hanging: hanging.contains($0)) : []
        }
        let height = pieces.map(\.count).max() ?? 0
        for (column, piece) in zip(aligned, pieces) {
          cells[column] += piece + Array(repeating: "", count: height - piece.count)
        }
      }
      let height = cells.map(\.count).max() ?? 0
      for index in 0..<height { out += line(cells.map { index < $0.count ? $0[index] : "" }) }
    }
    return out
  }

  static func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }
}
