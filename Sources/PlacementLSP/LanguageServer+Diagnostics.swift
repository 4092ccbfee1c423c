import PlacementKit

/// Diagnostics: debounced per group, linted by the ``LintWorker``, published when current.
extension LanguageServer {
  /// Schedules a group's diagnostics `delay` seconds from now (a later edit pushes the deadline back).
  func schedule(_ group: String, delay: Double) {
    pending[group] = clock() + delay
  }

  /// The earliest pending deadline, or nil when nothing is pending.
  var nextDeadline: Double? { pending.values.min() }

  /// Starts the lint of every group due at `now` (``startLint(_:)``).
  func flush(now: Double) {
    for (group, deadline) in pending.sorted(by: { $0.key < $1.key }) where deadline <= now {
      pending[group] = nil
      startLint(group)
    }
  }

  /// Publishes a group's diagnostics at once when its current compiled group is linted already, else hands its
  /// compilation to the worker (the result is published by ``collectLints()``).
  func startLint(_ group: String) {
    let compiled = workspace.compiled(ofGroup: group)
    if compiled.lint != nil {
      submitted[group] = nil
      publishDiagnostics(group, compiled)
      return
    }
    // Already being linted: its result will be current.
    if submitted[group]?.compiled === compiled { return }
    submissions += 1
    submitted[group] = (submissions, compiled)
    worker.submit(LintWorker.Job(group: group, number: submissions, compilation: compiled.compilation))
  }

  /// Publishes the worker's results that are still current: the latest submitted for their group, whose
  /// compiled group the group still has. Any other result is stale (a later edit supersedes it, and its own lint is
  /// submitted when its diagnostics are due) and is dropped.
  func collectLints() {
    for result in worker.takeResults() {
      guard let (number, compiled) = submitted[result.group], number == result.number else { continue }
      submitted[result.group] = nil
      guard workspace.cachedCompiled(ofGroup: result.group) === compiled else { continue }
      compiled.lint = result.lint
      publishDiagnostics(result.group, compiled)
    }
  }

  /// Waits for every lint submitted so far and publishes the current ones (`shutdown`, and tests).
  func finishLints() {
    worker.waitUntilIdle()
    collectLints()
  }

  /// True while a lint submitted to the worker is not collected.
  var lintsInFlight: Bool { !submitted.isEmpty }

  /// Publishes the diagnostics of a group's files: every file with findings, and an empty list for each file
  /// that had findings before and has none now.
  func publishDiagnostics(_ group: String, _ compiled: CompiledGroup) {
    let findings = compiled.findingsByURI()
    var now: Set<String> = []
    for (uri, diagnostics) in findings.sorted(by: { $0.key < $1.key }) {
      guard !diagnostics.isEmpty || published[group]?.contains(uri) == true || workspace.open[uri] != nil else {
        continue
      }
      if !diagnostics.isEmpty { now.insert(uri) }
      var params: JSONValue = [
        "uri": .string(uri), "diagnostics": .array(diagnostics.map { lspDiagnostic($0, in: compiled) }),
      ]
      if let version = workspace.open[uri]?.version, case .object(var members) = params {
        members["version"] = .number(Double(version))
        params = .object(members)
      }
      notify("textDocument/publishDiagnostics", params)
    }
    for uri in (published[group] ?? []).subtracting(now) where findings[uri] == nil {
      notify("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []])
    }
    published[group] = now
  }
}
