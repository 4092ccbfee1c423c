/// Notes and fix-its that more than one stage attaches (a misspelt name, a name declared or listed twice), in
/// one place so that every stage words them alike. Each stage's own notes are in its catalogue
/// (`Syntax/SyntaxMessages.swift`, `Semantics/SemanticsNotes*.swift`, `Compiler/CompilerMessages.swift`,
/// `Analysis/LintNotes.swift`); report sites use these functions, never a string literal.
extension Note {
  /// `did you mean 'x'?` after an unknown name, with the closest known one.
  package static func didYouMean(_ name: String) -> Note { Note("did you mean '\(name)'?") }

  /// Points at the first declaration of a name declared twice.
  package static func firstDeclared(at span: SourceSpan) -> Note { Note("first declared here", at: span) }

  /// Points at the first of two equal entries of a list (options, list literal elements, a layer's tests,
  /// a test's variations or placements).
  package static func firstListed(at span: SourceSpan) -> Note { Note("first listed here", at: span) }
}

extension FixIt {
  /// `use 'x'`: replaces the text at `span` with `replacement`, or with `word` when there is none (the lexer
  /// adds a space after a one-character operator it replaces with a word).
  package static func use(_ word: String, at span: SourceSpan, replacement: String? = nil) -> FixIt {
    FixIt(message: "use '\(word)'", span: span, replacement: replacement ?? word)
  }
}
