/// A text that two syntax trees share exactly when they say the same thing: every stored name, operator,
/// literal value and grouping, with source positions left out. The formatter compares the fingerprints of the
/// original and the formatted file to prove it changed only layout.
///
/// It walks the tree by reflection, so a field added to the AST later is covered without editing this file.
enum SyntaxFingerprint {
  static func of(_ declarations: [Declaration]) -> String {
    var out = ""
    write(declarations, into: &out)
    return out
  }

  private static func write(_ value: Any, into out: inout String) {
    if value is SourceRange || value is SourceFile { return }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      if let wrapped = mirror.children.first { write(wrapped.value, into: &out) } else { out += "nil" }
    case .enum:
      if mirror.children.isEmpty {
        out += String(describing: value)
      } else {
        for child in mirror.children {
          out += (child.label ?? "") + "("
          write(child.value, into: &out)
          out += ")"
        }
      }
    case .struct, .tuple, .class, .collection, .set, .dictionary:
      out += "{"
      for child in mirror.children {
        if let label = child.label { out += label + ":" }
        write(child.value, into: &out)
        out += ","
      }
      out += "}"
    default:
      out += String(reflecting: value)
    }
  }
}
