import PlacementKit

extension Service {
  /// `POST /ofrep/v1/evaluate/flags/{key}`: one placement, as an OFREP evaluation (200), or an OFREP failure
  /// (400 PARSE_ERROR, INVALID_CONTEXT, TARGETING_KEY_MISSING; 404 FLAG_NOT_FOUND).
  func ofrepFlag(_ key: String, body: [UInt8], context: inout RequestContext) -> HTTPResponse {
    let ruleSet = rules.ruleSet
    guard let handle = ruleSet.placementHandle(named: key) else {
      let error = ResolveError.unknownPlacement(
        key, known: ruleSet.placementNames, suggestion: Suggestions.closest(to: key, in: ruleSet.placementNames))
      return ofrepFailure(.flagNotFound(error.description), key: key, context: &context)
    }
    let bound: BoundProfile
    switch bind(body, ruleSet) {
    case .success(let value): bound = value
    case .failure(let error): return ofrepFailure(error, key: key, context: &context)
    }
    let options = ResolveOptions(now: .now)
    do {
      let decision = try ruleSet.resolve(handle, for: bound, options: options)
      context.count(decision)
      context.json.removeAll()
      OFREPEvaluation.write(decision, rulesVersion: ruleSet.version, to: &context.json)
      return Self.decisionResponse(200, context.json.bytes, rulesVersion: ruleSet.version)
    } catch {
      return ofrepFailure(.general(error.description), key: key, context: &context)
    }
  }

  /// `POST /ofrep/v1/evaluate/flags`: every placement (`{"flags": [...]}`, with an `ETag`; 304 when
  /// `If-None-Match` names it), or a bulk failure (400) without a key.
  func ofrepBulk(_ head: HTTPRequestHead, body: [UInt8], context: inout RequestContext) -> HTTPResponse {
    let ruleSet = rules.ruleSet
    let bound: BoundProfile
    switch bind(body, ruleSet) {
    case .success(let value): bound = value
    case .failure(let error): return ofrepFailure(error, key: nil, context: &context)
    }
    let options = ResolveOptions(now: .now)
    let decided = ruleSet.decidingPrerequisites(bound, options: options)
    context.json.removeAll()
    context.json.beginObject()
    context.json.key("flags")
    context.json.beginArray()
    for handle in ruleSet.placementHandles {
      do {
        let decision = try ruleSet.resolve(handle, for: decided, options: options)
        context.count(decision)
        OFREPEvaluation.write(decision, rulesVersion: ruleSet.version, to: &context.json)
      } catch {
        OFREPEvaluation.writeFailure(.general(error.description), key: handle.name, to: &context.json)
      }
    }
    context.json.endArray()
    context.json.endObject()
    let bytes = context.json.bytes
    let tag = EntityTag.of(bytes, rulesVersion: ruleSet.version)
    if let condition = head.field("If-None-Match"), EntityTag.matches(condition, tag) {
      return HTTPResponse(status: 304, fields: [(name: "ETag", value: tag)])
    }
    var response = Self.decisionResponse(200, bytes, rulesVersion: ruleSet.version)
    response.fields.append((name: "ETag", value: tag))
    return response
  }

  /// The request's context bound as a profile by `ruleSet`.
  func bind(_ body: [UInt8], _ ruleSet: RuleSet) -> Result<BoundProfile, OFREPError> {
    OFREPContext.profile(fromBody: body).flatMap { json in
      do throws(ProfileError) {
        return .success(try ruleSet.bind(jsonBytes: json))
      } catch {
        return .failure(.invalidContext(error.message))
      }
    }
  }

  func ofrepFailure(_ error: OFREPError, key: String?, context: inout RequestContext) -> HTTPResponse {
    context.json.removeAll()
    OFREPEvaluation.writeFailure(error, key: key, to: &context.json)
    return HTTPResponse(status: error.status, fields: [HTTPResponse.jsonContentType], body: context.json.bytes)
  }

  /// A JSON response made by a rule set, naming its `rules_version` in `Placement-Rules-Version`.
  static func decisionResponse(_ status: Int, _ body: [UInt8], rulesVersion: String) -> HTTPResponse {
    HTTPResponse(
      status: status, fields: [HTTPResponse.jsonContentType, (name: "Placement-Rules-Version", value: rulesVersion)],
      body: body)
  }
}

/// The bulk response's entity tag: the rules version and a 64-bit FNV-1a hash of the body, so it changes when
/// the rules or any evaluation change (the clock included: schedules and relative dates), and a client polling
/// with `If-None-Match` gets 304 while its flags stay the same.
enum EntityTag {
  static func of(_ body: [UInt8], rulesVersion: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in body {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return "\"\(rulesVersion)-\(String(repeating: "0", count: 16 - hex.count))\(hex)\""
  }

  /// Whether an `If-None-Match` value (`*`, or a list of tags, weak or strong) names `tag` (weak comparison,
  /// RFC 9110 §13.1.2).
  static func matches(_ condition: String, _ tag: String) -> Bool {
    if Substring(condition).trimmingSpacesAndTabs() == "*" { return true }
    return condition.split(separator: ",").contains { element in
      var candidate = Substring(element).trimmingSpacesAndTabs()
      if candidate.hasPrefix("W/") { candidate = candidate.dropFirst(2) }
      return candidate == tag
    }
  }
}
