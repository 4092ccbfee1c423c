/// `dialect <name>`: which meaning the rules folder gives negations (`placement`, the default, or `adapty`).
package struct DialectDecl: Sendable {
  /// The dialect keyword.
  package let keyword: Name
  /// The dialect's name as written (the checker checks it).
  package let name: Name
  package let range: SourceRange
}
