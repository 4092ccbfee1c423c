import PlacementKit

extension Service {
  /// `POST /v1/resolve?placements=…&explain=…&now=…` with a profile JSON body (the shape `placement resolve
  /// --profile` reads): `{"rules_version": "…", "decisions": [decision, …]}`, each decision the JSON of
  /// `placement resolve` (exposures, warnings and, with explain, the rows tried).
  func resolve(_ head: HTTPRequestHead, body: [UInt8], context: inout RequestContext) -> HTTPResponse {
    let query: ResolveQuery
    switch ResolveQuery.parse(head.query, allowNow: options.allowNow) {
    case .success(let parsed): query = parsed
    case .failure(let error): return error.response
    }
    let ruleSet = rules.ruleSet
    let handles: [PlacementHandle]
    switch query.handles(in: ruleSet) {
    case .success(let found): handles = found
    case .failure(let error): return error.response
    }
    let bound: BoundProfile
    do {
      bound = try ruleSet.bind(jsonBytes: body)
    } catch {
      return ServiceError.invalidProfile(error).response
    }
    let options = query.options(at: .now)
    context.json.removeAll()
    context.json.beginObject()
    context.json.key("rules_version")
    context.json.value(ruleSet.version)
    context.json.key("decisions")
    context.json.beginArray()
    for handle in handles {
      do {
        let decision = try ruleSet.resolve(handle, for: bound, options: options)
        context.count(decision)
        decision.write(to: &context.json)
      } catch {
        // Not reached: the handles and the profile come from this rule set.
        return ServiceError(status: 500, code: "internal", message: error.description).response
      }
    }
    context.json.endArray()
    context.json.endObject()
    return Self.decisionResponse(200, context.json.bytes + [0x0A], rulesVersion: ruleSet.version)
  }
}
