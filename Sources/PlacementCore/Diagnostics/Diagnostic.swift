/// How serious a finding is.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
  case info, warning, error

  public static func < (lhs: Severity, rhs: Severity) -> Bool {
    let order: [Severity] = [.info, .warning, .error]
    return order.firstIndex(of: lhs)! < order.firstIndex(of: rhs)!
  }
}

/// A place in a rules file: the file and a byte range in it.
public struct SourceSpan: Sendable, Hashable {
  public let file: SourceFile
  public let range: SourceRange

  public init(file: SourceFile, range: SourceRange) {
    self.file = file
    self.range = range
  }

  /// Line and column of the start of the span.
  public var location: SourcePosition { file.location(of: range.start) }
}

/// A suggested edit: replace the text at `span` with `replacement`. A fix that edits several places (the
/// rebalance of every weight of a test) is one `FixIt` per edit, all with the fix's `message`.
public struct FixIt: Sendable, Hashable {
  public let message: String
  public let span: SourceSpan
  public let replacement: String

  public init(message: String, span: SourceSpan, replacement: String) {
    self.message = message
    self.span = span
    self.replacement = replacement
  }
}

extension [FixIt] {
  /// The fixes a person reads: one per summary (``FixIt/message``, in order of first appearance) with the
  /// edits that carry it out, in order. Every reporter shows fix-its by these summaries.
  public func groupedByMessage() -> [(message: String, edits: [FixIt])] {
    var groups: [(message: String, edits: [FixIt])] = []
    for fix in self {
      if let index = groups.firstIndex(where: { $0.message == fix.message }) {
        groups[index].edits.append(fix)
      } else {
        groups.append((fix.message, [fix]))
      }
    }
    return groups
  }
}

/// A secondary message attached to a diagnostic, optionally pointing at another place.
public struct Note: Sendable, Hashable {
  public let message: String
  public let span: SourceSpan?

  public init(_ message: String, at span: SourceSpan? = nil) {
    self.message = message
    self.span = span
  }
}

/// One finding of the compiler or the linter.
///
/// The ``code`` is stable (tests, suppression comments and JSON consumers match it); the ``message`` is for
/// people: lower-case, no trailing period.
public struct Diagnostic: Sendable, Hashable {
  public let code: DiagnosticCode
  public let severity: Severity
  public let message: String
  /// Where the problem is; `nil` for a finding about the rule set as a whole (e.g. no rules found).
  public let span: SourceSpan?
  public var notes: [Note]
  public var fixIts: [FixIt]

  /// A finding; without `severity`, the default of the compiler's `code` (`.error` for a code the compiler does
  /// not emit: lint rules and tools pass their severity, see `defaultSeverity`).
  public init(
    _ code: DiagnosticCode, _ message: String, at span: SourceSpan?, severity: Severity? = nil,
    notes: [Note] = [], fixIts: [FixIt] = []
  ) {
    self.code = code
    // The compiler's codes only: lint rules pass their severity (PlacementAnalysis is above this module).
    self.severity = severity ?? CompilerDiagnosticCatalog.entry(for: code)?.severity ?? .error
    self.message = message
    self.span = span
    self.notes = notes
    self.fixIts = fixIts
  }

  /// `file:line:column`, or the code alone when there is no span.
  public var locationDescription: String {
    guard let span else { return "<rules>" }
    return "\(span.file.name):\(span.location)"
  }
}

/// A stable diagnostic identifier, e.g. `unknown-segment`. Codes never change meaning once shipped.
public struct DiagnosticCode: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
  public let id: String

  public init(_ id: String) { self.id = id }
  public init(stringLiteral value: String) { self.id = value }
  public var description: String { id }
}

extension Array where Element == Diagnostic {
  /// True when at least one diagnostic is an error.
  public var hasErrors: Bool { contains { $0.severity == .error } }

  /// Diagnostics in reading order: by file name, then offset, then code; equal ones keep their order.
  ///
  /// Sorts the indices by keys read once, then copies each diagnostic once (sorting the diagnostics themselves
  /// copied them at every move: 4 % of a fuzzing run on junk input).
  public func sortedByPosition() -> [Diagnostic] {
    let keys = map { (file: $0.span?.file.name ?? "", offset: $0.span?.range.start ?? -1, code: $0.code.id) }
    let order = keys.indices.sorted { i, j in
      let a = keys[i]
      let b = keys[j]
      if a.file != b.file { return a.file < b.file }
      if a.offset != b.offset { return a.offset < b.offset }
      if a.code != b.code { return a.code < b.code }
      return i < j
    }
    return order.map { self[$0] }
  }
}
