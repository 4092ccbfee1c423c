import PlacementKit

extension BundleCommand {
  /// The bundle's compiled files as `bundle build` counts them: `N rules files`, then `, M config files` and
  /// `, K id lists` when the rules name any (a bundle without them reads as it always has).
  static func counted(_ bundle: RulesBundle) -> String {
    let (rules, configs, lists) = counts(bundle)
    var text = "\(rules) rules file\(rules == 1 ? "" : "s")"
    if configs > 0 { text += ", \(configs) config file\(configs == 1 ? "" : "s")" }
    if lists > 0 { text += ", \(lists) id list\(lists == 1 ? "" : "s")" }
    return text
  }

  /// The same counts as `bundle show` lists them: `N rules`, then `, M config` and `, K list(s)` when there are any.
  static func countedShort(_ bundle: RulesBundle) -> String {
    let (rules, configs, lists) = counts(bundle)
    var text = "\(rules) rules"
    if configs > 0 { text += ", \(configs) config" }
    if lists > 0 { text += ", \(lists) list\(lists == 1 ? "" : "s")" }
    return text
  }

  /// The bundle's rules files, config files (`*.json`, named by a `content`'s `from`) and id lists (`*.txt`,
  /// named by a `list`'s `from`).
  static func counts(_ bundle: RulesBundle) -> (rules: Int, configs: Int, lists: Int) {
    let members = bundle.rules.map { RulesBundle.Member(path: $0.path) }
    return (members.count { $0 == .rules }, members.count { $0 == .config }, members.count { $0 == .idList })
  }
}
