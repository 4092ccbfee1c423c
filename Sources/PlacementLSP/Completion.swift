import PlacementKit

/// Completion candidates from the tokens before the cursor (from the start of the declaration being typed):
/// keywords where a declaration starts, types after `attribute <name>:`, option ids after `==`, `in`, `has`
/// on a `choice`/`choices` attribute, content kinds after `->`, time units, and attribute and segment names
/// with their type as detail.
struct Completion {
  struct Item: Equatable {
    let label: String
    /// LSP `CompletionItemKind`.
    let kind: Int
    let detail: String
  }

  enum Kind {
    static let keyword = 14
    static let attribute = 6
    static let segment = 3
    static let option = 20
    static let unit = 11
    static let placement = 9
    static let test = 23
    static let layer = 9
    static let list = 6
  }

  let compiled: CompiledGroup

  /// The candidates at a byte offset of a file.
  func items(in file: CompiledGroup.File, at offset: Int) -> [Item] {
    if let locales = locales(in: file, at: offset) { return locales }
    let bytes = file.source.bytes
    var start = max(0, offset - 1)
    var lines = 0
    // Back to the line that starts the declaration (a word at column 0), at most 50 lines or 8 KiB.
    while start > 0, offset - start < 8192, lines < 50 {
      if bytes[start - 1] == 10 {
        lines += 1
        if start < offset, bytes[start].isASCIILetter { break }
      }
      start -= 1
    }
    var end = offset
    while end > start,
      bytes[end - 1].isASCIILetter || bytes[end - 1].isASCIIDigit || bytes[end - 1] == UInt8(ascii: "_")
    {
      end -= 1
    }
    let snippet = SourceFile(name: "<completion>", text: String(decoding: bytes[start..<end], as: UTF8.self))
    let tokens = Lexer.tokenize(snippet).tokens.filter { $0.kind != .endOfFile }
    return candidates(after: tokens)
  }

  func candidates(after tokens: [Token]) -> [Item] {
    guard let first = tokens.first, let last = tokens.last else {
      return keywords(["attribute", "segment", "placement", "test", "layer", "override", "dialect"])
    }
    switch first.value {
    case "override": return overrideDeclaration(tokens)
    case "attribute": return attributeDeclaration(tokens)
    case "placement", "test":
      if last.kind == .colon { return keywords(["flow", "paywall"]) }
      if last.kind == .arrow { return keywords(["flow", "paywall", "test", "fallthrough", "holdout"]) }
      if last.isWord("flow") || last.isWord("paywall") { return [] }
      if last.isWord("test") { return names(.test) }
      // A schedule: after a row's segment (`pros |`), `from "…"` or `until "…"`; after the `from` instant, `until`.
      if first.value == "placement", last.kind == .identifier, last.atLineStart, !last.isWord("default") {
        return keywords(["from", "until"])
      }
      if last.kind == .string, tokens.count >= 2, tokens[tokens.count - 2].isWord("from") { return keywords(["until"]) }
      if last.isWord("from") || last.isWord("until") { return [] }
      if last.kind == .leftBrace || last.kind == .rightBrace || last.kind == .number || last.isWord("fallthrough")
        || last.kind == .identifier && tokens.count > 2 && tokens[tokens.count - 2].kind != .arrow
      {
        return names(.segment) + names(.placement) + keywords(["default", "variation"])
      }
      return names(.segment) + keywords(["default"])
    case "segment": return condition(tokens)
    case "layer": return layer(tokens)
    case "dialect": return tokens.count == 1 ? keywords(Dialect.allCases.map(\.rawValue)) : []
    default: return keywords(["attribute", "segment", "placement", "test", "layer", "override", "dialect"])
    }
  }

  /// `override <test>: variation <id> for <condition>` or `override <placement>: <content> for <condition>`.
  func overrideDeclaration(_ tokens: [Token]) -> [Item] {
    guard let last = tokens.last else { return [] }
    if tokens.contains(where: { $0.isWord("for") }) { return condition(tokens) }
    if tokens.count == 1 { return names(.test) + names(.placement) }
    if last.kind == .colon { return keywords(["variation", "flow", "paywall"]) }
    if last.kind == .identifier, tokens.count > 3 { return keywords(["for"]) }
    return []
  }

  func attributeDeclaration(_ tokens: [Token]) -> [Item] {
    guard let last = tokens.last else { return [] }
    if last.kind == .colon { return keywords(["string", "number", "bool", "version", "date", "choice", "choices"]) }
    if last.isWord("unit") { return units(["seconds", "milliseconds"]) }
    if last.isWord("from") { return keywords(["quiz", "input", "toggle"]) }
    if last.isWord("key") { return keywords(["id", "value"]) }
    if last.kind == .string || last.kind == .rightParen || last.kind == .identifier && tokens.count > 3 {
      // A quiz source may go on with `key id|value` and `default <option> if screen "<screen>" presented`.
      return keywords(["unit", "from", "on"] + (tokens.contains { $0.isWord("quiz") } ? ["key", "default"] : []))
    }
    return []
  }

  /// Inside a condition: option ids after an operator on a choice attribute, operators after an attribute,
  /// units after a window's amount, else names.
  func condition(_ tokens: [Token]) -> [Item] {
    guard let last = tokens.last else { return [] }
    if last.kind == .number, tokens.count >= 2,
      tokens[tokens.count - 2].isWord("last") || tokens[tokens.count - 2].isWord("than")
    {
      return units(TimeWindow.units)
    }
    if let subject = subject(before: tokens), let definition = attribute(subject) {
      if let options = definition.type.options {
        return zip(options.ids, options.titles).map {
          Item(label: $0, kind: Kind.option, detail: $1 ?? "option of \(subject)")
        }
      }
      if case .bool = definition.type { return keywords(["true", "false"]) }
      return []
    }
    if last.kind == .identifier, let definition = attribute(last.value) {
      return operators(for: definition.type)
    }
    return names(.attribute) + names(.segment)
      + keywords([
        "not", "and", "or", "percent", "count", "years_since", "content", "row", "variation",
      ])
  }

  /// The attribute an operand is being typed for: `x == `, `x in [a, `, `x has any [`, `x != `.
  func subject(before tokens: [Token]) -> String? {
    var index = tokens.count - 1
    if tokens[index].kind == .comma || tokens[index].kind == .leftBracket {
      while index >= 0, tokens[index].kind != .leftBracket {
        if tokens[index].kind == .rightBracket { return nil }
        index -= 1
      }
      index -= 1
    }
    guard index >= 1 else { return nil }
    var op = index
    let word = tokens[op]
    guard
      word.kind == .equalEqual || word.kind == .bangEqual || word.isWord("in") || word.isWord("has")
        || word.isWord("any")
        || word.isWord("all")
    else { return nil }
    while op >= 1,
      tokens[op].isWord("any") || tokens[op].isWord("all") || tokens[op].isWord("in") && tokens[op - 1].isWord("not")
    {
      op -= tokens[op].isWord("in") ? 2 : 1
    }
    if op >= 1,
      tokens[op].isWord("has") || tokens[op].isWord("in") || tokens[op].kind == .equalEqual
        || tokens[op].kind == .bangEqual
    {
      op -= 1
    }
    guard op >= 0, tokens[op].kind == .identifier else { return nil }
    return tokens[op].value
  }

  func attribute(_ name: String) -> AttributeDefinition? {
    compiled.compilation.model.attributes.first { $0.name == name }
  }

  func operators(for type: AttributeType) -> [Item] {
    let spellings: [String] =
      switch type {
      case .string:
        [
          "==", "!=", "in", "not in", "starts_with", "ends_with", "contains", "not contains", "matches", "is set",
          "is not set",
        ]
      case .number: ["==", "!=", "<", "<=", ">", ">=", "in", "not in", "between", "is set", "is not set"]
      case .bool: ["==", "!=", "is set", "is not set"]
      case .version: ["==", "!=", "<", "<=", ">", ">=", "in", "not in", "between", "is set", "is not set"]
      case .date: ["before", "after", "between", "within last", "more than", "is set", "is not set"]
      case .choice: ["==", "!=", "in", "not in", "is set", "is not set"]
      case .choices: ["has", "has any", "has all", "is empty", "is not empty", "is set", "is not set"]
      }
    return spellings.map { Item(label: $0, kind: 24, detail: "operator on \(type.kindName)") }
  }

  func names(_ kind: SymbolKey.Kind) -> [Item] {
    switch kind {
    case .attribute:
      return compiled.compilation.model.attributes.map {
        Item(label: $0.name, kind: Kind.attribute, detail: $0.type.kindName + ($0.isBuiltin ? " (built-in)" : ""))
      }
    case .segment:
      return declared(.segment).map { Item(label: $0, kind: Kind.segment, detail: "segment") }
    case .placement:
      return declared(.placement).map { Item(label: $0, kind: Kind.placement, detail: "placement") }
    case .test:
      return declared(.test).map { Item(label: $0, kind: Kind.test, detail: "test") }
    case .option: return []
    case .layer:
      return declared(.layer).map { Item(label: $0, kind: Kind.layer, detail: "layer") }
    case .list:
      return declared(.list).map { Item(label: $0, kind: Kind.list, detail: "id list") }
    }
  }

  func declared(_ kind: SymbolKey.Kind) -> [String] {
    var seen = Set<String>()
    return compiled.symbols.occurrences.filter {
      $0.isDeclaration && $0.key.kind == kind && seen.insert($0.key.name).inserted
    }
    .map(\.key.name)
  }

  func keywords(_ words: [String]) -> [Item] { words.map { Item(label: $0, kind: Kind.keyword, detail: "keyword") } }
  func units(_ words: [String]) -> [Item] { words.map { Item(label: $0, kind: Kind.unit, detail: "time unit") } }
}

extension UInt8 {
  var isASCIILetter: Bool { (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z") }
  var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
}

extension LanguageServer {
  func completion(_ params: JSONValue) throws(JSONRPC.Failure) -> JSONValue {
    guard let position = try documentPosition(params) else { return [] }
    let items = Completion(compiled: position.compiled).items(in: position.file, at: position.offset)
    return [
      "isIncomplete": false,
      "items": .array(
        items.map { ["label": .string($0.label), "kind": .number(Double($0.kind)), "detail": .string($0.detail)] }),
    ]
  }
}
