import Foundation
import PlacementKit

/// `placement bundle build|verify|show`: a rules folder as one versioned, verifiable file (docs/Bundles.md).
struct BundleCommand: Subcommand {
  let arguments: Arguments
  let console: Console

  static let options = CommandOptions(
    valued: ["--output", "-o", "--revision", "--rules", "--format"], flags: ["--with-tests"])

  init(_ args: [String], console: Console) throws(CommandFailure) {
    arguments = try Arguments(args, Self.options)
    self.console = console
  }

  func run() throws(CommandFailure) -> ExitCode {
    guard let action = arguments.positionals.first else {
      throw CommandFailure(.usage, "give an action: build, verify or show")
    }
    let operands = Array(arguments.positionals.dropFirst())
    switch action {
    case "build": return try build(operands)
    case "verify": return try verify(try single(operands, "a bundle file"))
    case "show": return try show(try single(operands, "a bundle file"))
    default:
      let hint = Suggestions.closest(to: action, in: ["build", "verify", "show"]).map { "; did you mean '\($0)'?" }
      throw CommandFailure(.usage, "unknown action '\(action)'\(hint ?? ""): give build, verify or show")
    }
  }

  private func single(_ operands: [String], _ what: String) throws(CommandFailure) -> String {
    guard operands.count == 1 else {
      throw CommandFailure(.usage, operands.isEmpty ? "give \(what)" : "give one \(what), found \(operands.count)")
    }
    return operands[0]
  }

  /// Compiles the rules folder, refuses it on an error, then writes the bundle atomically.
  private func build(_ operands: [String]) throws(CommandFailure) -> ExitCode {
    guard operands.count <= 1, arguments.value("--rules") == nil || operands.isEmpty else {
      throw CommandFailure(.usage, "give one rules folder, as an operand or with --rules")
    }
    guard let output = arguments.value("--output") ?? arguments.value("-o") else {
      throw CommandFailure(.usage, "give the bundle file to write with -o FILE")
    }
    let folder = operands.first ?? arguments.value("--rules") ?? "Rules"
    let (bundle, compilation) = try Self.building(
      of: folder, withTests: arguments.has("--with-tests"), revision: arguments.value("--revision"),
      toolVersion: Help.version)
    Support.printDiagnostics(compilation, rules: folder, console: console, includeWarnings: false)
    guard compilation.ruleSet != nil else {
      throw CommandFailure(.dataError, "rules do not compile: no bundle written")
    }
    let bytes: [UInt8]
    do {
      bytes = try bundle.archive()
    } catch {
      throw CommandFailure(.dataError, error.description)
    }
    try FileWriting.replace(output, with: bytes)
    console.out(
      "\(output): rules_version \(bundle.rulesVersion), \(Self.counted(bundle)), \(bundle.extras.count) other file"
        + "\(bundle.extras.count == 1 ? "" : "s"), \(bytes.count) bytes\n")
    return .ok
  }

  /// Checks the archive and its manifest, then that the rules compile.
  private func verify(_ path: String) throws(CommandFailure) -> ExitCode {
    let bundle = try Self.read(path)
    let compilation = Compilation.compile(bundle.sources(named: path))
    Support.printDiagnostics(compilation, rules: path, console: console, includeWarnings: false)
    guard compilation.ruleSet != nil else {
      throw CommandFailure(.dataError, "'\(path)': the bundle is intact but its rules do not compile")
    }
    console.out(
      "\(path): ok, rules_version \(bundle.rulesVersion), \(bundle.rules.count + bundle.extras.count) files verified\n")
    return .ok
  }

  /// Prints the manifest: as text, or as the manifest's own JSON.
  private func show(_ path: String) throws(CommandFailure) -> ExitCode {
    let bundle = try Self.read(path)
    let format: OutputFormat = try arguments.choice("--format", default: .text)
    if format == .json {
      console.out(String(decoding: bundle.manifestBytes(), as: UTF8.self))
      return .ok
    }
    var text = """
      \(UntrustedText.escaped(path, limit: 1_000))
        rules_version  \(bundle.rulesVersion)
        tool_version   \(UntrustedText.escaped(bundle.toolVersion))
        revision       \(bundle.revision.map { UntrustedText.escaped($0) } ?? "(none)")
        files          \(Self.countedShort(bundle)), \(bundle.extras.count) other

      """
    let width = (bundle.rules + bundle.extras).map { UntrustedText.escaped($0.path, limit: 1_000).count }.max() ?? 0
    for file in bundle.rules + bundle.extras {
      let name = UntrustedText.escaped(file.path, limit: 1_000)
      text +=
        "  \(name)\(String(repeating: " ", count: width - name.count))  \(SHA256.hex(file.bytes))  \(file.bytes.count) bytes\n"
    }
    console.out(text)
    return .ok
  }

  static func building(of folder: String, withTests: Bool, revision: String?, toolVersion: String)
    throws(CommandFailure) -> (bundle: RulesBundle, compilation: Compilation)
  {
    do {
      return try RuleLoading.bundleAndCompilation(
        of: folder, withTests: withTests, revision: revision, toolVersion: toolVersion)
    } catch {
      throw CommandFailure(
        error.isReadFailure ? .ioError : error.isInvalidBundle ? .dataError : .noInput, error.message)
    }
  }

  static func read(_ path: String) throws(CommandFailure) -> RulesBundle {
    do {
      return try RuleLoading.bundle(at: path)
    } catch {
      throw CommandFailure(
        error.isReadFailure ? .ioError : error.isInvalidBundle ? .dataError : .noInput, error.message)
    }
  }
}
