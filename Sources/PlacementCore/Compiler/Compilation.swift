/// One rules file given as text or as the bytes of a file.
public struct RuleSource: Sendable, Hashable {
  /// The name diagnostics show, usually a path.
  public let name: String
  /// The file's bytes as read: a leading byte order mark is skipped and ill-formed UTF-8 is an `invalid-utf8`
  /// error at its line and column (see ``SourceFile/init(name:bytes:)``).
  public let bytes: [UInt8]
  /// The file's path inside its rules folder or bundle (`paywall.rules`, `sub/promotions.rules`): what names it
  /// in the rule set's ``RuleSet/version``, so a folder gives the same version wherever it is and a bundle built
  /// from it gives the same version too.
  public let path: String
  /// Whether the file holds rules or a config that a content names with `from "<path>"`.
  public let kind: Kind
  /// The text (ill-formed UTF-8 shown as U+FFFD).
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// A rules file given as text.
  /// - Parameters:
  ///   - name: the name diagnostics show.
  ///   - text: the rules.
  ///   - path: the path inside its rules folder; nil: `name`.
  public init(name: String, text: String, path: String? = nil) {
    self.init(name: name, bytes: Array(text.utf8), path: path)
  }

  /// A rules file as read from disk, not yet decoded.
  /// - Parameters:
  ///   - name: the name diagnostics show, usually the path as given.
  ///   - bytes: the file's bytes.
  ///   - path: the path inside its rules folder; nil: `name`.
  public init(name: String, bytes: [UInt8], path: String? = nil) {
    self.init(name: name, bytes: bytes, path: path, kind: .rules)
  }

  /// A rules file, or a config file that a content names with `from "<path>"` (found by its ``path``).
  /// - Parameters:
  ///   - name: the name diagnostics show, usually the path as given.
  ///   - bytes: the file's bytes.
  ///   - path: the path inside its rules folder; nil: `name`.
  ///   - kind: rules or config.
  public init(name: String, bytes: [UInt8], path: String?, kind: Kind) {
    self.name = name
    self.bytes = bytes
    self.path = path ?? name
    self.kind = kind
  }

  /// What a source holds.
  public enum Kind: String, Sendable, Hashable {
    /// A rules file, parsed and checked.
    case rules
    /// A file the rules name with `from "<path>"`: a `content` declaration's JSON config, or a `list`'s ids;
    /// not parsed as rules.
    case config
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
    let rules = sources.filter { $0.kind == .rules }
    let files = rules.map { SourceFile(name: $0.name, bytes: $0.bytes) }
    let configFiles = ConfigFiles(
      files: Dictionary(
        sources.filter { $0.kind == .config }.map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first }),
      rulePaths: rules.map(\.path))
    var diagnostics: [Diagnostic] = []
    var syntaxTrees: [RuleFileSyntax] = []
    for file in files {
      let (tree, found) = Parser.parse(file, limits: options.syntax)
      syntaxTrees.append(tree)
      diagnostics += found
    }
    let (model, semantic) = Checker.check(
      syntaxTrees, limits: options.semantics, configFiles: configFiles)
    diagnostics += semantic
    if !diagnostics.hasErrors {
      let conditions = model.segments.map { Folding.fold($0.condition) }
      diagnostics += ResolutionCost.diagnostics(
        model, conditions: conditions, limit: options.semantics.maxResolutionCost)
    }
    let sorted = diagnostics.sortedByPosition()
    let kept = Array(sorted.prefix(options.maxDiagnostics))
    let versioned = rules + sources.filter { $0.kind == .config }.sorted { $0.path < $1.path }
    let version = RulesBundle.version(of: versioned.map { RulesBundle.File(path: $0.path, bytes: $0.bytes) })
    let ruleSet = sorted.hasErrors ? nil : RuleSet(model, version: version)
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

extension Compilation {
  /// The diagnostics of severity error.
  public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

  /// The rule set, or the failure with its diagnostics.
  /// - Throws: ``CompileError`` when the rules do not compile.
  public func get() throws(CompileError) -> RuleSet {
    guard let ruleSet else { throw CompileError(diagnostics: diagnostics, truncatedCount: truncatedCount) }
    return ruleSet
  }

  /// The diagnostics as people read them: `file:line:column: error: message [code]`, the source line with a
  /// caret, notes and fix-its (ANSI colours when `colors` is true).
  public func rendered(colors: Bool = false) -> String {
    DiagnosticRenderer(colors: colors).render(diagnostics)
  }
}

/// Rules that do not compile.
public struct CompileError: Error, Sendable, CustomStringConvertible {
  /// Every diagnostic (at least one is an error).
  public let diagnostics: [Diagnostic]
  /// How many diagnostics the cap dropped.
  public let truncatedCount: Int

  /// `rules do not compile: N errors`, then the rendered diagnostics.
  public var description: String {
    let count = diagnostics.filter { $0.severity == .error }.count + truncatedCount
    return "rules do not compile: \(count) error\(count == 1 ? "" : "s")\n"
      + DiagnosticRenderer().render(diagnostics)
  }
}
