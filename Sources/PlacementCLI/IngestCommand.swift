import PlacementKit

/// `placement ingest EVENTS.jsonl [--profile FILE]`: flow events → a profile's custom attributes.
struct IngestCommand: Subcommand {
  let arguments: Arguments
  let console: Console

  static let options = CommandOptions(valued: ["--profile", "--rules"], flags: ["--adapty", "--strict"])

  init(_ args: [String], console: Console) throws(CommandFailure) {
    arguments = try Arguments(args, Self.options)
    self.console = console
  }

  func run() throws(CommandFailure) -> ExitCode {
    guard arguments.positionals.count == 1, let eventsPath = arguments.positionals.first else {
      throw CommandFailure(.usage, "give one events file (JSON Lines; '-' reads standard input)")
    }
    let ruleSet = try Support.compileRules(
      try arguments.rulesPath(), console: console, verbose: arguments.verbose, strict: arguments.has("--strict"))
    var profile = Profile()
    // Top-level members the profile reader does not know (a client's own fields) are printed back unchanged:
    // `ingest --profile p.json > p2.json` loses nothing.
    var unknownMembers: [String: JSONValue] = [:]
    if let path = arguments.value("--profile") {
      let read: (profile: Profile, bytes: [UInt8]) = try Support.profile(at: path, console: console)
      profile = read.profile
      if case .object(let members)? = try? JSONReader.parse(read.bytes) {
        unknownMembers = members.filter { $0.key != "custom_attributes" && profile.builtins[$0.key] == nil }
      }
    }
    let maxLineBytes = JSONLimits.default.maxBytes
    var reader = try LineReader(path: eventsPath, console: console, maxLineBytes: maxLineBytes)
    let name = reader.name
    var lineNumber = 0
    var skipped = 0
    var blank = 0
    // The line of the last event for each element: an answer's warnings (found when the profile is bound, after
    // every event) name the line that gave the answer.
    var lastLine: [String: Int] = [:]
    while let line = reader.next() {
      lineNumber += 1
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
        blank += 1
        continue
      }
      if reader.lastLineLength > maxLineBytes {
        skipped += 1
        console.err(
          "\(name):\(lineNumber): error: event line is \(reader.lastLineLength) bytes, over the limit of \(maxLineBytes) bytes; not read\n"
        )
        continue
      }
      do {
        let json = try JSONReader.parse(line)
        if let event = try FlowEvent.decode(json) {
          for mismatch in event.sourceKindMismatches(ruleSet.attributes) {
            console.err("\(name):\(lineNumber): warning: \(mismatch)\n")
          }
          profile.answers.apply(event)
          lastLine[event.elementID] = lineNumber
        }
      } catch let error as JSONError {
        skipped += 1
        let at = error.location(in: line).located(in: name, fromLine: lineNumber)
        console.err("\(at): error: invalid JSON: \(error.message)\n")
      } catch let error as IngestError {
        skipped += 1
        console.err("\(name):\(lineNumber): error: \(error.message); event skipped\n")
      } catch {
        skipped += 1
        console.err("\(name):\(lineNumber): error: \(error)\n")
      }
    }
    if let failure = reader.commandFailure { throw failure }
    let (text, custom, warnings) = render(profile, ruleSet: ruleSet, keeping: unknownMembers)
    console.out(text + "\n")
    // A member the rules do not know is kept in the printed profile: say so, not "ignored".
    let kept = Dictionary(uniqueKeysWithValues: unknownMembers.keys.map { (Profile.unknownMemberWarning($0), $0) })
    let answerLines = ruleSet.attributes.compactMap { attribute in
      attribute.source.flatMap { lastLine[$0.element] }.map { ("attribute '\(attribute.name)': ", $0) }
    }
    for warning in warnings {
      let text = kept[warning].map {
        "profile member '\(UntrustedText.escaped($0))' is no attribute: kept in the output as given, ignored when "
          + "resolving (custom attributes go in 'custom_attributes')"
      }
      let at = answerLines.first { warning.hasPrefix($0.0) }.map { "\(name):\($0.1): " } ?? ""
      console.err("\(at)warning: \(text ?? warning)\n")
    }
    var problems = 0
    if arguments.has("--adapty") {
      for problem in AdaptyLimits.problems(custom) {
        problems += 1
        console.err("adapty: \(problem)\n")
      }
    }
    if skipped > 0 {
      let applied = lineNumber - skipped - blank
      console.err(
        "\(lineNumber) line\(lineNumber == 1 ? "" : "s"): \(applied) applied, \(skipped) skipped"
          + (blank > 0 ? ", \(blank) blank" : "") + "\n")
    }
    return skipped + problems > 0 ? .findings : .ok
  }

  /// The profile as JSON with `custom_attributes` updated from the answers of declared attributes.
  /// Also returns the warnings of binding (answers that do not fit their attribute), which go to stderr: the
  /// printed profile stays a clean input for `placement resolve --profile -`. `unknownMembers` are printed as given.
  func render(_ profile: Profile, ruleSet: RuleSet, keeping unknownMembers: [String: JSONValue] = [:]) -> (
    String, [String: JSONValue], [String]
  ) {
    let bound = ruleSet.bind(profile)
    var custom = profile.customAttributes
    for attribute in ruleSet.attributes where attribute.source != nil {
      let value = bound.values[attribute.slot]
      custom[attribute.name] = value.isMissing ? nil : value.json(attribute.type)
    }
    var members = unknownMembers.merging(profile.builtins) { _, builtin in builtin }
    members["custom_attributes"] = .object(custom)
    return (serialized(.object(members), sortedKeys: true), custom, bound.warnings)
  }
}
