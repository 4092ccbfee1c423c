import PlacementCore

/// A syntax node with the file it was parsed from.
package struct Located<Node: Sendable>: Sendable {
  package let node: Node
  package let file: SourceFile

  /// The span of a range of this node's file.
  package func span(_ range: SourceRange) -> SourceSpan { SourceSpan(file: file, range: range) }
}

/// What a lint rule sees: the compilation (checked model and compiler diagnostics), the syntax trees indexed
/// by declaration kind, and a ``Reasoner`` over the conditions.
package struct LintContext: Sendable {
  package let compilation: Compilation
  package let reasoner: Reasoner
  /// Declarations in file order, then source order.
  package let attributeDecls: [Located<AttributeDecl>]
  package let segmentDecls: [Located<SegmentDecl>]
  package let placementDecls: [Located<PlacementDecl>]
  package let testDecls: [Located<CrossPlacementTestDecl>]
  package let overrideDecls: [Located<OverrideDecl>]
  /// Every predicate of every segment declaration, in file and source order (walked once per run).
  let predicateSites: [PredicateSite]
  /// Every list literal of every predicate, in the same order.
  let listSites: [ListSite]
  private let attributeIndex: [String: Int]
  /// Row reachability by placement index, computed once per run (``RowFacts/reachability(ofPlacement:)``).
  let rowReach = Memo<Int, PlacementReach>()
  /// Segment index by "file|offset" of the declared name (duplicates and rejected declarations are absent).
  private let segmentIndexByPlace: [String: Int]

  /// The names that segment and override conditions refer to as written (``Expr/referencedNames``), whether or
  /// not they compiled: the unused-* rules do not call a name unused that a broken condition names.
  let writtenNames: Set<String>

  /// The most row comparisons the reachability of one placement may cost: a row's segment plus the earlier
  /// rows it is checked against, summed over its rows (earlier rows proved disjoint by `Pin`s cost nothing).
  /// The rows after that are reported as not checked (an info finding of `unreachable-row`), never silently.
  package let rowBudget: Int
  package static let defaultRowBudget = 100_000
  /// The instant schedules are judged at (`schedule-ended`): `placement lint --now`, else the clock.
  package let scheduleNow: Instant

  /// - Parameters:
  ///   - now: the instant relative date conditions are judged at (default ``Reasoner/defaultNow``, fixed so that
  ///     findings are reproducible); `placement lint --now` sets it.
  ///   - scheduleNow: the instant schedules are judged at (a schedule that ended before it is a finding); nil: `now`.
  package init(
    _ compilation: Compilation, rowBudget: Int = LintContext.defaultRowBudget, now: Instant = Reasoner.defaultNow,
    scheduleNow: Instant? = nil
  ) {
    self.compilation = compilation
    self.rowBudget = rowBudget
    self.scheduleNow = scheduleNow ?? now
    self.reasoner = Reasoner(model: compilation.model, now: now)
    var attributes: [Located<AttributeDecl>] = []
    var segments: [Located<SegmentDecl>] = []
    var placements: [Located<PlacementDecl>] = []
    var tests: [Located<CrossPlacementTestDecl>] = []
    var overrides: [Located<OverrideDecl>] = []
    for tree in compilation.model.files {
      for declaration in tree.declarations {
        switch declaration {
        case .attribute(let d): attributes.append(Located(node: d, file: tree.file))
        case .segment(let d): segments.append(Located(node: d, file: tree.file))
        case .placement(let d): placements.append(Located(node: d, file: tree.file))
        case .test(let d): tests.append(Located(node: d, file: tree.file))
        case .layer: break  // lint rules read layers from the model (``CheckedRules/layers``)
        case .override(let d): overrides.append(Located(node: d, file: tree.file))
        case .dialect: break  // lint rules read the meaning from the model (``CheckedRules/dialect``)
        case .content, .configSchema: break  // checked by the compiler (``CheckedRules/contents``)
        case .idList: break  // read by the compiler (``CheckedRules/idLists``)
        }
      }
    }
    attributeDecls = attributes
    segmentDecls = segments
    placementDecls = placements
    testDecls = tests
    overrideDecls = overrides
    predicateSites = PredicateSite.all(in: segments)
    listSites = ListSite.all(in: predicateSites)
    writtenNames = Set(
      segments.flatMap { $0.node.condition.referencedNames.map(\.text) }
        + overrides.flatMap { $0.node.condition.referencedNames.map(\.text) })
    segmentIndexByPlace = Dictionary(
      compilation.model.segments.enumerated().map { ("\($1.span.file.name)|\($1.span.range.start)", $0) },
      uniquingKeysWith: { first, _ in first })
    attributeIndex = Dictionary(
      compilation.model.attributes.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
  }

  package var model: CheckedRules { compilation.model }

  /// Whether a file was not read (`file-too-large`): it may use any declaration, so none is reported unused.
  var hasUnreadFiles: Bool { model.files.contains(where: \.isUnread) }

  /// The attribute called `name` (built-in or declared), or nil.
  package func attribute(named name: String) -> AttributeDefinition? {
    attributeIndex[name].map { model.attributes[$0] }
  }

  /// The index in ``CheckedRules/segments`` of the segment declared by `decl` (nil for a duplicate or a
  /// declaration the checker rejected).
  func segmentIndex(of decl: SegmentDecl, in file: SourceFile) -> Int? {
    segmentIndexByPlace["\(file.name)|\(decl.name.range.start)"]
  }

  /// The segments whose condition provably cannot hold (`holds: true`, a contradiction) or cannot fail
  /// (`holds: false`, a tautology), with the attributes whose tests conflict in the proof: the one query of
  /// `never-matches` and `always-matches`, with opposite polarities.
  func segmentsThatCannot(hold holds: Bool) -> [(segment: SegmentDefinition, conflicts: [Conflict])] {
    model.segments.indices.compactMap { index in
      guard case .unsatisfiable(let conflicts) = reasoner.check([Reasoner.Requirement(.segment(index), holds: holds)])
      else { return nil }
      return (model.segments[index], conflicts)
    }
  }

  /// Whether the compiler reported an error inside the declaration of `layer` (its lines in error are missing
  /// from ``LayerDefinition/allocations``, so a finding about the allocation would be wrong).
  func hasErrors(inLayer layer: LayerDefinition) -> Bool {
    hasErrors(inDeclarationNamedAt: layer.span) { declaration in
      guard case .layer(let decl) = declaration else { return nil }
      return (decl.name.range, decl.range)
    }
  }

  /// Whether the compiler reported an error inside the declaration of `segment` (that error is the finding there:
  /// a warning about the same segment adds nothing).
  func hasErrors(inSegment segment: SegmentDefinition) -> Bool {
    hasErrors(inDeclarationNamedAt: segment.span) { declaration in
      guard case .segment(let decl) = declaration else { return nil }
      return (decl.name.range, decl.range)
    }
  }

  /// Whether an error lies inside the declaration whose name is at `name`; true when no declaration of the kind
  /// `parts` reads (its name's range and its own) has its name there.
  private func hasErrors(
    inDeclarationNamedAt name: SourceSpan, _ parts: (Declaration) -> (name: SourceRange, whole: SourceRange)?
  ) -> Bool {
    let declarations = model.files.first { $0.file.name == name.file.name }?.declarations ?? []
    let range = declarations.compactMap(parts).first { $0.name == name.range }?.whole
    guard let range else { return true }
    return compilation.diagnostics.contains { diagnostic in
      guard diagnostic.severity == .error, let span = diagnostic.span, span.file.name == name.file.name else {
        return false
      }
      return span.range.start >= range.start && span.range.start < range.end
    }
  }

  /// "row 2 'music_fans'" as messages name rows.
  static func describe(row index: Int, _ row: AudienceRow) -> String { "row \(index) '\(row.name)'" }
}
