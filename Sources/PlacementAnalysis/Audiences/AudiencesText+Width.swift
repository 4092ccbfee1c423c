import PlacementCore

/// Fitting `placement audiences` text to a terminal's width: the table keeps its columns, and a cell too wide
/// for its column wraps at spaces onto continuation lines (indented two more spaces than the line they
/// continue). A column is never narrower than its longest word, so ids, versions and instants stay whole (a
/// table whose words need it is wider than ``maxWidth``). Lines outside the table wrap the same way; a word
/// wider than a whole line is cut with `…` there. `--format json` always carries every text whole.
extension AudiencesText {
  /// The widest a line of text output may be, in characters.
  static let maxWidth = 100

  /// The narrowest a shrunk column gets unless the caller says otherwise (or its widest cell, if narrower).
  static let minColumnWidth = 16

  /// Column widths that fit `budget` characters in total: the natural widths when they fit, else every column
  /// wider than a common cap shrunk to it, the cap as high as fits, but never below the column's floor
  /// (`minimum`, else ``minColumnWidth``; at least its header) or its natural width if narrower.
  static func fitted(_ natural: [Int], headers: [Int], minimum: [Int: Int] = [:], budget: Int) -> [Int] {
    guard natural.reduce(0, +) > budget else { return natural }
    let floors = natural.indices.map { min(natural[$0], max(headers[$0], minimum[$0] ?? minColumnWidth)) }
    func widths(_ cap: Int) -> [Int] { zip(natural, floors).map { max($1, min($0, cap)) } }
    var cap = natural.max() ?? 0
    while cap > 0, widths(cap).reduce(0, +) > budget { cap -= 1 }
    return widths(cap)
  }

  /// `line` in lines of at most `width` characters: broken at the last space that fits (runs of spaces inside
  /// a line, like the ones aligning a split's columns, are kept); with `hanging`, continuation lines are
  /// indented two spaces more than the line, so that they stand apart from the next line of the cell. A word
  /// longer than the room is cut with `…`. Leading spaces count towards the width.
  static func fit(_ line: String, width: Int, hanging: Bool = true) -> [String] {
    guard line.count > width, width > 2 else { return [line] }
    let indent = line.prefix { $0 == " " }.count
    let hanging = String(repeating: " ", count: hanging ? min(indent + 2, width / 2) : min(indent, width / 2))
    var out: [String] = []
    var rest = Substring(line)
    var prefix = ""
    while !rest.isEmpty {
      let room = width - prefix.count
      if rest.count <= room {
        out.append(prefix + rest)
        break
      }
      let leading = rest.prefix { $0 == " " }.count
      let window = rest.prefix(room + 1)
      if let space = window.lastIndex(of: " "), rest.distance(from: rest.startIndex, to: space) > leading {
        var head = rest[..<space]
        while head.last == " " { head.removeLast() }
        out.append(prefix + head)
        rest = rest[space...].drop { $0 == " " }
      } else {
        out.append(prefix + rest.prefix(room - 1) + "…")
        rest = rest[(rest.dropFirst(leading).firstIndex(of: " ") ?? rest.endIndex)...].drop { $0 == " " }
      }
      prefix = hanging
    }
    return out
  }

  /// The narrowest width at which ``fit(_:width:hanging:)`` keeps every word of `line` whole: its first word
  /// at the line's indent, each later one at the indent of a continuation line.
  static func narrowestUncut(_ line: String, hanging: Bool = true) -> Int {
    let indent = line.prefix { $0 == " " }.count
    let words = line.split(separator: " ")
    guard let first = words.first else { return line.count }
    let continuation = hanging ? indent + 2 : indent
    return max(indent + first.count, words.dropFirst().map { continuation + $0.count }.max() ?? 0)
  }

  /// Each line of `text` fitted to ``maxWidth``, after escaping (``displayRuleText(_:)``); one `\n` after each.
  static func paragraph(_ text: String) -> String {
    fit(displayRuleText(text), width: maxWidth).map { $0 + "\n" }.joined()
  }
}
