import Foundation
import PlacementKit
import TestSupport

@testable import PlacementServer

/// The repository's folders (tests run from any directory).
enum Repository {
  static let root = repositoryRoot
  static let rules = root.appendingPathComponent("Rules").path
  static let profiles = root.appendingPathComponent("Examples/profiles").path
}

/// Runs `body` with a server on 127.0.0.1 and a free port, serving `rules` (default Rules/), then shuts it down
/// and waits for its loops to end.
func withServer<Result>(
  rules: String = Repository.rules, threads: Int = 2, options: ServiceOptions = ServiceOptions(toolVersion: "test"),
  configure: (inout ServerConfiguration) -> Void = { _ in }, _ body: (Server) throws -> Result
) throws -> Result {
  try withServer(serving: loadedRules(rules), threads: threads, options: options, configure: configure, body)
}

/// Runs `body` with a server on 127.0.0.1 and a free port answering with `served` (loaded or not), then shuts it
/// down, stops following the rules, and waits for its loops to end.
func withServer<Result>(
  serving served: ServedRules, threads: Int = 2, options: ServiceOptions = ServiceOptions(toolVersion: "test"),
  configure: (inout ServerConfiguration) -> Void = { _ in }, _ body: (Server) throws -> Result
) throws -> Result {
  var configuration = ServerConfiguration(address: ListenAddress("127.0.0.1:0")!, threads: threads)
  configure(&configuration)
  let server = try Server(configuration: configuration, rules: served, options: options)
  server.start()
  defer {
    served.stop()
    server.shutdown(within: 5)
    server.wait()
  }
  return try body(server)
}

/// The rules at `path` (a folder, a rules file or a bundle file), loaded, not followed.
func loadedRules(_ path: String) throws -> ServedRules {
  let rules = ServedRules(source: try RulesSource(parsing: path))
  try rules.load()
  return rules
}
