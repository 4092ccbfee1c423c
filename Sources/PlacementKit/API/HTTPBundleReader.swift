import Foundation
import PlacementCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A rules bundle at an `http` or `https` URL, fetched with a conditional GET: `If-None-Match` carries the served
/// bundle's `ETag`, so an unchanged bundle costs a `304 Not Modified` and no body.
///
/// The session keeps no cache and sends no conditional header of its own, so every answer is the server's
/// (a `304` is seen as such, never turned into a cached `200`). Redirects are followed.
final class HTTPBundleReader: SourceReader {
  let url: URL
  private let session: URLSession

  /// - Parameters:
  ///   - url: the bundle's URL.
  ///   - timeout: how long one request may take in all (connecting, waiting, receiving the body).
  init(_ url: URL, timeout: Duration) {
    self.url = url
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
    configuration.timeoutIntervalForRequest = seconds
    configuration.timeoutIntervalForResource = seconds
    session = URLSession(configuration: configuration)
  }

  deinit {
    session.invalidateAndCancel()
  }

  func look(servedTag: String?) throws(LoadError) -> Look {
    var request = URLRequest(url: url)
    request.httpMethod = "GET"
    if let servedTag { request.setValue(servedTag, forHTTPHeaderField: "If-None-Match") }
    let answer = fetch(request)
    let name = url.absoluteString
    if let error = answer.error {
      throw LoadError(path: name, message: "cannot fetch '\(name)': \(Self.reason(error))")
    }
    guard let response = answer.response as? HTTPURLResponse else {
      throw LoadError(path: name, message: "cannot fetch '\(name)': no HTTP response")
    }
    switch response.statusCode {
    case 304 where servedTag != nil:
      return .current
    case 200:
      let tag = response.allHeaderFields.first { ($0.key as? String)?.lowercased() == "etag" }?.value as? String
      return .fetched(try Fetched(bundleBytes: Array(answer.data ?? Data()), named: name, tag: tag))
    default:
      let status = HTTPURLResponse.localizedString(forStatusCode: response.statusCode).lowercased()
      throw LoadError(path: name, message: "cannot fetch '\(name)': HTTP \(response.statusCode) \(status)")
    }
  }

  /// Runs `request` and waits for its answer (the session calls back on its own queue, never this thread).
  private func fetch(_ request: URLRequest) -> (data: Data?, response: URLResponse?, error: (any Error)?) {
    let answer = PthreadLocked<(Data?, URLResponse?, (any Error)?)>((nil, nil, nil))
    let done = DispatchSemaphore(value: 0)
    session.dataTask(with: request) { data, response, error in
      answer.withLock { $0 = (data, response, error) }
      done.signal()
    }.resume()
    done.wait()
    return answer.withLock { (data: $0.0, response: $0.1, error: $0.2) }
  }

  /// A transport error as one lower-case line without a final period: a fixed wording for the common failures
  /// (their system text varies with the platform and carries timings), the system's text otherwise.
  static func reason(_ error: any Error) -> String {
    switch (error as? URLError)?.code {
    case .cannotConnectToHost?: return "could not connect to the server"
    case .timedOut?: return "timed out"
    case .cannotFindHost?, .dnsLookupFailed?: return "host not found"
    case .networkConnectionLost?: return "the connection was lost"
    case .notConnectedToInternet?: return "no network"
    default: break
    }
    var text = (error as NSError).localizedDescription
    while text.hasSuffix(".") { text.removeLast() }
    guard let first = text.first else { return "unknown error" }
    return first.lowercased() + text.dropFirst()
  }
}
