/// The server's routes: what a request's method and path select, and the label metrics and logs use.
public enum Route: Int, CaseIterable, Sendable {
  case ofrepFlag
  case ofrepBulk
  case resolve
  case resolveBatch
  case healthz
  case readyz
  case metrics
  case rules
  /// Any other path (404), or a request whose head could not be read.
  case other

  /// The path template: the `route` label of metrics and the access log.
  public var label: String {
    switch self {
    case .ofrepFlag: "/ofrep/v1/evaluate/flags/{key}"
    case .ofrepBulk: "/ofrep/v1/evaluate/flags"
    case .resolve: "/v1/resolve"
    case .resolveBatch: "/v1/resolve/batch"
    case .healthz: "/healthz"
    case .readyz: "/readyz"
    case .metrics: "/metrics"
    case .rules: "/v1/rules"
    case .other: "other"
    }
  }

  /// The methods the route answers (`HEAD` wherever `GET` is), for `Allow`.
  var methods: [String] { isPost ? ["POST"] : self == .other ? [] : ["GET", "HEAD"] }

  /// Whether the route answers `method`.
  func answers(_ method: String) -> Bool {
    switch self {
    case .ofrepFlag, .ofrepBulk, .resolve, .resolveBatch: method == "POST"
    case .healthz, .readyz, .metrics, .rules: method == "GET" || method == "HEAD"
    case .other: false
    }
  }

  private var isPost: Bool { decides }

  /// The routes that decide with the rules: refused with 503 until rules are loaded.
  var decides: Bool { self == .ofrepFlag || self == .ofrepBulk || self == .resolve || self == .resolveBatch }

  /// The OFREP routes, whose failures have OFREP's shape.
  var isOFREP: Bool { self == .ofrepFlag || self == .ofrepBulk }

  /// Probes answer without a token, so a load balancer or an orchestrator can check the server.
  var needsToken: Bool { self != .healthz && self != .readyz }

  static let ofrepFlagPrefix = "/ofrep/v1/evaluate/flags/"

  /// The route of `path`, and for an OFREP flag its key (percent-decoded).
  static func of(path: String) -> (Route, key: String?) {
    switch path {
    case "/ofrep/v1/evaluate/flags": return (.ofrepBulk, nil)
    case "/v1/resolve": return (.resolve, nil)
    case "/v1/resolve/batch": return (.resolveBatch, nil)
    case "/healthz": return (.healthz, nil)
    case "/readyz": return (.readyz, nil)
    case "/metrics": return (.metrics, nil)
    case "/v1/rules": return (.rules, nil)
    default:
      guard path.hasPrefix(ofrepFlagPrefix) else { return (.other, nil) }
      let key = path.dropFirst(ofrepFlagPrefix.count)
      guard !key.contains("/"), let decoded = Query.percentDecoded(key, plusIsSpace: false) else {
        return (.other, nil)
      }
      return (.ofrepFlag, decoded)
    }
  }
}
