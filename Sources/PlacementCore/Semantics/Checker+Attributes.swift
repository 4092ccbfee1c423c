extension Checker {
  /// Declares one custom attribute: type, options, unit and source checked against each other.
  mutating func declareAttribute(_ decl: AttributeDecl) {
    guard !decl.name.isMissing, checkName(decl.name, kind: .attribute) else { return }
    if let existing = attributeIndex[decl.name.text] {
      let previous = attributes[existing]
      if previous.isBuiltin {
        report(
          .redeclaresBuiltin(decl.name.text),
          decl.name.range, notes: [.builtinType(decl.name.text, previous.type)])
      } else if let previousSpan = previous.span {
        reportDuplicate(decl.name, kind: .attribute, previous: previousSpan.range, previousFile: previousSpan.file)
      }
      return
    }
    guard let type = attributeType(decl) else { return }
    let source = decl.source.flatMap { attributeSource($0, type: type) }
    attributeIndex[decl.name.text] = attributes.count
    attributes.append(
      AttributeDefinition(
        name: decl.name.text, type: type, source: source, isBuiltin: false, slot: attributes.count,
        span: span(decl.name.range)))
  }

  mutating func attributeType(_ decl: AttributeDecl) -> AttributeType? {
    let syntax = decl.type
    if let unit = decl.unit, syntax.kind != .date {
      report(.unitOnNonDate, unit.range)
    }
    switch syntax.kind {
    case .string: return .string
    case .number: return .number
    case .bool: return .bool
    case .version: return .version
    case .date:
      guard let unit = decl.unit, !unit.isMissing else { return .date(.milliseconds) }
      switch unit.text {
      case "milliseconds": return .date(.milliseconds)
      case "seconds": return .date(.seconds)
      default:
        report(
          .unknownAttributeUnit(unit.text), unit.range)
        return .date(.milliseconds)
      }
    case .choice: return checkOptions(syntax).map { .choice($0) }
    case .choices: return checkOptions(syntax).map { .choices($0) }
    case .unknown: return nil
    }
  }

  mutating func checkOptions(_ syntax: TypeSyntax) -> Options? {
    guard !syntax.options.isEmpty else {
      report(
        .noOptions(syntax.keyword.text), syntax.range)
      return nil
    }
    var seen: [String: SourceRange] = [:]
    var ids: [String] = []
    var titles: [String?] = []
    for option in syntax.options {
      if let first = seen[option.id.text] {
        report(
          .optionListedTwice(option.id.text), option.id.range,
          notes: [.firstListed(at: span(first))])
        continue
      }
      if option.id.text.isEmpty {
        report(.emptyOptionID, option.id.range)
        continue
      }
      seen[option.id.text] = option.id.range
      ids.append(option.id.text)
      titles.append(option.title?.text)
    }
    guard ids.count <= Options.maximumCount else {
      report(
        .tooManyOptions(ids.count, limit: Options.maximumCount), syntax.range)
      return nil
    }
    return Options(ids: ids, titles: titles)
  }

  /// The source of an attribute; the element type must fit the declared type (docs/Product.md §3).
  mutating func attributeSource(_ syntax: SourceSyntax, type: AttributeType) -> AttributeSource? {
    guard !syntax.element.isMissing, let kind = AttributeSource.Kind(rawValue: syntax.kind.text) else { return nil }
    if syntax.element.text.isEmpty {
      report(.emptyElementID, syntax.element.range)
      return nil
    }
    if let screen = syntax.screen, !screen.isMissing, screen.text.isEmpty {
      report(.emptyScreenID, screen.range)
      return nil
    }
    let fits: Bool
    switch kind {
    case .quiz:
      if case .choice = type { fits = true } else if case .choices = type { fits = true } else { fits = false }
    case .toggle:
      fits = type == .bool
    case .input:
      switch type {
      case .string, .number, .date: fits = true
      default: fits = false
      }
    }
    if !fits {
      report(
        .sourceDoesNotFit(kind.rawValue, type.kindName),
        syntax.kind.range, notes: [.sourceKindTypes(kind)])
      return nil
    }
    var source = AttributeSource(kind: kind, element: syntax.element.text, screen: syntax.screen?.text)
    guard checkFlow3Clauses(syntax, type: type, into: &source) else { return nil }
    return source
  }
}
