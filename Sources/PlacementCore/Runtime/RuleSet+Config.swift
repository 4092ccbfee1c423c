/// The remote config a decision carries (``Decision/config``).
extension RuleSet {
  /// The index in ``contents`` of the content whose config a decision showing `content` carries: the flow's for
  /// `flow <id> [with paywall <id>]`, the paywall's for `paywall <id>`; nil when that content declares no config
  /// (or for a holdout).
  func configContent(of content: ShownContent) -> Int? {
    guard !contents.isEmpty else { return nil }
    switch content {
    case .flow(let id, _), .paywall(let id): return contentIndex[id]
    case .holdout: return nil
    }
  }

  /// The config of the content at `index` in ``contents`` for the profile's `locale`.
  func config(ofContent index: Int, for profile: BoundProfile) -> RemoteConfig {
    contents[index].config(for: profile.locale)
  }

  /// `decision` with the config of its content for `profile`, and with explain, the locale's reason appended to
  /// the deciding row's trace.
  func withConfig(_ decision: Decision, for profile: BoundProfile) -> Decision {
    guard let index = configContent(of: decision.content) else { return decision }
    var decision = decision
    let config = config(ofContent: index, for: profile)
    decision.config = config
    if var trace = decision.explanation, let last = trace.last, case .decided(let reason) = last.outcome {
      let locale = config.reason(requested: profile.locale)
      trace[trace.count - 1] = RowTrace(
        index: last.index, name: last.name, outcome: .decided(reason: reason.map { "\($0); \(locale)" } ?? locale))
      decision.explanation = trace
    }
    return decision
  }
}

extension BoundProfile {
  /// The profile's `locale` when it is a string (a value of another type was warned about and counts as absent).
  var locale: String? {
    let slot = BuiltinAttributes.localeSlot
    guard slot < values.count, case .string(let text) = values[slot] else { return nil }
    return text
  }
}
