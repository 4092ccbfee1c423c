import PlacementKit

extension LanguageServer {
  /// LSP `SymbolKind` numbers used for each declaration.
  enum SymbolKindNumber {
    static let attribute = 7  // Property
    static let option = 22  // EnumMember
    static let segment = 12  // Function (a named condition)
    static let placement = 2  // Module
    static let test = 24  // Event
    static let variation = 14  // Constant
    static let layer = 3  // Namespace (tests that share one bucket space)
    static let override = 25  // Operator (a forced assignment)
    static let list = 18  // Array (a file of ids)
  }

  /// `textDocument/documentSymbol`: a hierarchy of the file's declarations (options under their attribute,
  /// rows' inline tests under their placement, variations under their test).
  func documentSymbols(_ params: JSONValue) throws(JSONRPC.Failure) -> JSONValue {
    guard let uri = params[path: "textDocument.uri"]?.stringValue else {
      throw JSONRPC.Failure(.invalidParams, "expected 'textDocument.uri'")
    }
    guard let file = workspace.compiled(of: uri).file(uri: uri), let syntax = file.syntax else { return [] }
    func symbol(_ name: Name, _ detail: String, _ kind: Int, _ range: SourceRange, _ children: [JSONValue] = [])
      -> JSONValue?
    {
      guard !name.isMissing else { return nil }
      let full = range.union(name.range)
      return [
        "name": .string(name.text), "detail": .string(detail), "kind": .number(Double(kind)),
        "range": file.lines.range(full), "selectionRange": file.lines.range(name.range), "children": .array(children),
      ]
    }
    var symbols: [JSONValue] = []
    for declaration in syntax.declarations {
      switch declaration {
      case .attribute(let d):
        let options = d.type.options.compactMap { option in
          symbol(option.id, option.title?.text ?? "", SymbolKindNumber.option, option.id.range)
        }
        let type = file.source.text(of: d.type.range)
        symbols += [
          symbol(d.name, type.count > 60 ? d.type.keyword.text : type, SymbolKindNumber.attribute, d.range, options)
        ]
        .compactMap { $0 }
      case .segment(let d):
        symbols += [symbol(d.name, file.source.text(of: d.condition.range), SymbolKindNumber.segment, d.range)]
          .compactMap { $0 }
      case .placement(let d):
        let tests: [JSONValue] = d.rows.compactMap { row in
          guard case .test(let test) = row.content else { return nil }
          return symbol(test.name, "A/B test", SymbolKindNumber.test, test.range)
        }
        symbols += [symbol(d.name, d.contentType.text, SymbolKindNumber.placement, d.range, tests)].compactMap { $0 }
      case .test(let d):
        let variations = d.variations.compactMap { v in
          symbol(v.id, v.weight.text + "%", SymbolKindNumber.variation, v.range)
        }
        symbols += [symbol(d.name, "cross-placement test", SymbolKindNumber.test, d.range, variations)].compactMap {
          $0
        }
      case .layer(let d):
        let shares = d.allocations.compactMap { line in
          symbol(line.test, "\(line.lower.text)% to \(line.upper.text)%", SymbolKindNumber.test, line.range)
        }
        symbols += [symbol(d.name, "layer", SymbolKindNumber.layer, d.range, shares)].compactMap { $0 }
      case .override(let d):
        let detail = "override for " + file.source.text(of: d.condition.range)
        symbols += [symbol(d.target, detail, SymbolKindNumber.override, d.range)].compactMap { $0 }
      case .dialect: break
      case .content, .configSchema: break
      case .idList(let d):
        symbols += [symbol(d.name, d.path.map { "list from \"\($0.text)\"" } ?? "list", SymbolKindNumber.list, d.range)]
          .compactMap { $0 }
      }
    }
    return .array(symbols)
  }

  /// `workspace/symbol`: declarations of every group whose name contains the query's characters in order
  /// (case-insensitive), as editors' fuzzy pickers expect.
  func workspaceSymbols(_ params: JSONValue) -> JSONValue {
    let query = (params["query"]?.stringValue ?? "").lowercased()
    var result: [JSONValue] = []
    for group in workspace.groups {
      let compiled = workspace.compiled(ofGroup: group)
      for occurrence in compiled.symbols.occurrences where occurrence.isDeclaration {
        guard Self.fuzzyMatches(query, occurrence.key.name.lowercased()),
          let location = location(occurrence, in: compiled)
        else { continue }
        let kind: Int =
          switch occurrence.key.kind {
          case .attribute: SymbolKindNumber.attribute
          case .option: SymbolKindNumber.option
          case .segment: SymbolKindNumber.segment
          case .placement: SymbolKindNumber.placement
          case .test: SymbolKindNumber.test
          case .layer: SymbolKindNumber.layer
          case .list: SymbolKindNumber.list
          }
        var symbol: [String: JSONValue] = [
          "name": .string(occurrence.key.name), "kind": .number(Double(kind)), "location": location,
        ]
        if let owner = occurrence.key.owner { symbol["containerName"] = .string(owner) }
        result.append(.object(symbol))
        if result.count >= 1000 { return .array(result) }
      }
    }
    return .array(result)
  }

  static func fuzzyMatches(_ query: String, _ name: String) -> Bool {
    var rest = Substring(name)
    for character in query {
      guard let index = rest.firstIndex(of: character) else { return false }
      rest = rest[rest.index(after: index)...]
    }
    return true
  }
}
