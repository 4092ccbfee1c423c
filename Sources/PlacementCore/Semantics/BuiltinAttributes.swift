/// Attributes the engine knows without a declaration (docs/Product.md §2; Adapty's segment attributes). A profile
/// carries them as top-level JSON members with these names.
package enum BuiltinAttributes {
  /// Name and type of each built-in attribute, in documentation order.
  package static let all: [(name: String, type: AttributeType)] = [
    ("profile_id", .string),
    ("customer_user_id", .string),
    ("app_user_id", .string),
    ("age", .number),
    ("gender", .string),
    ("platform", .string),
    ("os_version", .version),
    ("device", .string),
    ("app_version", .version),
    ("app_version_on_install", .version),
    ("country", .string),
    ("store_country", .string),
    ("language", .string),
    ("subscription_state", .string),
    ("subscription_product", .string),
    ("subscription_expires_at", .date(.milliseconds)),
    ("paid_access_level", .string),
    ("total_revenue_usd", .number),
    ("created_at", .date(.milliseconds)),
    ("installed_at", .date(.milliseconds)),
    ("last_seen_at", .date(.milliseconds)),
    ("attribution_status", .string),
    ("attribution_source", .string),
    ("attribution_channel", .string),
    ("attribution_campaign", .string),
    ("attribution_ad_group", .string),
    ("attribution_ad_set", .string),
    ("attribution_creative", .string),
    ("flow_completed", .bool),
    ("locale", .string),
  ]

  /// The slot of `locale`: the profile's locale, which picks a content's remote config (``LocaleMatching``).
  package static let localeSlot = all.firstIndex { $0.name == "locale" }!

  static let types: [String: AttributeType] = Dictionary(
    all.map { ($0.name, $0.type) }, uniquingKeysWith: { a, _ in a })

  /// The type of a built-in attribute, or nil when `name` is not built in.
  package static func type(of name: String) -> AttributeType? { types[name] }
}

extension BuiltinAttributes {
  /// The built-in the flow events decide when an analytics event came (`FlowAnswers.flowCompleted`); otherwise
  /// it is read from the profile's top-level member like any other built-in.
  package static let flowCompleted = "flow_completed"
}
