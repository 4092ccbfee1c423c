import PlacementKit

extension LanguageServer {
  /// `textDocument/hover`: Markdown for the symbol or operator under the cursor.
  func hover(_ params: JSONValue) throws(JSONRPC.Failure) -> JSONValue {
    guard let position = try documentPosition(params) else { return .null }
    let text: String
    let range: SourceRange
    if let occurrence = symbol(at: position) {
      guard let markdown = HoverText(compiled: position.compiled).describe(occurrence.key) else { return .null }
      text = markdown
      range = occurrence.range
    } else if let predicate = position.file.syntax.flatMap({ HoverText.predicate(in: $0, at: position.offset) }) {
      text =
        OperatorDocs.markdown(predicate.op)
        + (position.compiled.compilation.model.dialect == .adapty
          && DialectHover.negatedOperators.contains(predicate.op) ? DialectHover.adaptyNegation : "")
      range = predicate.opRange
    } else if let (content, idRange) = HoverText.content(in: position) {
      text = HoverText.describe(content)
      range = idRange
    } else if let keyword = KeywordDocs.entry(in: position.file, at: position.offset) {
      let adapty = position.compiled.compilation.model.dialect == .adapty
      text = keyword.text + (adapty && keyword.text == KeywordDocs.entries["not"] ? DialectHover.adaptyNegation : "")
      range = keyword.range
    } else {
      return .null
    }
    return ["contents": ["kind": "markdown", "value": .string(text)], "range": position.file.lines.range(range)]
  }
}

/// The hover text of each kind of symbol.
struct HoverText {
  let compiled: CompiledGroup

  var model: CheckedRules { compiled.compilation.model }

  func describe(_ key: SymbolKey) -> String? {
    switch key.kind {
    case .attribute: attribute(key.name)
    case .segment: segment(key.name)
    case .placement: placement(key.name)
    case .test: test(key.name)
    case .option: option(key.name, of: key.owner ?? "")
    case .layer: layer(key.name)
    case .list: idList(key.name)
    }
  }

  func attribute(_ name: String) -> String? {
    guard let definition = model.attributes.first(where: { $0.name == name }) else { return nil }
    var out = "```placement\nattribute \(name): \(definition.type.kindName)\n```\n"
    if definition.isBuiltin {
      out += "Built-in attribute: a profile carries it as the top-level JSON member `\(name)`"
      if case .date(let unit) = definition.type { out += " (Unix time in \(unit), or an ISO-8601 string)" }
      out += ". " + Self.builtinNote(definition.type) + "\n"
    } else {
      out += "Custom attribute: a profile carries it under `custom_attributes.\(name)`"
      if let source = definition.source {
        out += ", or derives it from the latest flow event of \(source.kind.rawValue) element `\(source.element)`"
        if let screen = source.screen { out += " on screen `\(screen)`" }
      }
      out += ".\n"
    }
    if let options = definition.type.options {
      out += "\n| option | title |\n|---|---|\n"
      for (id, title) in zip(options.ids, options.titles) { out += "| `\(id)` | \(title ?? "") |\n" }
    }
    return out
  }

  static func builtinNote(_ type: AttributeType) -> String {
    switch type {
    case .version: "Compared by SemVer 2.0.0 precedence; `2` and `2.0` read as `2.0.0`."
    case .number: "A JSON number, or a string holding a decimal number."
    case .date: "Relative windows (`within last 14 days`) use the caller's `now`."
    default: "Compared as written (case-sensitive unless `ignoring case`)."
    }
  }

  func segment(_ name: String) -> String? {
    guard let definition = model.segments.first(where: { $0.name == name }) else { return nil }
    var out = "```placement\nsegment \(name) = \(definition.conditionText)\n```\n"
    let uses = compiled.symbols.occurrences(of: SymbolKey(.segment, name)).filter { !$0.isDeclaration }
    if uses.isEmpty {
      out += "\nNot used by any placement or segment.\n"
    } else {
      out += "\nUsed by:\n"
      for use in uses { out += "- " + place(of: use) + "\n" }
    }
    return out + DialectHover.segmentNote(name, in: model)
  }

  /// The declaration that contains an occurrence, e.g. `placement main_paywall (row 2)`.
  func place(of occurrence: Occurrence) -> String {
    guard let file = compiled.file(named: occurrence.file), let syntax = file.syntax else { return occurrence.file }
    let line = file.source.location(of: occurrence.range.start).line
    let place = "\(file.source.name.split(separator: "/").last ?? ""):\(line)"
    for declaration in syntax.declarations
    where declaration.range.start <= occurrence.range.start
      && occurrence.range.end <= declaration.range.end
    {
      switch declaration {
      case .segment(let d): return "segment `\(d.name.text)` (\(place))"
      case .placement(let d):
        let row = (d.rows.firstIndex { $0.segment.range == occurrence.range } ?? 0) + 1
        return "placement `\(d.name.text)`, row \(row) as written (\(place))"
      case .test(let d): return "test `\(d.name.text)` (\(place))"
      case .attribute(let d): return "attribute `\(d.name.text)` (\(place))"
      case .layer(let d): return "layer `\(d.name.text)` (\(place))"
      case .override(let d): return "override of `\(d.target.text)` (\(place))"
      case .dialect(let d): return "dialect `\(d.name.text)` (\(place))"
      case .content(let d): return "content `\(d.id.text)` (\(place))"
      case .configSchema(let d): return "\(d.contentType.text) config schema (\(place))"
      case .idList(let d): return "list `\(d.name.text)` (\(place))"
      }
    }
    return place
  }

  func placement(_ name: String) -> String? {
    guard let ruleSet = compiled.compilation.ruleSet else {
      guard
        model.placements.contains(where: { $0.name == name })
          || !compiled.symbols.declarations(of: SymbolKey(.placement, name)).isEmpty
      else { return nil }
      return "placement `\(name)`\n\nThe audience table is shown when the rules compile without errors."
    }
    guard let table = AudienceTable(name, in: ruleSet) else { return nil }
    return "```text\n" + AudiencesText.table(table) + "```\n"
  }

  func test(_ name: String) -> String? {
    let declarations = compiled.symbols.declarations(of: SymbolKey(.test, name))
    guard let declaration = declarations.first, let file = compiled.file(named: declaration.file),
      let syntax = file.syntax
    else { return nil }
    for top in syntax.declarations {
      if case .test(let d) = top, d.name.range == declaration.range {
        let window = d.window.map { " " + file.source.text(of: $0.range) } ?? ""
        var out =
          "```placement\ntest \(name)" + (d.version.map { " version \"\($0.text)\"" } ?? "") + window + "\n```\n"
        out += "Cross-placement A/B test: a profile gets the same variation in every placement listed.\n\n"
        if !window.isEmpty {
          out += "Scheduled: outside its window (from inclusive, until exclusive) its rows are skipped.\n\n"
        }
        out += "| variation | weight | content |\n|---|---|---|\n"
        for v in d.variations {
          let contents = v.contents.map { "\($0.placement.text) → \(file.source.text(of: $0.content.range))" }
          out += "| `\(v.id.text)` | \(v.weight.text)% | \(contents.joined(separator: "; ")) |\n"
        }
        return out + layerNote(name)
      }
    }
    let text = file.source.text(of: SourceRange(start: declaration.range.start, end: declaration.range.end))
    let whole = Self.enclosingTest(in: syntax, at: declaration.range).map { file.source.text(of: $0) } ?? text
    return
      "```placement\n\(whole)\n```\nA/B test of one placement's row: variations are drawn by weight from the profile's bucket."
      + layerNote(name)
  }

  static func enclosingTest(in syntax: RuleFileSyntax, at name: SourceRange) -> SourceRange? {
    for declaration in syntax.declarations {
      guard case .placement(let d) = declaration else { continue }
      for row in d.rows {
        if case .test(let test) = row.content, test.name.range == name { return test.range }
      }
    }
    return nil
  }

  func option(_ id: String, of attribute: String) -> String? {
    guard let definition = model.attributes.first(where: { $0.name == attribute }),
      let options = definition.type.options, let index = options.index(of: id)
    else { return nil }
    let title = options.titles[index].map { ": \"\($0)\"" } ?? ""
    return "option `\(id)` of `\(attribute)` (\(definition.type.kindName))\(title)"
  }

  /// The predicate whose operator is at a byte offset.
  static func predicate(in syntax: RuleFileSyntax, at offset: Int) -> PredicateSyntax? {
    func search(_ expr: Expr) -> PredicateSyntax? {
      switch expr {
      case .and(let l, let r), .or(let l, let r): return search(l) ?? search(r)
      case .not(let e, _), .group(let e, _): return search(e)
      case .predicate(let p): return p.opRange.start <= offset && offset <= p.opRange.end ? p : nil
      case .reference, .rollout, .ramp, .missing: return nil
      }
    }
    for declaration in syntax.declarations {
      if case .segment(let d) = declaration, d.range.start <= offset, offset <= d.range.end {
        return search(d.condition)
      }
    }
    return nil
  }
}
