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
  public static func compile(sources: [RuleSource], options: CompileOptions = CompileOptions()) -> Compilation {
    Compilation.compile(sources, options: options)
  }

  /// Compiles one rules text.
  /// - Parameters:
  ///   - text: the rules, in the language of `docs/Language.md`.
  ///   - name: the name diagnostics show; default `rules.rules`.
  ///   - options: syntax limits and the diagnostics cap.
  /// - Returns: the rule set when no diagnostic is an error, and every diagnostic.
  public static func compile(text: String, name: String = "rules.rules", options: CompileOptions = CompileOptions())
    -> Compilation
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
  ///   ``Compilation/diagnostics``.
  public static func load(directory: String, options: CompileOptions = CompileOptions()) throws(LoadError)
    -> Compilation
  {
    try RuleLoading.requireDirectory(directory)
    return try load(paths: [directory], options: options)
  }

  /// Reads, verifies and compiles a rules bundle (`placement bundle build`; docs/Bundles.md).
  ///
  /// The rule set's ``RuleSet/version`` is the bundle's `rules_version`, the version of the folder it was built
  /// from. Diagnostics name the files `<bundle>:<path inside>`.
  /// - Parameters:
  ///   - bundle: the bundle file's path.
  ///   - options: syntax limits and the diagnostics cap.
  /// - Returns: the rule set when no diagnostic is an error, and every diagnostic.
  /// - Throws: ``LoadError`` when the file cannot be read, or is not a valid bundle: not an archive, an unknown
  ///   format version, or content that no longer matches its manifest (``LoadError/isInvalidBundle``).
  public static func load(bundle: String, options: CompileOptions = CompileOptions()) throws(LoadError)
    -> Compilation
  {
    compile(sources: try RuleLoading.bundle(at: bundle).sources(named: bundle), options: options)
  }

  /// Reads and compiles rules files, folders and bundles (a folder contributes its `*.rules` files, in path
  /// order; a bundle its verified rules files).
  /// - Parameters:
  ///   - paths: files and folders.
  ///   - options: syntax limits and the diagnostics cap.
  /// - Returns: the rule set when no diagnostic is an error, and every diagnostic.
  /// - Throws: ``LoadError`` when a path does not exist or cannot be read, or no rules file is found.
  public static func load(paths: [String], options: CompileOptions = CompileOptions()) throws(LoadError)
    -> Compilation
  {
    try RuleLoading.compile(paths: paths, options: options)
  }
}
