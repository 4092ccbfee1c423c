/// The semantic checker: resolves names across all files of a rule set, types every condition, checks the
/// segment graph and the audience tables, and reports every problem it finds (it never stops at the first).
package struct Checker {
  var diagnostics: [Diagnostic] = []
  var attributes: [AttributeDefinition] = []
  var attributeIndex: [String: Int] = [:]
  var segmentIndex: [String: Int] = [:]
  var segmentDecls: [(decl: SegmentDecl, file: SourceFile)] = []
  var placementDecls: [(decl: PlacementDecl, file: SourceFile)] = []
  var testDecls: [String: (decl: CrossPlacementTestDecl, file: SourceFile)] = [:]
  var layerDecls: [(decl: LayerDecl, file: SourceFile)] = []
  /// Each layered test's share, by test name (see ``checkLayers()``).
  var layerShares: [String: LayerShare] = [:]
  /// The layers whose shares are disjoint, in declaration order. A line that did not check (an unknown test, a
  /// bad share) is left out of its layer's allocations; the linter skips a layer with an error in it.
  var layers: [LayerDefinition] = []
  /// Segment references found while checking each segment (for the cycle check).
  var references: [[(target: Int, span: SourceSpan)]] = []
  /// Cross-placement tests whose declaration checked clean.
  var validCrossTests: Set<String> = []
  /// Each cross-placement test resolved per placement (nil: reported), so it is checked once per placement.
  var crossTestRows: [String: [String: ABTest?]] = [:]
  /// The checked schedule of each cross-placement test that has one (header `from "…" until "…"`).
  var crossTestSchedules: [String: Schedule] = [:]
  /// The checked stickiness window of each cross-placement test, in milliseconds (nil: reported).
  var crossTestStickyWindows: [String: Int64?] = [:]
  /// QA overrides in declaration order, their checked conditions, and what each was applied to.
  var overrides = OverrideState()
  /// The derived slot of each event query seen so far (``derivedAttribute(for:text:)``).
  var eventSlots: [EventQuery: Int] = [:]
  /// Salts of rollouts seen so far, with their place.
  var salts: [String: SourceSpan] = [:]
  /// Each version id of a checked test: the first test that used it, its variations' (id, weight) pairs in
  /// draw order, and where its version (or, when derived, its name) is written.
  var testVersions: [String: (test: String, draw: [String], at: SourceSpan)] = [:]
  /// The file whose nodes are being checked.
  var file: SourceFile
  /// Whether a file was not read (``RuleFileSyntax/isUnread``): findings about the whole rule set are left out.
  var hasUnreadFiles = false
  /// Bounds on segment depth and evaluation cost.
  var limits = SemanticLimits.default
  /// How many more unknown names get a did-you-mean (see ``suggestions(for:in:)``).
  var suggestionsLeft = Checker.maxSuggestions
  /// The rule set's `dialect` declaration, once one named a known dialect.
  var dialect: (dialect: Dialect, span: SourceSpan)?
  /// The id lists declared so far, by name (a list whose file did not read is declared, with no definition).
  var idLists: [String: IdListDefinition?] = [:]
  /// The list declarations in declaration order, with their files.
  var idListDecls: [(decl: IdListDecl, file: SourceFile)] = []
  /// The prerequisite subjects the conditions read, in first-use order, and each one's index by spelling.
  var prerequisites: [PrerequisiteDefinition] = []
  var prerequisiteIndex: [String: Int] = [:]

  static let reservedWords = Parser.reservedWords

  /// Checks parsed files. Returns the model (meaningful only when no error was reported) and diagnostics.
  /// - Parameters:
  ///   - files: The parsed rules files, in any order.
  ///   - limits: Bounds on how deep and how costly one segment may be with its references expanded.
  ///   - configFiles: the JSON files that configs name with `from "<path>"`.
  package static func check(
    _ files: [RuleFileSyntax], limits: SemanticLimits = .default, configFiles: ConfigFiles = ConfigFiles()
  ) -> (CheckedRules, [Diagnostic]) {
    var checker = Checker(file: files.first?.file ?? SourceFile(name: "<empty>", text: ""))
    checker.limits = limits
    checker.declareBuiltins()
    checker.collect(files)
    checker.checkIdLists(files, configFiles: configFiles)
    let segments = checker.checkSegments()
    let order = checker.checkCycles()
    checker.checkLimits(segments, order: order)
    checker.checkLayers()
    checker.checkOverrideConditions()
    let placements = checker.checkPlacements()
    checker.checkOverrideTargets()
    checker.checkSalts()
    let contents = checker.checkContents(files, configFiles: configFiles)
    var model = CheckedRules(
      attributes: checker.attributes, segments: segments, placements: placements, files: files)
    model.layers = checker.layers
    model.overrides = checker.overrides.definitions()
    model.contents = contents
    model.idLists = checker.idListDecls.compactMap { checker.idLists[$0.decl.name.text] ?? nil }
    model.prerequisitePlan = checker.checkPrerequisiteGraph(model)
    checker.applyDialect(to: &model)
    return (model, checker.diagnostics)
  }

  func span(_ range: SourceRange) -> SourceSpan { SourceSpan(file: file, range: range) }

  mutating func report(
    _ message: DiagnosticMessage, _ range: SourceRange, notes: [Note] = [], fixIts: [FixIt] = []
  ) {
    diagnostics.append(Diagnostic(message, at: span(range), notes: notes, fixIts: fixIts))
  }

  /// Unknown names that get a did-you-mean; later ones are reported without one. Each suggestion compares the
  /// name with every candidate, so suggesting for every one of thousands of unknown names would be quadratic
  /// (20,000 unknown references took minutes).
  static let maxSuggestions = 100

  /// A did-you-mean note and a fix-it replacing a misspelt name with the closest candidate, when there is one
  /// and the suggestion budget is not spent. `candidates` is only evaluated within the budget.
  mutating func suggestions(for name: Name, in candidates: (Checker) -> [String]) -> (notes: [Note], fixIts: [FixIt]) {
    guard suggestionsLeft > 0 else { return ([], []) }
    suggestionsLeft -= 1
    guard let suggestion = Suggestions.closest(to: name.text, in: candidates(self)) else { return ([], []) }
    return (
      [.didYouMean(suggestion)],
      [.use(suggestion, at: span(name.range))]
    )
  }

  /// The built-in attributes, first in every rule set (their slots are their indices).
  mutating func declareBuiltins() {
    precondition(attributes.isEmpty, "built-ins take the first slots")
    attributes = Self.builtins
    attributeIndex = Self.builtinIndex
  }

  /// Built once: declaring them anew for each compilation hashed every name again.
  private static let builtins = BuiltinAttributes.all.enumerated().map { slot, builtin in
    AttributeDefinition(name: builtin.name, type: builtin.type, source: nil, isBuiltin: true, slot: slot, span: nil)
  }
  private static let builtinIndex = Dictionary(
    builtins.map { ($0.name, $0.slot) }, uniquingKeysWith: { _, later in later })

  /// First pass: every name in every file, so declarations may come in any order and any file.
  mutating func collect(_ files: [RuleFileSyntax]) {
    var placementNames: [String: SourceSpan] = [:]
    for syntax in files {
      file = syntax.file
      hasUnreadFiles = hasUnreadFiles || syntax.isUnread
      for declaration in syntax.declarations {
        switch declaration {
        case .attribute(let decl): declareAttribute(decl)
        case .segment(let decl):
          guard !decl.name.isMissing, checkName(decl.name, kind: .segment) else { continue }
          if let previous = segmentIndex[decl.name.text] {
            reportDuplicate(
              decl.name, kind: .segment, previous: segmentDecls[previous].decl.name.range,
              previousFile: segmentDecls[previous].file)
            continue
          }
          segmentIndex[decl.name.text] = segmentDecls.count
          segmentDecls.append((decl, file))
        case .placement(let decl):
          guard !decl.name.isMissing else { continue }
          if let previous = placementNames[decl.name.text] {
            reportDuplicate(decl.name, kind: .placement, previous: previous.range, previousFile: previous.file)
            continue
          }
          placementNames[decl.name.text] = span(decl.name.range)
          placementDecls.append((decl, file))
        case .test(let decl):
          guard !decl.name.isMissing else { continue }
          if let previous = testDecls[decl.name.text] {
            reportDuplicate(decl.name, kind: .test, previous: previous.decl.name.range, previousFile: previous.file)
            continue
          }
          testDecls[decl.name.text] = (decl, file)
        case .layer(let decl): collectLayer(decl)
        case .override(let decl):
          overrides.declare(decl, in: file)
        case .dialect(let decl): declareDialect(decl)
        case .content, .configSchema: continue  // checked by checkContents
        case .idList: continue  // checked by checkIdLists
        }
      }
    }
    for (name, index) in segmentIndex where attributeIndex[name] != nil {
      let decl = segmentDecls[index]
      file = decl.file
      report(
        .attributeAndSegment(name), decl.decl.name.range,
        notes: [.bareNameIsAmbiguous])
    }
  }

  mutating func checkName(_ name: Name, kind: DeclarationKind) -> Bool {
    guard Self.reservedWords.contains(name.text) else { return true }
    report(.reservedWord(name.text, naming: kind), name.range)
    return false
  }

  mutating func reportDuplicate(_ name: Name, kind: DeclarationKind, previous: SourceRange, previousFile: SourceFile) {
    report(
      .declaredTwice(kind, name.text), name.range,
      notes: [.firstDeclared(at: SourceSpan(file: previousFile, range: previous))])
  }

  /// Checks every segment's condition, in declaration order.
  mutating func checkSegments() -> [SegmentDefinition] {
    references = Array(repeating: [], count: segmentDecls.count)
    var result: [SegmentDefinition] = []
    for (index, entry) in segmentDecls.enumerated() {
      file = entry.file
      var found: [(target: Int, span: SourceSpan)] = []
      let condition = checkExpression(entry.decl.condition, references: &found)
      references[index] = found
      result.append(
        SegmentDefinition(
          name: entry.decl.name.text, condition: condition, span: span(entry.decl.name.range),
          conditionText: file.text(of: entry.decl.condition.range)))
    }
    return result
  }
}
