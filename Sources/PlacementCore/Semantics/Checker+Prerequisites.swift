/// Prerequisites: `content(<placement>)`, `row(<placement>)` and `variation(<test>)` in conditions.
///
/// Each subject is a `choice` over the ids it can take, held in a slot of its own after the declared attributes
/// (``PrerequisiteDefinition``); a predicate on it is typed as a predicate on that attribute, so `==`, `!=`, `in`,
/// `not in`, `is set` and `is not set` apply and any other operator is the usual type error.
extension Checker {
  /// Types a predicate whose subject is a prerequisite. An unknown placement or test is reported at its name,
  /// with a did-you-mean, and the predicate never holds.
  mutating func checkPrerequisite(_ syntax: PredicateSyntax, _ function: SubjectSyntax.Function) -> Condition {
    let name = syntax.subject.attribute
    guard !name.isMissing, let kind = PrerequisiteDefinition.Kind(rawValue: function.rawValue) else {
      return .constant(false)
    }
    let spelling = "\(kind.rawValue)(\(name.text))"
    let index: Int
    if let known = prerequisiteIndex[spelling] {
      index = known
    } else {
      guard let ids = prerequisiteOptions(kind, name) else { return .constant(false) }
      let options = Options(ids: ids, titles: ids.map { _ in nil })
      var attribute = AttributeDefinition(
        name: spelling, type: .choice(options), source: nil, isBuiltin: false, slot: attributes.count,
        span: span(name.range))
      attribute.isPrerequisite = true
      attributes.append(attribute)
      index = prerequisites.count
      prerequisiteIndex[spelling] = index
      prerequisites.append(
        PrerequisiteDefinition(kind: kind, target: name.text, slot: attribute.slot, options: options))
    }
    let attribute = attributes[prerequisites[index].slot]
    let subject = SubjectSyntax(
      attribute: Name(text: spelling, range: name.range), function: nil, range: syntax.subject.range)
    let plain = PredicateSyntax(
      subject: subject, op: syntax.op, opRange: syntax.opRange, operands: syntax.operands, unit: syntax.unit,
      ignoringCase: syntax.ignoringCase, range: syntax.range)
    var typing = PredicateTyping(syntax: plain, attribute: attribute, file: file)
    let result = typing.condition()
    diagnostics += typing.diagnostics
    return result
  }

  /// The ids a prerequisite can take, from the declarations as written (the placements are checked after the
  /// segments): a placement's content ids or row names, or a test's variation ids. Nil, reported, when the
  /// placement or test is not declared, or when it can take more ids than a `choice` holds.
  mutating func prerequisiteOptions(_ kind: PrerequisiteDefinition.Kind, _ name: Name) -> [String]? {
    var ids: [String] = []
    switch kind {
    case .content, .row:
      guard let decl = placementDecls.first(where: { $0.decl.name.text == name.text })?.decl else {
        let suggested = suggestions(for: name) { $0.placementDecls.map(\.decl.name.text) }
        report(.unknownPlacement(name.text), name.range, notes: suggested.notes, fixIts: suggested.fixIts)
        return nil
      }
      for row in decl.rows {
        if kind == .row {
          ids.append(row.segment.text)
        } else {
          ids += contentIDs(row.content, placement: name.text)
        }
      }
    case .variation:
      if let decl = testDecls[name.text]?.decl {
        ids = decl.variations.map(\.id.text)
      } else if let test = inlineTest(named: name.text) {
        ids = test.variations.map { $0.id?.text ?? Self.syntaxVariationID($0.content) }
      } else {
        let suggested = suggestions(for: name) { checker in
          Array(checker.testDecls.keys) + checker.placementDecls.flatMap { $0.decl.rows.compactMap(\.inlineTestName) }
        }
        report(.unknownTest(name.text), name.range, notes: suggested.notes, fixIts: suggested.fixIts)
        return nil
      }
    }
    var seen = Set<String>()
    ids = ids.filter { !$0.isEmpty && seen.insert($0).inserted }
    guard ids.count <= Options.maximumCount else {
      report(.tooManyPrerequisiteOptions("\(kind.rawValue)(\(name.text))", ids.count), name.range)
      return nil
    }
    return ids
  }

  /// The inline test (in a row) called `name`, in declaration order.
  func inlineTest(named name: String) -> InlineTestSyntax? {
    for entry in placementDecls {
      for row in entry.decl.rows {
        if case .test(let test) = row.content, test.name.text == name { return test }
      }
    }
    return nil
  }

  /// The content ids a row's content can show at `placement`: a flow's or a paywall's id, every variation's of a
  /// test; none for a holdout or a fallthrough.
  func contentIDs(_ content: ContentSyntax, placement: String) -> [String] {
    switch content {
    case .flow(let id, _, _), .paywall(let id, _): return [id.text]
    case .holdout, .fallthrough_, .missing: return []
    case .test(let test): return test.variations.flatMap { contentIDs($0.content, placement: placement) }
    case .testReference(let name, _):
      guard let decl = testDecls[name.text]?.decl else { return [] }
      return decl.variations.flatMap { variation in
        variation.contents.filter { $0.placement.text == placement }.flatMap {
          contentIDs($0.content, placement: placement)
        }
      }
    }
  }

  /// A variation's id when none is written, from its content as written (as ``defaultVariationID(_:)``).
  static func syntaxVariationID(_ content: ContentSyntax) -> String {
    switch content {
    case .flow(let id, let paywall, _): paywall.map { "\(id.text)+\($0.text)" } ?? id.text
    case .paywall(let id, _): id.text
    case .holdout: "holdout"
    case .fallthrough_: "fallthrough"
    case .test(let test): test.name.text
    case .testReference(let name, _): name.text
    case .missing: ""
    }
  }
}

extension RowSyntax {
  /// The name of the row's inline test, or nil.
  var inlineTestName: String? {
    if case .test(let test) = content { return test.name.text }
    return nil
  }
}
