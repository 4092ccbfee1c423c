import PlacementKit

/// The options one command's parser accepts: those that take a value and the boolean flags. Each command declares
/// its own (`ResolveCommand.options`, …); ``PlacementTool/commands`` lists them by command, so a test can check that
/// every option a command accepts is in its `--help`.
struct CommandOptions: Sendable {
  let valued: Set<String>
  let flags: Set<String>

  /// - Parameter verbose: whether the command takes `--verbose` (every command that reads rules files from disk
  ///   does: it names the files rules discovery skipped).
  init(valued: Set<String> = [], flags: Set<String> = [], verbose: Bool = true) {
    self.valued = valued
    self.flags = verbose ? flags.union(["--verbose"]) : flags
  }

  /// Every option, sorted.
  var all: [String] { valued.union(flags).sorted() }
}

/// Parsed command-line arguments of one subcommand: `--name value`, `--name=value`, boolean `--flag`, and
/// positionals. Parsing is by hand (no ArgumentParser: the package has no dependencies).
struct Arguments {
  private(set) var values: [String: [String]] = [:]
  private(set) var flags: Set<String> = []
  private(set) var positionals: [String] = []

  /// Parses `arguments` given the options the command accepts.
  /// - Throws: ``CommandFailure`` (usage) for an unknown option or a missing value.
  init(_ arguments: [String], _ options: CommandOptions) throws(CommandFailure) {
    let valued = options.valued
    let allowedFlags = options.flags
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        positionals += arguments[index...]
        break
      }
      guard argument.hasPrefix("-"), argument != "-" else {
        positionals.append(argument)
        continue
      }
      var name = argument
      var inline: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      if allowedFlags.contains(name), inline == nil {
        flags.insert(name)
      } else if valued.contains(name) {
        if let inline {
          values[name, default: []].append(inline)
        } else if index < arguments.count {
          values[name, default: []].append(arguments[index])
          index += 1
        } else {
          throw CommandFailure(.usage, "option '\(name)' needs a value")
        }
      } else {
        let known = options.all
        let hint = Suggestions.closest(to: name, in: known).map { "; did you mean '\($0)'?" } ?? ""
        throw CommandFailure(.usage, "unknown option '\(name)'\(hint)")
      }
    }
  }

  func value(_ name: String) -> String? { values[name]?.last }

  /// The rules path of a command that reads one rule set: a usage error when `--rules` is given more than once
  /// (taking the last one silently would ignore the others; `placement lint` is the command that reads several).
  func rulesPath() throws(CommandFailure) -> String? {
    let given = all("--rules")
    guard given.count <= 1 else {
      throw CommandFailure(
        .usage, "option '--rules' given \(given.count) times: this command reads one rule set (a folder or a file)")
    }
    return given.first
  }
  func all(_ name: String) -> [String] { values[name] ?? [] }
  func has(_ name: String) -> Bool { flags.contains(name) }

  /// The value of a choice option, checked against the allowed values.
  func choice(_ name: String, among allowed: [String], default fallback: String) throws(CommandFailure) -> String {
    guard let value = value(name) else { return fallback }
    guard allowed.contains(value) else {
      throw CommandFailure(.usage, "\(name) must be one of \(allowed.joined(separator: ", ")), found '\(value)'")
    }
    return value
  }

  /// The value of a choice option as one of an enumeration's cases (its raw values are the choices).
  func choice<Choice: RawRepresentable & CaseIterable>(_ name: String, default fallback: Choice) throws(CommandFailure)
    -> Choice where Choice.RawValue == String
  {
    let text = try choice(name, among: Choice.allCases.map(\.rawValue), default: fallback.rawValue)
    return Choice(rawValue: text) ?? fallback
  }

  /// Whether `--verbose` was given.
  var verbose: Bool { has("--verbose") }
}
