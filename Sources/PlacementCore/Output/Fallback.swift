/// The offline fallback of a rule set (`placement export fallback`): per placement, what its default row shows
/// with the content's default-locale remote config, and no A/B test. An app ships it for when it has no network
/// and no cache (Adapty's fallback file: the "All users" audience, one locale, no tests).
///
/// A default row that is an A/B test gives the variation most of the test's profiles see: the heaviest variation
/// that shows content (a flow or paywall; holdouts and `fallthrough` show none), ties broken by the draw order
/// (weight ascending, then id, so the smallest id among equal weights). It does not depend on the order the
/// variations are written in. A default row with no content (a holdout, or a test whose every variation shows
/// none) gives a placement with null content.
public struct Fallback: Sendable, Equatable {
  /// One placement of the fallback.
  public struct Placement: Sendable, Equatable {
    /// The placement's name.
    public let name: String
    /// `flow` or `paywall`: the placement's content type.
    public let contentType: String
    /// The flow or paywall id shown; nil when the default row shows nothing.
    public let contentID: String?
    /// A flow's paywall (`flow f with paywall p`), else nil.
    public let paywallID: String?
    /// The test of the default row, when the row is one (its variation ``variation`` was taken).
    public let test: String?
    /// The variation taken from ``test``; nil without a test.
    public let variation: String?
    /// The default locale of the content's remote config; nil when the content declares none.
    public let locale: String?
    /// The default locale's config (a JSON object, schema defaults filled in); nil when the content declares none.
    public let config: JSONValue?
  }

  /// The rule set's `rules_version` (``RuleSet/version``).
  public let rulesVersion: String
  /// The placements in declaration order.
  public let placements: [Placement]

  /// The fallback file's bytes: one JSON object, one placement a line, ending with a newline:
  ///
  /// ```json
  /// {"format":"placement-fallback","format_version":1,"rules_version":"…","placements":{
  /// "main_paywall":{"content_type":"paywall","content":{"type":"paywall","id":"standard"},"locale":"en","config":{…}}
  /// }}
  /// ```
  /// `content` is `{"type":"paywall","id"}`, `{"type":"flow","id","paywall"}` (paywall null when none) or null;
  /// `locale` and `config` are null for a content without a declared config; a placement whose default row is a
  /// test with a variation that shows content also has `"test":{"name","variation"}`. Config keys are sorted.
  public func jsonBytes() -> [UInt8] {
    var json = JSONWriter()
    json.beginObject()
    json.key("format")
    json.value("placement-fallback")
    json.key("format_version")
    json.value(1)
    json.key("rules_version")
    json.value(rulesVersion)
    json.key("placements")
    json.beginObject()
    var out = Array(json.string.utf8)
    for (index, placement) in placements.enumerated() {
      var member = JSONWriter()
      member.beginObject()
      member.key(placement.name)
      placement.write(to: &member)
      member.endObject()
      // The member without its enclosing braces, one a line.
      let bytes = Array(member.string.utf8)
      out += Array((index == 0 ? "\n" : ",\n").utf8) + bytes[1..<(bytes.count - 1)]
    }
    out += Array("\n}}\n".utf8)
    return out
  }
}

extension Fallback.Placement {
  func write(to json: inout JSONWriter) {
    json.beginObject()
    json.key("content_type")
    json.value(contentType)
    json.key("content")
    if let contentID {
      json.beginObject()
      json.key("type")
      json.value(contentType)
      json.key("id")
      json.value(contentID)
      if contentType == "flow" {
        json.key("paywall")
        if let paywallID { json.value(paywallID) } else { json.null() }
      }
      json.endObject()
    } else {
      json.null()
    }
    json.key("locale")
    if let locale { json.value(locale) } else { json.null() }
    json.key("config")
    if let config { json.value(config, sortedKeys: true) } else { json.null() }
    if let test, let variation {
      json.key("test")
      json.beginObject()
      json.key("name")
      json.value(test)
      json.key("variation")
      json.value(variation)
      json.endObject()
    }
    json.endObject()
  }
}

extension RuleSet {
  /// The offline fallback: per placement, its default row's content with the default-locale config, no A/B
  /// test (see ``Fallback`` for how a default row that is a test is resolved).
  public func fallback() -> Fallback {
    Fallback(
      rulesVersion: version,
      placements: placements.map { placement in
        var test: ABTest?
        var content = placement.rows.last { $0.segment == nil }?.content
        if case .test(let t) = content {
          test = t
          content = Self.fallbackVariation(t)?.content
        }
        var id: String?
        var paywall: String?
        switch content {
        case .flow(let flow, let p): (id, paywall) = (flow, p)
        case .paywall(let p): id = p
        default: break
        }
        let config = id.flatMap { self.content(id: $0) }.map { $0.configs[$0.defaultIndex] }
        return Fallback.Placement(
          name: placement.name, contentType: placement.contentType.rawValue, contentID: id, paywallID: paywall,
          test: test?.name, variation: test.flatMap { Self.fallbackVariation($0)?.id }, locale: config?.locale,
          config: config?.value)
      })
  }

  /// The heaviest variation that shows content, the first in draw order among equal weights; nil when none does.
  static func fallbackVariation(_ test: ABTest) -> ABVariation? {
    var best: ABVariation?
    for variation in test.variations {
      switch variation.content {
      case .flow, .paywall:
        if variation.weight > (best?.weight ?? -1) { best = variation }
      default: continue
      }
    }
    return best
  }
}
