import PlacementKit

extension BundleCommand {
  /// The bundle's compiled files as `bundle build` counts them: `N rules files`, then `, M config files` when the
  /// contents name config files (a bundle without them reads as it always has).
  static func counted(_ bundle: RulesBundle) -> String {
    let (rules, configs) = counts(bundle)
    let text = "\(rules) rules file\(rules == 1 ? "" : "s")"
    return configs == 0 ? text : text + ", \(configs) config file\(configs == 1 ? "" : "s")"
  }

  /// The same counts as `bundle show` lists them: `N rules`, then `, M config` when there are config files.
  static func countedShort(_ bundle: RulesBundle) -> String {
    let (rules, configs) = counts(bundle)
    return configs == 0 ? "\(rules) rules" : "\(rules) rules, \(configs) config"
  }

  /// The bundle's rules files and config files (`*.json`, named by a `content`'s `from`).
  static func counts(_ bundle: RulesBundle) -> (rules: Int, configs: Int) {
    let configs = bundle.rules.count { RulesBundle.isConfig($0.path) }
    return (bundle.rules.count - configs, configs)
  }
}
