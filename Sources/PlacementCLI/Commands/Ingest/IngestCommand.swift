import PlacementKit

/// `placement ingest EVENTS.jsonl [--profile FILE]`: flow events → a profile's custom attributes. The events an
/// attribute reads are folded into `custom_attributes` (`RuleSet.ingest`), so `resolve` of the printed profile
/// decides on the answers it shows.
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
    // The document's members are printed back as given, but for `custom_attributes` and `events`: a client's own
    // fields survive `ingest --profile p.json > p2.json`.
    var document: [String: JSONValue] = [:]
    if let path = arguments.value("--profile") {
      let read: (profile: Profile, bytes: [UInt8]) = try Support.profile(at: path, console: console)
      profile = read.profile
      if case .object(let members)? = try? JSONReader.parse(read.bytes) { document = members }
    }
    let maxLineBytes = JSONLimits.default.maxBytes
    var reader = try LineReader(path: eventsPath, console: console, maxLineBytes: maxLineBytes)
    let name = reader.name
    var lineNumber = 0
    var skipped = 0
    var blank = 0
    var events: [IngestedEvent] = []
    // Every error and warning with the line it is about, printed in line order once the input is read.
    var report = IngestReport(name: name)
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
        report.add(
          "error: event line is \(reader.lastLineLength) bytes, over the limit of \(maxLineBytes) bytes; not read",
          line: lineNumber)
        continue
      }
      do {
        let json = try JSONReader.parse(line)
        if let event = try FlowEvent.decode(json) {
          for warning in event.sourceKindMismatches(ruleSet.attributes) + event.warnings {
            report.add("warning: \(warning)", line: lineNumber)
          }
          events.append(IngestedEvent(json: json, event: event))
          lastLine[event.elementID] = lineNumber
        }
      } catch let error as JSONError {
        skipped += 1
        let at = error.location(in: line).located(in: name, fromLine: lineNumber)
        report.add(located: "\(at): error: invalid JSON: \(error.message)", line: lineNumber)
      } catch let error as IngestError {
        skipped += 1
        report.add("error: \(error.message); event skipped", line: lineNumber)
      } catch {
        skipped += 1
        report.add("error: \(error)", line: lineNumber)
      }
    }
    if let failure = reader.commandFailure { throw failure }
    let ingested = ruleSet.ingest(events, into: document, profile: profile)
    // A member the rules do not know is kept in the printed profile: say so, not "ignored".
    let kept = Dictionary(
      uniqueKeysWithValues: document.keys.filter { $0 != "custom_attributes" && profile.builtins[$0] == nil }.map {
        (Profile.unknownMemberWarning($0), $0)
      })
    let answerLines = ruleSet.attributes.compactMap { attribute in
      attribute.source.flatMap { lastLine[$0.element] }.map { ("attribute '\(attribute.name)': ", $0) }
    }
    for warning in ingested.warnings {
      let text = kept[warning].map {
        "profile member '\(UntrustedText.escaped($0))' is no attribute: kept in the output as given, ignored when "
          + "resolving (custom attributes go in 'custom_attributes')"
      }
      report.add("warning: \(text ?? warning)", line: answerLines.first { warning.hasPrefix($0.0) }?.1)
    }
    report.print(to: console)
    console.out(serialized(.object(ingested.members), sortedKeys: true) + "\n")
    var problems = 0
    if arguments.has("--adapty") {
      for problem in AdaptyLimits.problems(ingested.customAttributes) {
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
}

/// The errors and warnings of one `ingest` run, printed in the order of the input lines they are about; those
/// about no line (the `--profile` document) come first.
struct IngestReport {
  /// The events file's name, as lines are located (`events.jsonl:3: `).
  let name: String
  private var entries: [(line: Int?, text: String)] = []

  init(name: String) {
    self.name = name
  }

  /// Adds `message` (`error: …` or `warning: …`), located at `line` when it is about one.
  mutating func add(_ message: String, line: Int?) {
    entries.append((line, line.map { "\(name):\($0): " + message } ?? message))
  }

  /// Adds a message that already names its location (`events.jsonl:3:14: error: …`), sorted under `line`.
  mutating func add(located text: String, line: Int) {
    entries.append((line, text))
  }

  /// Writes the messages to standard error: the unlocated ones first, then by line; messages about one line keep
  /// the order they were found in.
  func print(to console: Console) {
    let ordered = entries.enumerated().sorted { a, b in
      (a.element.line ?? 0, a.offset) < (b.element.line ?? 0, b.offset)
    }
    for entry in ordered { console.err(entry.element.text + "\n") }
  }
}
