import PlacementCore

/// Two placement ids, or two content ids, that differ only by letter case.
///
/// Adapty matches ids exactly: the app asks for a placement by its id, and a flow or paywall id names one content
/// across all types. Two ids that read the same but differ in case (`main_paywall` and `Main_Paywall`) are two
/// different things, which is almost always a porting slip: one of them is what the app or the dashboard uses, and
/// the other matches nothing there. Ids in rules are identifiers, so they cannot hold spaces; case is the
/// difference left. Placement ids are compared with each other, and flow and paywall ids with each other (the
/// contents of rows, test variations and overrides). The finding is at the first use of the later spelling, with
/// a note at the first use of the earlier one. It is on by default.
///
/// Example: `placement Main_Paywall: paywall { … }` beside `placement main_paywall: paywall { … }`.
/// Fix: use one spelling, the one the app and the Adapty dashboard use.
struct IdsDifferByCase: LintRule {
  static let id: DiagnosticCode = "ids-differ-by-case"
  static let severity: Severity = .warning
  static let summary = "two placement ids or two content ids differ only by letter case"

  /// What the two ids name.
  enum Kind: String {
    case placement, content
  }

  func check(_ context: LintContext) -> [Diagnostic] {
    var placements = Spellings()
    var contents = Spellings()
    for decl in context.placementDecls {
      placements.add(decl.node.name, in: decl.file)
      for row in decl.node.rows { contents.add(row.content, in: decl.file) }
    }
    for decl in context.testDecls {
      for variation in decl.node.variations {
        for entry in variation.contents { contents.add(entry.content, in: decl.file) }
      }
    }
    for decl in context.overrideDecls {
      if case .content(let content) = decl.node.forced { contents.add(content, in: decl.file) }
    }
    return placements.clashes.map { finding(.idsDifferByCase(.placement, $0.later, $0.earlier), $0) }
      + contents.clashes.map { finding(.idsDifferByCase(.content, $0.later, $0.earlier), $0) }
  }

  private func finding(_ message: DiagnosticMessage, _ clash: Spellings.Clash) -> Diagnostic {
    finding(message, at: clash.at, notes: [.otherSpelling(clash.earlier, at: clash.earlierAt)])
  }

  /// The first place of each spelling of each id, in the order seen.
  private struct Spellings {
    struct Clash {
      let later: String
      let at: SourceSpan
      let earlier: String
      let earlierAt: SourceSpan
    }
    private var first: [String: (text: String, at: SourceSpan)] = [:]
    private var seen: Set<String> = []
    private(set) var clashes: [Clash] = []

    mutating func add(_ name: Name, in file: SourceFile) {
      guard !name.isMissing, seen.insert(name.text).inserted else { return }
      let span = SourceSpan(file: file, range: name.range)
      let key = name.text.lowercased()
      if let earlier = first[key] {
        clashes.append(Clash(later: name.text, at: span, earlier: earlier.text, earlierAt: earlier.at))
      } else {
        first[key] = (name.text, span)
      }
    }

    mutating func add(_ content: ContentSyntax, in file: SourceFile) {
      switch content {
      case .flow(let id, let paywall, _):
        add(id, in: file)
        if let paywall { add(paywall, in: file) }
      case .paywall(let id, _): add(id, in: file)
      case .test(let test): for variation in test.variations { add(variation.content, in: file) }
      case .fallthrough_, .holdout, .testReference, .missing: break
      }
    }
  }
}
