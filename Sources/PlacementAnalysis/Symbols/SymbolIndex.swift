import PlacementCore

/// What a name in a rules file refers to.
package struct SymbolKey: Hashable {
  package enum Kind: String { case attribute, segment, placement, test, option, layer, list }
  package let kind: Kind
  package let name: String
  /// For an option id: the attribute whose type declares it.
  package let owner: String?

  package init(_ kind: Kind, _ name: String, owner: String? = nil) {
    self.kind = kind
    self.name = name
    self.owner = owner
  }
}

/// One place a symbol is written: its declaration or a reference.
package struct Occurrence {
  package let key: SymbolKey
  package let file: String
  package let range: SourceRange
  package let isDeclaration: Bool
}

/// Every declaration and reference of attributes, segments, placements, tests, layers and option ids in a group of
/// files, resolved across files the way the checker resolves them (a bare name in a condition is a segment when
/// one has that name, else a `bool` attribute).
package struct SymbolIndex {
  package private(set) var occurrences: [Occurrence] = []
  /// Occurrence indexes per file name, in source order.
  private var byFile: [String: [Int]] = [:]
  private var byKey: [SymbolKey: [Int]] = [:]
  /// Declared attributes' choice options (by attribute name), for typing option words.
  package private(set) var choiceAttributes: Set<String> = []
  private var segments: Set<String> = []

  package init(_ trees: [RuleFileSyntax]) {
    for tree in trees {
      for declaration in tree.declarations {
        switch declaration {
        case .attribute(let d):
          if d.type.kind == .choice || d.type.kind == .choices { choiceAttributes.insert(d.name.text) }
        case .segment(let d): segments.insert(d.name.text)
        default: break
        }
      }
    }
    for tree in trees {
      let file = tree.file.name
      for declaration in tree.declarations { index(declaration, file: file) }
    }
    for (index, occurrence) in occurrences.enumerated() {
      byFile[occurrence.file, default: []].append(index)
      byKey[occurrence.key, default: []].append(index)
    }
    for key in byFile.keys { byFile[key]!.sort { occurrences[$0].range.start < occurrences[$1].range.start } }
  }

  /// The occurrence at a byte offset of a file (a cursor just after a name counts).
  package func occurrence(in file: String, at offset: Int) -> Occurrence? {
    for index in byFile[file] ?? [] {
      let occurrence = occurrences[index]
      if occurrence.range.start <= offset, offset <= occurrence.range.end { return occurrence }
    }
    return nil
  }

  package func occurrences(of key: SymbolKey) -> [Occurrence] { (byKey[key] ?? []).map { occurrences[$0] } }
  package func declarations(of key: SymbolKey) -> [Occurrence] { occurrences(of: key).filter(\.isDeclaration) }
  /// Every symbol called `name` that is declared in these files (of any kind, an option of any attribute).
  package func declaredKeys(named name: String) -> [SymbolKey] {
    byKey.keys.filter { $0.name == name && !declarations(of: $0).isEmpty }
  }
  package func occurrences(inFile file: String) -> [Occurrence] { (byFile[file] ?? []).map { occurrences[$0] } }

  private mutating func add(
    _ kind: SymbolKey.Kind, _ name: Name, _ file: String, declaration: Bool = false, owner: String? = nil
  ) {
    add(kind, name.text, name.range, file, declaration: declaration, owner: owner)
  }

  private mutating func add(
    _ kind: SymbolKey.Kind, _ text: String, _ range: SourceRange, _ file: String, declaration: Bool = false,
    owner: String? = nil
  ) {
    guard !text.isEmpty else { return }
    occurrences.append(
      Occurrence(key: SymbolKey(kind, text, owner: owner), file: file, range: range, isDeclaration: declaration))
  }

  private mutating func index(_ declaration: Declaration, file: String) {
    switch declaration {
    case .attribute(let d):
      add(.attribute, d.name, file, declaration: true)
      for option in d.type.options { add(.option, option.id, file, declaration: true, owner: d.name.text) }
    case .segment(let d):
      add(.segment, d.name, file, declaration: true)
      index(d.condition, file: file)
    case .placement(let d):
      add(.placement, d.name, file, declaration: true)
      for row in d.rows {
        if !row.isDefault { add(.segment, row.segment, file) }
        index(row.content, file: file)
      }
    case .test(let d):
      add(.test, d.name, file, declaration: true)
      for variation in d.variations {
        for (placement, content) in variation.contents {
          add(.placement, placement, file)
          index(content, file: file)
        }
      }
    case .layer(let d):
      add(.layer, d.name, file, declaration: true)
      for line in d.allocations { add(.test, line.test, file) }
    case .override(let d):
      switch d.forced {
      case .variation: add(.test, d.target, file)
      case .content: add(.placement, d.target, file)
      }
      index(d.condition, file: file)
    case .dialect: break
    case .content, .configSchema: break  // content ids are not symbols (rows name them freely)
    case .idList(let d): add(.list, d.name, file, declaration: true)
    }
  }

  private mutating func index(_ content: ContentSyntax, file: String) {
    switch content {
    case .test(let test):
      add(.test, test.name, file, declaration: true)
      for variation in test.variations { index(variation.content, file: file) }
    case .testReference(let name, _): add(.test, name, file)
    default: break
    }
  }

  private mutating func index(_ expr: Expr, file: String) {
    switch expr {
    case .and(let l, let r), .or(let l, let r):
      index(l, file: file)
      index(r, file: file)
    case .not(let e, _), .group(let e, _): index(e, file: file)
    case .reference(let name): add(segments.contains(name.text) ? .segment : .attribute, name, file)
    case .predicate(let p) where p.subject.event != nil:
      break  // an event query names no attribute: hover explains its words
    case .predicate(let p):
      switch p.subject.function {
      case .content?:
        add(.placement, p.subject.attribute, file)
        return
      case .row?:
        // `row(p) == pros`: a row is named by its segment, so renaming the segment renames the operand.
        add(.placement, p.subject.attribute, file)
        for operand in p.operands { indexRowNames(operand, file: file) }
        return
      case .variation?:
        add(.test, p.subject.attribute, file)
        return
      default:
        add(.attribute, p.subject.attribute, file)
        if p.op == .inIdList || p.op == .notInIdList, case .word(let text, let range)? = p.operands.first {
          add(.list, text, range, file)
        }
      }
      if choiceAttributes.contains(p.subject.attribute.text) {
        for operand in p.operands { index(operand, owner: p.subject.attribute.text, file: file) }
      }
    case .rollout, .ramp, .missing: break
    }
  }

  private mutating func indexRowNames(_ literal: LiteralSyntax, file: String) {
    switch literal {
    case .word(let text, let range) where segments.contains(text): add(.segment, text, range, file)
    case .list(let elements, _): for element in elements { indexRowNames(element, file: file) }
    default: break
    }
  }

  private mutating func index(_ literal: LiteralSyntax, owner: String, file: String) {
    switch literal {
    case .word(let text, let range), .string(let text, let range): add(.option, text, range, file, owner: owner)
    case .list(let elements, _): for element in elements { index(element, owner: owner, file: file) }
    default: break
    }
  }
}
