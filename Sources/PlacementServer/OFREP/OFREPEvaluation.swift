import PlacementKit

/// A decision as an OFREP evaluation (docs/Serve.md, "OFREP"):
///
/// ```json
/// {"key": "main_paywall", "value": "pw_yearly", "reason": "SPLIT", "variant": "yearly",
///  "metadata": {"content_type": "paywall", "audience": "lapsed", "decision_reason": "SPLIT", "test": "price_test",
///               "version_id": "v2", "bucket": 41, "outcome": "decided", "rules_version": "35bffb338311"}}
/// ```
/// `value` is the content id (a flow's or a paywall's; `""` for a holdout, which shows nothing), `variant` the
/// A/B variation (the content id when no test decided), `reason` OpenFeature's reason. `metadata` holds only
/// strings and numbers, and the members that apply: `paywall` (a flow's paywall), the test fields of the
/// decision's last exposure (the deciding test's, else the last arm that fell through or cross-placement test
/// that kept the profile out, without `variation`; `exposures` counts them when there is more than one),
/// `warnings` (the profile's warnings, joined by `; `), and, when the content shown declares a remote config,
/// `config` (that config as compact JSON text with sorted keys, the bytes of the native routes' `config`) and
/// `locale` (the config's locale). OpenFeature's flag metadata holds only booleans, strings and numbers, and
/// `value` stays the content id that string flags read, so the config object travels as JSON text.
enum OFREPEvaluation {
  static func write(_ decision: Decision, rulesVersion: String, to json: inout JSONWriter) {
    json.beginObject()
    json.key("key")
    json.value(decision.placement)
    json.key("value")
    json.value(contentID(decision.content))
    json.key("reason")
    json.value(reason(decision.reason, segment: decision.audience.segment))
    json.key("variant")
    json.value(decision.abTest?.variation ?? contentID(decision.content))
    json.key("metadata")
    writeMetadata(decision, rulesVersion: rulesVersion, to: &json)
    json.endObject()
  }

  static func writeMetadata(_ decision: Decision, rulesVersion: String, to json: inout JSONWriter) {
    json.beginObject()
    json.key("content_type")
    json.value(decision.content.type)
    if case .flow(_, let paywall?) = decision.content {
      json.key("paywall")
      json.value(paywall)
    }
    if let config = decision.config {
      json.key("config")
      json.value(String(decoding: config.encoded, as: UTF8.self))
      json.key("locale")
      json.value(config.locale)
    }
    json.key("audience")
    json.value(decision.audience.name)
    json.key("decision_reason")
    json.value(decision.reason.rawValue)
    if let exposure = decision.exposures.last {
      json.key("test")
      json.value(exposure.test)
      json.key("version_id")
      json.value(exposure.versionID)
      if !exposure.outcome.isKeptOut {
        json.key("variation")
        json.value(exposure.variation)
      }
      if let bucket = exposure.bucket {
        json.key("bucket")
        json.value(bucket)
      }
      json.key("outcome")
      json.value(exposure.outcome.rawValue)
      if decision.exposures.count > 1 {
        json.key("exposures")
        json.value(decision.exposures.count)
      }
    }
    if !decision.warnings.isEmpty {
      json.key("warnings")
      json.value(decision.warnings.joined(separator: "; "))
    }
    json.key("rules_version")
    json.value(rulesVersion)
    json.endObject()
  }

  /// The flow's or paywall's id; `""` for a holdout.
  static func contentID(_ content: ShownContent) -> String {
    switch content {
    case .flow(let id, _), .paywall(let id): id
    case .holdout: ""
    }
  }

  /// OpenFeature's resolution reason for our reason: the five shared codes as they are; a kept (sticky) variation
  /// is a split; a QA override is targeting; a row skipped for its schedule, its cap or a prerequisite leaves whichever row decided, the
  /// default row (`DEFAULT`) or a segment (`TARGETING_MATCH`). Our own code is `metadata.decision_reason`.
  /// - Parameter segment: the deciding row's segment (nil for the default row).
  static func reason(_ reason: DecisionReason, segment: String?) -> String {
    switch reason {
    case .staticContent, .defaultRow, .targetingMatch, .split, .disabled: reason.rawValue
    case .sticky: DecisionReason.split.rawValue
    case .override: DecisionReason.targetingMatch.rawValue
    case .scheduledOut, .capped, .prerequisiteFailed:
      segment == nil ? DecisionReason.defaultRow.rawValue : DecisionReason.targetingMatch.rawValue
    }
  }

  /// The response of a failure: ``writeFailure(_:key:to:)``'s object with the error's status.
  static func failureResponse(_ error: OFREPError, key: String?) -> HTTPResponse {
    var json = JSONWriter(reservingCapacity: 128)
    writeFailure(error, key: key, to: &json)
    return HTTPResponse(status: error.status, fields: [HTTPResponse.jsonContentType], body: json.bytes)
  }

  /// `{"key": ..., "errorCode": ..., "errorDetails": ...}` (a bulk request's failure has no key).
  static func writeFailure(_ error: OFREPError, key: String?, to json: inout JSONWriter) {
    json.beginObject()
    if let key {
      json.key("key")
      json.value(key)
    }
    json.key("errorCode")
    json.value(error.code)
    json.key("errorDetails")
    json.value(error.details)
    json.endObject()
  }
}
