import PlacementKit

extension HoverText {
  /// A list's declaration, file and size: `list vip_ids from "lists/vip_ids.txt"`, 1,204 ids.
  func idList(_ name: String) -> String? {
    guard let list = model.idLists.first(where: { $0.name == name }) else {
      guard !compiled.symbols.declarations(of: SymbolKey(.list, name)).isEmpty else { return nil }
      return "list `\(name)`\n\nThe size is shown when the list's file reads."
    }
    var out = "```placement\nlist \(name) from \"\(list.reference)\"\n```\n"
    out += "Id list: `\(list.reference)` beside the rules file, \(list.list.count) distinct id"
    out += list.list.count == 1 ? "" : "s"
    if list.lines != list.list.count { out += " (\(list.lines) lines with ids)" }
    out += ". `<string attribute> in list \(name)` holds when the value is one of them, byte for byte."
    return out
  }
}
