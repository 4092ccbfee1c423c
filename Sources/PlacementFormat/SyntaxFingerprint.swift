import PlacementCore

/// A text that two syntax trees share exactly when they say the same thing: every name, operator, literal value
/// and grouping, in order, with source positions left out. The formatter compares the fingerprints of the
/// original and the formatted file to prove it changed only layout.
///
/// Every stored field of the AST is written (a field added to the AST must be added here; `FormatTests` checks
/// that each kind of difference is seen). Texts are length-prefixed so no two trees can collide; `and`/`or`
/// chains are walked without recursion.
struct SyntaxFingerprint {
  private var out = ""
  /// The file the declarations were parsed from: JSON regions are written as their text.
  private var file: SourceFile?

  static func of(_ declarations: [Declaration], in file: SourceFile? = nil) -> String {
    var fingerprint = SyntaxFingerprint()
    fingerprint.file = file
    for declaration in declarations { fingerprint.declaration(declaration) }
    return fingerprint.out
  }

  private mutating func tag(_ tag: String) { out += tag + ";" }
  private mutating func text(_ text: String) { out += "\(text.utf8.count):\(text);" }
  private mutating func name(_ name: Name?) {
    guard let name else { return tag("-") }
    if name.isMissing { tag("missing") } else { text(name.text) }
  }

  private mutating func declaration(_ declaration: Declaration) {
    switch declaration {
    case .attribute(let decl):
      tag("attribute")
      name(decl.name)
      text(decl.type.keyword.text)
      tag("\(decl.type.kind)(\(decl.type.options.count)")
      for option in decl.type.options {
        name(option.id)
        name(option.title)
      }
      name(decl.unit)
      if let source = decl.source {
        tag("from")
        name(source.kind)
        name(source.element)
        name(source.screen)
        if source.key != nil || source.presentedDefault != nil {
          tag("flow3")
          name(source.key)
          name(source.presentedDefault?.option.id)
          name(source.presentedDefault?.screen)
        }
      } else {
        tag("-")
      }
    case .segment(let decl):
      tag("segment")
      name(decl.name)
      expr(decl.condition)
    case .placement(let decl):
      tag("placement")
      name(decl.name)
      name(decl.contentType)
      tag("rows\(decl.rows.count)")
      for row in decl.rows {
        name(row.segment)
        window(row.window)
        if let cap = row.cap {
          tag("cap")
          name(cap.limit)
          name(cap.amount)
          name(cap.unit)
        }
        content(row.content)
      }
    case .test(let decl):
      tag("test")
      name(decl.name)
      name(decl.version)
      name(decl.sticky)
      name(decl.stickyWindow?.count)
      name(decl.stickyWindow?.unit)
      window(decl.window)
      tag("variations\(decl.variations.count)")
      for variation in decl.variations {
        name(variation.id)
        name(variation.weight)
        tag("contents\(variation.contents.count)")
        for entry in variation.contents {
          name(entry.placement)
          content(entry.content)
        }
      }
    case .layer(let decl):
      tag("layer")
      name(decl.name)
      name(decl.version)
      tag("allocations\(decl.allocations.count)")
      for line in decl.allocations {
        name(line.test)
        name(line.lower)
        name(line.upper)
      }
    case .override(let decl):
      tag("override")
      name(decl.target)
      switch decl.forced {
      case .variation(let id):
        tag("variation")
        name(id)
      case .content(let forced): content(forced)
      }
      expr(decl.condition)
    case .dialect(let decl):
      tag("dialect")
      name(decl.name)
    case .content(let decl):
      tag("content")
      name(decl.contentType)
      name(decl.id)
      tag("configs\(decl.configs.count)")
      for config in decl.configs {
        name(config.defaultKeyword)
        name(config.locale)
        switch config.body {
        case .inline(let range): json(range)
        case .file(let path):
          tag("from")
          name(path)
        case .missing: tag("missing")
        }
      }
    case .idList(let decl):
      tag("list")
      name(decl.name)
      name(decl.path)
    case .configSchema(let decl):
      tag("schema")
      name(decl.contentType)
      tag("fields\(decl.fields.count)")
      for field in decl.fields {
        name(field.key)
        name(field.type)
        if let range = field.defaultValue { json(range) } else { tag("-") }
      }
    }
  }

  /// A JSON region as written (the formatter prints it unchanged but for its line breaks).
  private mutating func json(_ range: SourceRange) {
    tag("json")
    if let file { text(file.text(of: range).withLineFeeds) }
  }

  private mutating func content(_ content: ContentSyntax) {
    switch content {
    case .flow(let id, let paywall, _):
      tag("flow")
      name(id)
      name(paywall)
    case .paywall(let id, _):
      tag("paywall")
      name(id)
    case .fallthrough_: tag("fallthrough")
    case .holdout: tag("holdout")
    case .testReference(let test, _):
      tag("test-ref")
      name(test)
    case .test(let test):
      tag("test")
      name(test.name)
      name(test.version)
      name(test.sticky)
      name(test.stickyWindow?.count)
      name(test.stickyWindow?.unit)
      window(test.window)
      tag("variations\(test.variations.count)")
      for variation in test.variations {
        name(variation.id)
        self.content(variation.content)
        name(variation.weight)
      }
    case .missing: tag("missing")
    }
  }

  private mutating func window(_ window: WindowSyntax?) {
    guard let window else { return tag("-") }
    tag("window")
    name(window.from)
    name(window.until)
  }

  private mutating func expr(_ expr: Expr) {
    if let chain = expr.chain {
      tag("\(chain.keyword)\(chain.operands.count)")
      for operand in chain.operands { self.expr(operand) }
      return
    }
    switch expr {
    case .and, .or: break
    case .not(let operand, _):
      tag("not")
      self.expr(operand)
    case .group(let inner, _):
      tag("(")
      self.expr(inner)
      tag(")")
    case .reference(let reference):
      tag("ref")
      name(reference)
    case .predicate(let predicate):
      tag("predicate")
      if let event = predicate.subject.event {
        tag("event-\(event.function.rawValue)")
        name(event.name)
        if let filter = event.filter {
          name(filter.property)
          literal(filter.value)
        }
        if let window = event.window {
          name(window.amount)
          name(window.unit)
        }
      } else {
        name(predicate.subject.attribute)
      }
      tag(predicate.subject.function?.rawValue ?? "-")
      tag("\(predicate.op)")
      tag("operands\(predicate.operands.count)")
      for operand in predicate.operands { literal(operand) }
      name(predicate.unit)
      tag(predicate.ignoringCase ? "ignoring-case" : "-")
    case .rollout(let percent, let salt, _):
      tag("rollout")
      name(percent)
      name(salt)
    case .ramp(let ramp):
      tag("ramp\(ramp.steps.count)")
      for step in ramp.steps {
        name(step.percent)
        name(step.instant)
      }
      name(ramp.salt)
    case .missing: tag("missing")
    }
  }

  private mutating func literal(_ literal: LiteralSyntax) {
    switch literal {
    case .string(let value, _):
      tag("string")
      text(value)
    case .number(let value, _):
      tag("number")
      text(value)
    case .bool(let value, _): tag("\(value)")
    case .word(let value, _):
      tag("word")
      text(value)
    case .list(let elements, _):
      tag("list\(elements.count)")
      for element in elements { self.literal(element) }
    case .regex(let value, _):
      tag("regex")
      text(value)
    case .missing: tag("missing")
    }
  }
}
