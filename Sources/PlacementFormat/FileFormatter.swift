import PlacementCore

/// Lays out one syntactically valid file: declarations in source order, one per line group.
///
/// Blank lines: declarations of different kinds (attributes, segments) are separated by one blank line, and a
/// placement, a cross-placement test or a layer always has one before and after; between two attributes or two segments,
/// and between rows, one blank line is kept where the source had any.
struct FileFormatter {
  var writer: LayoutWriter
  let printer: SyntaxPrinter
  let tokens: TokenIndex
  let width: Int

  init(tree: RuleFileSyntax, tokens: [Token], width: Int) {
    writer = LayoutWriter(file: tree.file, comments: tree.comments, tokens: tokens)
    self.tokens = TokenIndex(tokens: tokens)
    printer = SyntaxPrinter(file: tree.file, tokens: self.tokens)
    self.width = width
  }

  mutating func format(_ declarations: [Declaration]) -> String {
    var previous: Declaration?
    for declaration in declarations {
      let blank: LayoutWriter.Blank =
        previous.map { Self.separated($0, declaration) ? .always : .preserve } ?? .preserve
      switch declaration {
      case .attribute(let decl): attribute(decl, blank: blank)
      case .segment(let decl): segment(decl, blank: blank)
      case .placement(let decl): placement(decl, blank: blank)
      case .test(let decl): crossPlacementTest(decl, blank: blank)
      case .layer(let decl): layer(decl, blank: blank)
      case .override(let decl): override(decl, blank: blank)
      case .dialect(let decl): writer.emit("dialect \(decl.name.text)", range: decl.range, indent: 0, blank: blank)
      case .content(let decl): content(decl, blank: blank)
      case .configSchema(let decl): configSchema(decl, blank: blank)
      case .idList(let decl): idList(decl, blank: blank)
      }
      previous = declaration
    }
    writer.finish(blank: previous.map { Self.isBlock($0) ? .always : .preserve } ?? .preserve)
    return writer.text
  }

  static func isBlock(_ declaration: Declaration) -> Bool {
    switch declaration {
    case .placement, .test, .layer, .content, .configSchema: true
    case .attribute, .segment, .override, .dialect, .idList: false
    }
  }

  /// True when a blank line must separate the two declarations.
  static func separated(_ first: Declaration, _ second: Declaration) -> Bool {
    switch (first, second) {
    case (.attribute, .attribute), (.segment, .segment), (.override, .override), (.idList, .idList): false
    default: true
    }
  }

  /// `attribute <name>: <type> [unit <unit>] [from ...]`; a choice list that does not fit (or holds a comment)
  /// gets one option per line.
  mutating func attribute(_ decl: AttributeDecl, blank: LayoutWriter.Blank) {
    let head = "attribute \(decl.name.text): \(decl.type.keyword.text)"
    var tail = decl.unit.map { " unit \($0.text)" } ?? ""
    if let source = decl.source { tail += " " + printer.source(source) }
    let type = decl.type
    guard type.kind == .choice || type.kind == .choices else {
      writer.emit(head + tail, range: decl.range, indent: 0, blank: blank)
      return
    }
    let options = type.options.map { printer.option($0) }
    let oneLine = head + "(" + options.joined(separator: ", ") + ")" + tail
    let open = tokens.first(.leftParen, atOrAfter: type.keyword.range.end)
    let close = tokens.first(.rightParen, atOrAfter: type.options.last?.id.range.end ?? type.keyword.range.end)
    let commented = writer.hasComment(
      between: SourceRange(start: decl.range.start, end: open.range.end),
      and: SourceRange(start: close.range.start, end: decl.range.end))
    if options.isEmpty || (oneLine.count <= width && !commented) {
      writer.emit(oneLine, range: decl.range, indent: 0, blank: blank)
      return
    }
    writer.emit(head + "(", range: SourceRange(start: decl.range.start, end: open.range.end), indent: 0, blank: blank)
    for (index, option) in type.options.enumerated() {
      let end = tokens.endIncludingComma((option.title ?? option.id).range.end)
      let comma = index < options.count - 1 ? "," : ""
      writer.emit(
        printer.option(option, atLineStart: true) + comma, range: SourceRange(start: option.id.range.start, end: end),
        indent: 2, blank: .never,
        blankBeforeLine: .never)
    }
    writer.emit(
      ")" + tail, range: SourceRange(start: close.range.start, end: decl.range.end), indent: 0, commentIndent: 2,
      blank: .never, blankBeforeLine: .never)
  }

  /// `segment <name> = <condition>`; a condition that does not fit (or holds a comment) is broken before each
  /// operator of its outermost `or` (else `and`) chain, continuation lines indented by 2.
  mutating func segment(_ decl: SegmentDecl, blank: LayoutWriter.Blank) {
    conditional("segment \(decl.name.text) = ", decl.condition, range: decl.range, blank: blank)
  }

  /// `override <target>: variation <id> for <condition>` or `override <target>: <content> for <condition>`; the
  /// condition breaks as a segment's does.
  mutating func override(_ decl: OverrideDecl, blank: LayoutWriter.Blank) {
    let forced =
      switch decl.forced {
      case .variation(let id): "variation \(id.text)"
      case .content(let content): printer.content(content)
      }
    conditional("override \(decl.target.text): \(forced) for ", decl.condition, range: decl.range, blank: blank)
  }

  /// A declaration `<head><condition>` spanning `range`, broken as ``segment(_:blank:)`` describes.
  mutating func conditional(_ head: String, _ condition: Expr, range: SourceRange, blank: LayoutWriter.Blank) {
    let oneLine = head + printer.expr(condition)
    let chain = Self.chain(condition)
    guard chain.operands.count > 1,
      oneLine.count > width || writer.hasComment(between: firstLine(range, chain), and: lastLine(range, chain))
    else {
      writer.emit(oneLine, range: range, indent: 0, blank: blank)
      return
    }
    let first = chain.operands[0]
    writer.emit(
      head + printer.expr(first), range: SourceRange(start: range.start, end: first.range.end), indent: 0,
      blank: blank)
    var previousEnd = first.range.end
    for operand in chain.operands.dropFirst() {
      let keyword = tokens.first(atOrAfter: previousEnd)
      writer.emit(
        chain.keyword + " " + printer.expr(operand),
        range: SourceRange(start: keyword.range.start, end: operand.range.end),
        indent: 2, blank: .never, blankBeforeLine: .never)
      previousEnd = operand.range.end
    }
  }

  /// The source range the first line of a broken condition prints: `segment <name> = <first operand>`.
  func firstLine(_ range: SourceRange, _ chain: (keyword: String, operands: [Expr])) -> SourceRange {
    SourceRange(start: range.start, end: chain.operands[0].range.end)
  }

  /// The source range the last line of a broken condition prints: `<keyword> <last operand>`.
  func lastLine(_ range: SourceRange, _ chain: (keyword: String, operands: [Expr])) -> SourceRange {
    let keyword = tokens.first(atOrAfter: chain.operands[chain.operands.count - 2].range.end)
    return SourceRange(start: keyword.range.start, end: range.end)
  }

  /// The operands of the outermost `or` chain, or else of the outermost `and` chain (a single operand otherwise).
  static func chain(_ expr: Expr) -> (keyword: String, operands: [Expr]) {
    expr.chain ?? ("", [expr])
  }
}
