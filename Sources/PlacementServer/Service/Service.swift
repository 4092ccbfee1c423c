import PlacementKit

/// What `placement serve` answers, whatever carries the requests: routing, authorization, limits per route and
/// the handlers. Shared by every event loop; each loop passes its own ``RequestContext``.
final class Service: Sendable {
  let rules: ServedRules
  let options: ServiceOptions
  let connections = ConnectionCounters()
  let shards: [MetricsShard]
  let startedAt = Instant.now

  init(rules: ServedRules, options: ServiceOptions, loops: Int) {
    self.rules = rules
    self.options = options
    shards = (0..<loops).map { _ in MetricsShard() }
  }

  /// What the connection does with a request once its head is read.
  enum Plan {
    /// Read the body (refusing one over `limit` bytes), then call ``respond(_:to:body:context:)``.
    case collect(limit: Int)
    /// Feed the body to this stream as it arrives (`/v1/resolve/batch`), after a 413 check against `limit`.
    case stream(BatchStream, limit: Int)
    /// Answer now, without reading the body.
    case answer(HTTPResponse)
  }

  /// The route of `head`, checked for its method and token.
  func route(_ head: HTTPRequestHead) -> (route: Route, key: String?, refusal: HTTPResponse?) {
    let (route, key) = Route.of(path: head.path)
    guard route != .other else { return (route, key, ServiceError.notFound.response) }
    guard route.answers(head.method) else {
      var response = ServiceError.methodNotAllowed(route.methods).response
      response.fields.append((name: "Allow", value: route.methods.joined(separator: ", ")))
      return (route, key, response)
    }
    if let token = options.token, route.needsToken, !BearerToken.authorizes(head.field("Authorization"), token: token) {
      return (route, key, ServiceError.unauthorized.response)
    }
    if route.decides, let reason = rules.unavailable {
      var response =
        route.isOFREP
        ? OFREPEvaluation.failureResponse(.unavailable(reason), key: key)
        : ServiceError.rulesNotLoaded(reason).response
      response.fields.append((name: "Retry-After", value: "1"))
      return (route, key, response)
    }
    return (route, key, nil)
  }

  func plan(_ head: HTTPRequestHead, route: Route) -> Plan {
    guard route == .resolveBatch else { return .collect(limit: options.maxBodyBytes) }
    switch BatchStream.open(head, rules: rules.ruleSet, allowNow: options.allowNow) {
    case .success(let stream): return .stream(stream, limit: options.maxBatchBytes)
    case .failure(let error): return .answer(error.response)
    }
  }

  /// The response to a complete request of a collected route.
  func respond(_ route: Route, key: String?, to head: HTTPRequestHead, body: [UInt8], context: inout RequestContext)
    -> HTTPResponse
  {
    switch route {
    case .ofrepFlag: return ofrepFlag(key ?? "", body: body, context: &context)
    case .ofrepBulk: return ofrepBulk(head, body: body, context: &context)
    case .resolve: return resolve(head, body: body, context: &context)
    case .healthz: return Self.json(200, #"{"status":"ok"}"#)
    case .readyz: return readiness()
    case .metrics: return metricsPage()
    case .rules: return manifest()
    case .resolveBatch, .other: return ServiceError.notFound.response
    }
  }

  /// Ready (200) once rules are loaded: `{"status": "ready", "rules_version": "…", "served_from_cache": false,
  /// "staleness_seconds": 3}`; before, 503 `{"status": "not-ready", "reason": "cannot load rules from …"}`.
  func readiness() -> HTTPResponse {
    var json = JSONWriter(reservingCapacity: 128)
    json.beginObject()
    json.key("status")
    guard let status = rules.status else {
      json.value("not-ready")
      json.key("reason")
      json.value(rules.unavailable ?? "")
      json.endObject()
      return HTTPResponse(status: 503, fields: [HTTPResponse.jsonContentType], body: json.bytes + [0x0A])
    }
    json.value("ready")
    json.key("rules_version")
    json.value(status.rulesVersion)
    json.key("served_from_cache")
    json.value(status.servedFromCache)
    json.key("staleness_seconds")
    json.value(Int(status.staleness().components.seconds))
    json.endObject()
    return HTTPResponse(status: 200, fields: [HTTPResponse.jsonContentType], body: json.bytes + [0x0A])
  }

  static func json(_ status: Int, _ text: String) -> HTTPResponse {
    HTTPResponse(status: status, fields: [HTTPResponse.jsonContentType], body: Array(text.utf8) + [0x0A])
  }
}

/// What each request handled by one event loop may reuse, and the decisions it made (for the metrics).
struct RequestContext {
  let shard: MetricsShard
  var json = JSONWriter(reservingCapacity: 4_096)
  var decisions: [MetricsShard.DecisionKey] = []

  init(shard: MetricsShard) {
    self.shard = shard
  }

  mutating func count(_ decision: Decision) {
    decisions.append(MetricsShard.DecisionKey(placement: decision.placement, reason: decision.reason))
  }
}

/// The options of the service itself (the transport's are ``ServerConfiguration``'s).
public struct ServiceOptions: Sendable {
  /// Accept `now` in the native routes' query.
  public var allowNow: Bool
  /// The bearer token every route but the probes requires, or nil for none.
  public var token: String?
  /// Body limit of every route but the batch route, in bytes (default 1 MiB, the profile limit).
  public var maxBodyBytes: Int
  /// Body limit of `/v1/resolve/batch`, in bytes (default 64 MiB); each line is held to the profile limit.
  public var maxBatchBytes: Int
  /// The version `/v1/rules` reports as `tool_version`.
  public var toolVersion: String

  public init(
    allowNow: Bool = false, token: String? = nil, maxBodyBytes: Int = 1_048_576, maxBatchBytes: Int = 67_108_864,
    toolVersion: String = "0"
  ) {
    self.allowNow = allowNow
    self.token = token
    self.maxBodyBytes = maxBodyBytes
    self.maxBatchBytes = maxBatchBytes
    self.toolVersion = toolVersion
  }
}
