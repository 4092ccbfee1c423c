import PlacementKit

/// One compiled group of rules files: the compilation, the lint findings and the symbol index, with each file's
/// URI and line index for converting positions.
///
/// The lint rules do not run here: on a large audience table they cost far more than compiling (seconds for
/// thousands of rows), and hover, definition, completion and the other requests need only the compilation. The
/// server has its ``LintWorker`` run ``lint(_:)`` on ``compilation`` off the request thread and stores the
/// result in ``lint`` when it is still current.
final class CompiledGroup {
  /// One file of the group.
  struct File {
    let uri: String
    let source: SourceFile
    let syntax: RuleFileSyntax?
    let lines: LineIndex
  }

  let compilation: Compilation
  /// The compiler's diagnostics and the lint findings, suppressions applied, once the worker has linted this
  /// compilation; nil until then.
  var lint: LintResult?
  /// Files in compilation order.
  let files: [File]
  let symbols: SymbolIndex
  private let fileIndexByName: [String: Int]
  private let fileIndexByURI: [String: Int]

  /// Compiles documents as `placement lint` does (compiler and lint rules, suppressions applied).
  init(documents: [(uri: String, name: String, text: String)], encoding: PositionEncoding) {
    let sources = documents.map { RuleSource(name: $0.name, text: $0.text) }
    // Config files that contents name with `from "<path>"` are read from disk beside their rules file.
    compilation = Compilation.compile(
      sources + RuleLoading.configSources(for: sources), options: CompileOptions(maxDiagnostics: 10_000))
    var treesByName: [String: RuleFileSyntax] = [:]
    for tree in compilation.model.files { treesByName[tree.file.name] = tree }
    files = documents.map { document in
      let tree = treesByName[document.name]
      let source = tree?.file ?? SourceFile(name: document.name, text: document.text)
      return File(uri: document.uri, source: source, syntax: tree, lines: LineIndex(source, encoding: encoding))
    }
    fileIndexByName = Dictionary(files.enumerated().map { ($1.source.name, $0) }, uniquingKeysWith: { a, _ in a })
    fileIndexByURI = Dictionary(files.enumerated().map { ($1.uri, $0) }, uniquingKeysWith: { a, _ in a })
    symbols = SymbolIndex(compilation.model.files)
  }

  func file(uri: String) -> File? { fileIndexByURI[uri].map { files[$0] } }
  func file(named name: String) -> File? { fileIndexByName[name].map { files[$0] } }

  /// An LSP `Location` of a span.
  func location(_ span: SourceSpan) -> JSONValue? {
    guard let file = file(named: span.file.name) else { return nil }
    return ["uri": .string(file.uri), "range": file.lines.range(span.range)]
  }

  /// What the worker runs: the compiler's diagnostics and the lint findings, suppressions applied; schedules
  /// are judged at the clock, as `placement lint` without `--now` does.
  @Sendable static func lint(_ compilation: Compilation) -> LintResult {
    Linter.run(compilation, scheduleNow: Instant.now)
  }

  /// The unsuppressed findings of each file, by URI; findings without a place go to the first file. Before
  /// ``lint`` is in, the compiler's diagnostics only.
  func findingsByURI() -> [String: [Diagnostic]] {
    var result: [String: [Diagnostic]] = [:]
    for file in files { result[file.uri] = [] }
    for diagnostic in lint?.diagnostics ?? compilation.diagnostics {
      let uri = diagnostic.span.flatMap { file(named: $0.file.name)?.uri } ?? files.first?.uri
      if let uri { result[uri, default: []].append(diagnostic) }
    }
    return result
  }
}
