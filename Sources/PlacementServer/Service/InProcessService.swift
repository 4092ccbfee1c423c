import PlacementKit

/// The service's answers without the transport: the handler a request reaches once its head and body are read.
/// `placement-bench serve-handler` times it, so that the server's own cost per request (its CPU per request under
/// load minus this) can be told apart from the decision's (docs/Performance.md, "placement serve").
package struct InProcessService {
  private let service: Service
  private var context: RequestContext
  private var heads: [String: HTTPRequestHead] = [:]

  package init(rules: ServedRules, options: ServiceOptions = ServiceOptions()) {
    service = Service(rules: rules, options: options, loops: 1)
    context = RequestContext(shard: service.shards[0])
  }

  /// The response to `method target` with `body`, as a loop would answer a complete request (its metrics counted).
  /// The head is read once per method and target (reading heads is the transport's share).
  package mutating func answer(_ method: String, _ target: String, body: [UInt8]) -> HTTPResponse {
    let head: HTTPRequestHead
    if let cached = heads[method + " " + target], cached.contentLength == body.count {
      head = cached
    } else {
      let line = RequestLine.parse(Array("\(method) \(target) HTTP/1.1".utf8))
      let fields: [HTTPRequestHead.Field] = [
        .init(name: "Host", value: "bench"), .init(name: "Content-Length", value: String(body.count)),
      ]
      guard case .success(let parsed) = line, case .success(let read) = HTTPFraming.head(parsed, fields: fields) else {
        return ServiceError.notFound.response
      }
      head = read
      heads[method + " " + target] = read
    }
    let (route, key, refusal) = service.route(head)
    if let refusal { return refusal }
    let response = service.respond(route, key: key, to: head, body: body, context: &context)
    context.shard.record(route, status: response.status, seconds: 0, decisions: context.decisions)
    context.decisions.removeAll(keepingCapacity: true)
    return response
  }
}
