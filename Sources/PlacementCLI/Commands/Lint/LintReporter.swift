import PlacementKit

/// What every lint reporter may use beyond the findings.
struct LintReportContext {
  /// ANSI colours (text only; the console decides: a terminal, no `NO_COLOR`, `TERM` not `dumb`).
  var colors = false
  /// The rules path as given, naming findings about the rule set as a whole (no source position).
  var rules = "Rules"
  /// The tool's version (SARIF's `tool.driver.version`).
  var version = Help.version
}

/// A way of printing lint findings: one per `--format` value (SwiftFormat's reporter registry).
protocol LintReporter {
  /// The `--format` value that selects the reporter.
  static var format: String { get }
  init(context: LintReportContext)
  /// The whole output for one run, ending with a newline.
  func render(_ result: LintResult) -> String
}

/// The lint reporters, in the order `--help` lists them; the first is the default.
enum LintReporters {
  static var all: [any LintReporter.Type] {
    [TextLintReporter.self, JSONLintReporter.self, GitHubLintReporter.self, SARIFLintReporter.self]
  }

  static var formats: [String] { all.map { $0.format } }

  /// The reporter for a `--format` value, or nil.
  static func named(_ format: String) -> (any LintReporter.Type)? { all.first { $0.format == format } }
}

extension TextLintReporter: LintReporter {
  static let format = "text"
  init(context: LintReportContext) { self.init(colors: context.colors, rules: context.rules) }
}

extension JSONLintReporter: LintReporter {
  static let format = "json"
  init(context: LintReportContext) { self.init() }
}

extension GitHubLintReporter: LintReporter {
  static let format = "github"
  init(context: LintReportContext) { self.init() }
}

extension SARIFLintReporter: LintReporter {
  static let format = "sarif"
  init(context: LintReportContext) { self.init(version: context.version) }
}
