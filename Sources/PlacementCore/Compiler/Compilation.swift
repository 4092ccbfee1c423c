/// One rules file given as text or as the bytes of a file.
public struct RuleSource: Sendable, Hashable {
  /// The name diagnostics show, usually a path.
  public let name: String
  /// The file's bytes as read: a leading byte order mark is skipped and ill-formed UTF-8 is an `invalid-utf8`
  /// error at its line and column (see ``SourceFile/init(name:bytes:)``).
  public let bytes: [UInt8]
  /// The text (ill-formed UTF-8 shown as U+FFFD).
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  public init(name: String, text: String) {
    self.name = name
    self.bytes = Array(text.utf8)
  }

  /// A rules file as read from disk, not yet decoded.
  public init(name: String, bytes: [UInt8]) {
    self.name = name
    self.bytes = bytes
  }
}

/// The result of compiling rule sources: a rule set when there is no error, and every diagnostic.
public struct Compilation: Sendable {
  /// The compiled rules; nil when any diagnostic is an error (nothing half-checked is ever returned).
  public let ruleSet: RuleSet?
  /// The checked model (for the linter, formatter and audience views), present even with errors.
  package let model: CheckedRules
  /// Diagnostics sorted by file and position, capped at ``CompileOptions/maxDiagnostics``.
  public let diagnostics: [Diagnostic]
  /// How many diagnostics were dropped by the cap.
  public let truncatedCount: Int

  /// Compiles sources: parse each file (recovering from every syntax error), check names and types across all
  /// files, then build the rule set if nothing is wrong.
  public static func compile(_ sources: [RuleSource], options: CompileOptions = CompileOptions()) -> Compilation {
    let files = sources.map { SourceFile(name: $0.name, bytes: $0.bytes) }
    var diagnostics: [Diagnostic] = []
    var syntaxTrees: [RuleFileSyntax] = []
    for file in files {
      let (tree, found) = Parser.parse(file, limits: options.syntax)
      syntaxTrees.append(tree)
      diagnostics += found
    }
    let (model, semantic) = Checker.check(syntaxTrees, limits: options.semantics)
    diagnostics += semantic
    if !diagnostics.hasErrors {
      let conditions = model.segments.map { Folding.fold($0.condition) }
      diagnostics += ResolutionCost.diagnostics(model, conditions: conditions, limit: options.semantics.maxResolutionCost)
    }
    let sorted = diagnostics.sortedByPosition()
    let kept = Array(sorted.prefix(options.maxDiagnostics))
    let ruleSet = sorted.hasErrors ? nil : RuleSet(model)
    return Compilation(ruleSet: ruleSet, model: model, diagnostics: kept, truncatedCount: sorted.count - kept.count)
  }
}

/// Compiler settings, including the limits that keep hostile rules from exhausting the process
/// (docs/Reliability.md lists them).
public struct CompileOptions: Sendable {
  /// File size and condition nesting limits of the parser.
  public var syntax: SyntaxLimits
  /// Depth and cost limits of one segment with its references expanded.
  public var semantics: SemanticLimits
  /// At most this many diagnostics are kept (sorted by position first); default 200.
  public var maxDiagnostics: Int

  public init(syntax: SyntaxLimits = .default, semantics: SemanticLimits = .default, maxDiagnostics: Int = 200) {
    self.syntax = syntax
    self.semantics = semantics
    self.maxDiagnostics = maxDiagnostics
  }
}
