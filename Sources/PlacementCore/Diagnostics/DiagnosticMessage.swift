/// A diagnostic's stable code together with its wording, as a stage's message catalogue builds it.
///
/// Every report site takes one of these from its stage's catalogue (`Syntax/SyntaxMessages.swift`,
/// `Semantics/SemanticsMessages.swift`, `Compiler/CompilerMessages.swift`, `Analysis/LintMessages.swift`), never a
/// string literal, so the wording of a code lives in one place (swift-syntax's `ParserDiagnosticMessages.swift`,
/// cel-go's `checker/errors.go`).
/// Notes and fix-its are catalogued the same way, as static functions on ``Note`` and ``FixIt``
/// (`SharedNotes.swift`, `SemanticsNotes*.swift`, `Analysis/LintNotes.swift`); `CatalogueSourceTests` fails on a
/// `Note(` or `FixIt(message:` outside a catalogue.
package struct DiagnosticMessage: Sendable, Hashable {
  /// The stable code.
  package let code: DiagnosticCode
  /// The text for people: lower-case, no trailing period.
  package let text: String

  package init(_ code: DiagnosticCode, _ text: String) {
    self.code = code
    self.text = text
  }
}

extension Diagnostic {
  /// A diagnostic from a catalogue message, with the code's default severity.
  package init(_ message: DiagnosticMessage, at span: SourceSpan?, notes: [Note] = [], fixIts: [FixIt] = []) {
    self.init(message.code, message.text, at: span, notes: notes, fixIts: fixIts)
  }
}
