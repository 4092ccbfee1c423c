import Foundation
import PlacementKit
import PlacementServer

/// `placement serve`: the decision service over HTTP (docs/Serve.md). Parses the options, loads the rules (from a
/// folder, a bundle file or a bundle URL, with the cache of the last good bundle), starts the server, follows the
/// rules' source, then waits for signals: `SIGHUP` polls the source now, `SIGTERM` or `SIGINT` drains and stops.
struct ServeCommand: Subcommand {
  let arguments: Arguments
  let console: Console

  static let options = CommandOptions(
    valued: [
      "--listen", "--rules", "--cache", "--poll-interval", "--token-file", "--threads", "--max-connections",
      "--max-header-bytes", "--max-headers", "--max-body-bytes", "--max-batch-bytes", "--read-timeout",
      "--idle-timeout", "--write-timeout", "--shutdown-timeout",
    ],
    flags: ["--insecure-listen", "--allow-now", "--access-log"])

  init(_ args: [String], console: Console) throws(CommandFailure) {
    arguments = try Arguments(args, Self.options)
    self.console = console
  }

  func run() throws(CommandFailure) -> ExitCode {
    guard arguments.positionals.isEmpty else {
      throw CommandFailure(.usage, "unexpected argument '\(arguments.positionals[0])'")
    }
    let (configuration, options, shutdown) = try settings()
    let rules = try servedRules()
    let server: Server
    do {
      server = try Server(configuration: configuration, rules: rules, options: options)
    } catch {
      throw CommandFailure(.unavailable, error.description)
    }
    // Before the loops' threads start, so that they inherit the mask and the signals come to `Signals.next`.
    Signals.block()
    server.start()
    let address = ListenAddress("\(configuration.address.host):\(server.port)") ?? configuration.address
    if let snapshot = rules.snapshot {
      console.err(
        "placement serve: listening on http://\(address) (rules_version \(snapshot.ruleSet.version), "
          + "\(snapshot.ruleSet.placements.count) placements, \(configuration.threads) threads)\n")
    } else {
      console.err(
        "placement serve: listening on http://\(address) (no rules yet: retrying '\(rules.source)', "
          + "\(configuration.threads) threads)\n")
    }
    rules.follow { [console] status in
      console.err("placement serve: rules loaded from '\(rules.source)': rules_version \(status.rulesVersion)\n")
    }
    while Signals.next() == SIGHUP {
      rules.pollNow()
    }
    let limit = shutdown == shutdown.rounded() ? String(Int(shutdown)) : String(shutdown)
    console.err("placement serve: shutting down (up to \(limit) s for requests in flight)\n")
    rules.stop()
    server.shutdown(within: shutdown)
    server.wait()
    console.err("placement serve: stopped\n")
    return .ok
  }

  /// The rules of `--rules` (default `Rules`), loaded. A folder or a bundle file that gives no rules stops the
  /// command; a URL that gives none (and no cache) is reported, and the server starts not ready and retries.
  func servedRules() throws(CommandFailure) -> ServedRules {
    let argument = try arguments.rulesPath() ?? "Rules"
    let source: RulesSource
    do {
      source = try RulesSource(parsing: argument)
    } catch {
      let isURL = argument.lowercased().hasPrefix("http://") || argument.lowercased().hasPrefix("https://")
      throw CommandFailure(isURL ? .usage : error.isInvalidBundle ? .dataError : .noInput, error.message)
    }
    if case .folder = source, arguments.value("--cache") != nil {
      throw CommandFailure(
        .usage,
        "--cache keeps the last good bundle of a bundle file or URL; '\(argument)' is a rules folder, which has none")
    }
    if arguments.verbose, case .folder(let path) = source { Support.reportSkipped(skipped(path), console: console) }
    let isURL = if case .url = source { true } else { false }
    let interval = try seconds("--poll-interval", default: isURL ? 30 : 1)
    let rules = ServedRules(
      source: source, cache: arguments.value("--cache"), interval: .milliseconds(Int64(interval * 1000))
    ) { [console] result, status in
      let revision = status.revision.map { ", revision \($0)" } ?? ""
      switch result.outcome {
      case .applied:
        console.err("placement serve: reloaded '\(source)': rules_version \(status.rulesVersion)\(revision)\n")
      case .rejected, .superseded:
        console.err(result.rendered())
        console.err(
          "placement serve: reload of '\(source)' refused; still serving rules_version \(status.rulesVersion)\n")
      }
    }
    do {
      try rules.load()
    } catch {
      guard isURL else { throw failure(error, path: argument) }
      console.err("placement serve: \(error.description)\n")
    }
    if let status = rules.status, status.servedFromCache {
      console.err(
        "placement serve: serving the cached bundle '\(rules.cache ?? "")' (rules_version \(status.rulesVersion)): "
          + "\(status.lastError ?? "")\n")
    }
    return rules
  }

  /// The server's configuration and options, and the shutdown deadline, from the command line.
  func settings() throws(CommandFailure) -> (ServerConfiguration, ServiceOptions, shutdown: Double) {
    let listen = arguments.value("--listen") ?? "127.0.0.1:8080"
    guard let address = ListenAddress(listen) else {
      throw CommandFailure(
        .usage, "--listen must be IP:PORT or [IPv6]:PORT (e.g. 127.0.0.1:8080, 0.0.0.0:80), found '\(listen)'")
    }
    let token = try arguments.value("--token-file").map { path throws(CommandFailure) in
      try Self.token(at: path, console: console)
    }
    if token == nil, !address.isLoopback, !arguments.has("--insecure-listen") {
      throw CommandFailure(
        .usage,
        "refusing to listen on \(address) without --token-file: any machine that reaches it could ask for "
          + "decisions; give a token file, or --insecure-listen to serve without one")
    }
    var configuration = ServerConfiguration(address: address, accessLog: arguments.has("--access-log"))
    configuration.threads = try count("--threads", default: configuration.threads, range: 1...256)
    configuration.maxConnections = try count(
      "--max-connections", default: configuration.maxConnections, range: 1...1_000_000)
    configuration.limits.maxHeaderBytes = try count(
      "--max-header-bytes", default: configuration.limits.maxHeaderBytes, range: 256...1_048_576)
    configuration.limits.maxHeaderCount = try count(
      "--max-headers", default: configuration.limits.maxHeaderCount, range: 1...10_000)
    configuration.readTimeout = try seconds("--read-timeout", default: configuration.readTimeout)
    configuration.idleTimeout = try seconds("--idle-timeout", default: configuration.idleTimeout)
    configuration.writeTimeout = try seconds("--write-timeout", default: configuration.writeTimeout)
    var options = ServiceOptions(allowNow: arguments.has("--allow-now"), token: token, toolVersion: Help.version)
    options.maxBodyBytes = try count("--max-body-bytes", default: options.maxBodyBytes, range: 0...(1 << 40))
    options.maxBatchBytes = try count("--max-batch-bytes", default: options.maxBatchBytes, range: 0...(1 << 50))
    return (configuration, options, try seconds("--shutdown-timeout", default: 10))
  }

  private func count(_ option: String, default fallback: Int, range: ClosedRange<Int>) throws(CommandFailure) -> Int {
    guard let text = arguments.value(option) else { return fallback }
    guard let value = Int(text), range.contains(value) else {
      throw CommandFailure(
        .usage, "\(option) must be a whole number from \(range.lowerBound) to \(range.upperBound), found '\(text)'")
    }
    return value
  }

  private func seconds(_ option: String, default fallback: Double) throws(CommandFailure) -> Double {
    guard let text = arguments.value(option) else { return fallback }
    guard let value = Double(text), value > 0, value <= 86_400 else {
      throw CommandFailure(.usage, "\(option) must be a number of seconds above 0, up to 86400, found '\(text)'")
    }
    return value
  }

  /// The bearer token: the file's text without surrounding whitespace (a trailing newline).
  static func token(at path: String, console: Console) throws(CommandFailure) -> String {
    let text = String(decoding: try Support.read(path, console: console), as: UTF8.self)
    let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !token.isEmpty else { throw CommandFailure(.dataError, "the token file '\(path)' is empty") }
    guard token.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
      throw CommandFailure(.dataError, "the token in '\(path)' must be printable ASCII without spaces")
    }
    return token
  }

  private func skipped(_ path: String) -> [SkippedFile] {
    (try? RuleLoading.discover(at: path).skipped) ?? []
  }

  /// The failure of rules from a folder or a bundle file: their diagnostics printed, or why they cannot be read.
  private func failure(_ error: RulesUnavailableError, path: String) -> CommandFailure {
    guard let loadError = error.loadError else {
      let errors = error.diagnostics.filter { $0.severity == .error }
      console.err(Support.render(error.diagnostics, rules: path, colors: console.stderrColors))
      if let cacheError = error.cacheError { console.err("no cached bundle to serve instead: \(cacheError.message)\n") }
      return CommandFailure(.dataError, "rules do not compile: \(errors.count) error\(errors.count == 1 ? "" : "s")")
    }
    var message = loadError.message
    if let cacheError = error.cacheError { message += "\nno cached bundle to serve instead: \(cacheError.message)" }
    return CommandFailure(loadError.isReadFailure || !loadError.isInvalidBundle ? .noInput : .dataError, message)
  }
}
