import PlacementKit

/// `placement audiences [<placement>] [--now T]`: the audience table of a placement (priority, segment, content or
/// split, marks, each scheduled row's window and whether it is live at `--now` or the clock, fallback path), or the
/// list of placements with their row counts.
struct AudiencesCommand: Subcommand {
  let arguments: Arguments
  let console: Console

  static let options = CommandOptions(valued: ["--rules", "--format", "--now"], flags: ["--strict"])

  init(_ args: [String], console: Console) throws(CommandFailure) {
    arguments = try Arguments(args, Self.options)
    self.console = console
  }

  func run() throws(CommandFailure) -> ExitCode {
    let format: OutputFormat = try arguments.choice("--format", default: .text)
    guard arguments.positionals.count <= 1 else {
      throw CommandFailure(.usage, "give at most one placement, found '\(arguments.positionals[1])' as well")
    }
    let ruleSet = try Support.compileRules(
      try arguments.rulesPath(), console: console, verbose: arguments.verbose, strict: arguments.has("--strict"))
    // Schedules are judged at --now, else the clock: what is live now.
    let now = try Support.now(arguments.value("--now"))
    guard let name = arguments.positionals.first else {
      let tables = ruleSet.placements.map { AudienceTable($0, in: ruleSet).at(now) }
      if format == .json {
        var json = JSONWriter()
        AudienceTable.writeSummary(tables, layers: ruleSet.layers, to: &json)
        console.out(json.string + "\n")
      } else {
        console.out(
          AudiencesText.summary(tables) + AudiencesText.layers(ruleSet.layers) + AudiencesText.dialect(of: tables))
      }
      return .ok
    }
    guard let table = AudienceTable(name, in: ruleSet)?.at(now) else {
      throw CommandFailure(.dataError, ResolveError.unknown(placement: name, in: ruleSet).description)
    }
    if format == .json {
      var json = JSONWriter()
      table.write(to: &json)
      console.out(json.string + "\n")
    } else {
      console.out(AudiencesText.table(table))
    }
    return .ok
  }
}
