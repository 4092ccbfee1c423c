import PlacementCore

/// Compiling rules for a backend: from text in memory, from files, or from a folder.
extension RuleSet {
  /// Compiles rules given in memory, e.g. fetched from a database or a configuration service.
  ///
  /// Every source is parsed (recovering from every syntax error), then names and types are checked across all
  /// of them, so declarations may refer to each other across sources in any order.
  /// - Parameters:
  ///   - sources: the rules files' texts, each with the name diagnostics show (usually a path).
  ///   - options: syntax limits and the diagnostics cap.
  /// - Returns: the rule set when no diagnostic is an error, and every diagnostic (warnings included).
  public static func compile(sources: [RuleSource], options: CompileOptions = CompileOptions()) -> CompileResult {
    Compilation.compile(sources, options: options)
  }

  /// Compiles one rules text.
  /// - Parameters:
  ///   - text: the rules, in the language of `docs/Language.md`.
  ///   - name: the name diagnostics show; default `rules.rules`.
  ///   - options: syntax limits and the diagnostics cap.
  /// - Returns: the rule set when no diagnostic is an error, and every diagnostic.
  public static func compile(text: String, name: String = "rules.rules", options: CompileOptions = CompileOptions())
    -> CompileResult
  {
    compile(sources: [RuleSource(name: name, text: text)], options: options)
  }

  /// Reads and compiles every `*.rules` file below `directory` (in path order, so results are reproducible).
  /// - Parameters:
  ///   - directory: a folder path, absolute or relative to the process's working directory.
  ///   - options: syntax limits and the diagnostics cap.
  /// - Returns: the rule set when no diagnostic is an error, and every diagnostic.
  /// - Throws: ``LoadError`` when the folder does not exist or is a file ("is not a directory"), a file cannot
  ///   be read, or it holds no rules file. Compile errors are not thrown: they are in the result's
  ///   ``CompileResult/diagnostics``.
  public static func load(directory: String, options: CompileOptions = CompileOptions()) throws(LoadError)
    -> CompileResult
  {
    try RuleLoading.requireDirectory(directory)
    return try load(paths: [directory], options: options)
  }

  /// Reads and compiles rules files and folders (a folder contributes its `*.rules` files, in path order).
  /// - Parameters:
  ///   - paths: files and folders.
  ///   - options: syntax limits and the diagnostics cap.
  /// - Returns: the rule set when no diagnostic is an error, and every diagnostic.
  /// - Throws: ``LoadError`` when a path does not exist or cannot be read, or no rules file is found.
  public static func load(paths: [String], options: CompileOptions = CompileOptions()) throws(LoadError)
    -> CompileResult
  {
    try RuleLoading.compile(paths: paths, options: options)
  }
}

/// The result of ``RuleSet/compile(sources:options:)`` and ``RuleSet/load(paths:options:)``: the one compile
/// result type, ``Compilation``, under its former name (kept so existing code compiles).
public typealias CompileResult = Compilation

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
