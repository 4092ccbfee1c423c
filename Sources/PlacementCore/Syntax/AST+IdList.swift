/// `list <name> from "<path>"`: a file of ids beside the rules, one per line, that conditions test with
/// `<attribute> in list <name>`.
package struct IdListDecl: Sendable {
  /// The `list` keyword.
  package let keyword: Name
  package let name: Name
  /// The path as written (relative to the rules file's folder), or nil when missing (reported).
  package let path: Name?
  package let range: SourceRange
}
