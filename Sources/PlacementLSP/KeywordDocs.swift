import PlacementKit

/// Hover text of the language's built-in functions and content keywords (docs/Language.md, docs/ABTests.md).
enum KeywordDocs {
  static let entries: [String: String] = [
    "count": "**`count(x)`**: the number of options selected in the `choices` attribute `x`. Missing when `x` is "
      + "missing, so `count(x) <op> n` is false (`!=`: true). **`count(event \"x\" [where p == v] [within last n "
      + "days])`**: how many of the profile's events called `x` happened in the window before `now` (0 when none).",
    "event": "**`event \"<name>\"`**: inside `count(…)`, `first_at(…)` or `last_at(…)`, the profile's events called "
      + "`<name>` (its `events` elements with an `at`), optionally `where <property> == <value>` and "
      + "`within last <n> <unit>`. Events after `now` never count.",
    "first_at": "**`first_at(event \"x\" …)`**: the time of the profile's first event called `x` (at or before "
      + "`now`, in the window if given), as a date; missing when there is none (`first_at(event \"x\") is not set`).",
    "last_at": "**`last_at(event \"x\" …)`**: the time of the profile's last event called `x` at or before `now`, "
      + "as a date (`last_at(event \"purchase\") more than 30 days ago`); missing when there is none.",
    "limit": "**`limit <n> per <m> <unit>`**: a row's frequency cap: the row is skipped once this placement showed "
      + "the row's content `n` times in the last `m` units, counted from the profile's `shown` events "
      + "(`{\"name\": \"shown\", \"at\": …, \"properties\": {\"placement\": …, \"content\": …}}`). Explain says "
      + "`capped (3 of 3 in the last 7 days)`; reason `CAPPED` when a capped row would have decided.",
    "years_since": "**`years_since(d)`**: whole years from the date `d` until `now` (a 29 February birthday turns a "
      + "year older on 1 March in common years). Missing when `d` is missing: false (`!=`: true).",
    "percent": "**`percent(n) salt \"s\"`**: a rollout: true for the profiles whose bucket of `\"s-<profile_id>\"` "
      + "is below `n × 100` of 10,000. The same salt gives the same profiles; a profile without `profile_id` is not in it."
      + " A ramp, `percent(5 from \"<instant>\", 25 from \"<instant>\", …) salt \"s\"`, takes each step's percentage "
      + "from its instant until the next (0 before the first); steps never decrease, so nobody admitted is dropped.",
    "default":
      "**`default`**: the last row of a table, for every profile that matched no row before it (exactly one, last).",
    "fallthrough": "**`fallthrough`**: show nothing specific here; the next matching row decides.",
    "holdout": "**`holdout`**: inside an A/B test, the variation that deliberately shows nothing.",
    "until": "**`until \"<instant>\"`**: a schedule's end, exclusive: the row (or test) is live while "
      + "`from <= now < until` and skipped outside (reason `SCHEDULED_OUT`). Instants carry an offset or `Z`, "
      + "e.g. `until \"2027-01-05T00:00:00+01:00\"`.",
    "from": "**`from`**: on an attribute, its flow source (`from quiz \"experience\"`); on a row or a test header, "
      + "a schedule's start, inclusive (`from \"2026-12-20T00:00:00+01:00\"`: an RFC 3339 instant with an offset or `Z`).",
    "key": "**`key id|value`**: on a quiz source, which member of an SDK 3.x select option `{id, value, label}` is "
      + "the option id: `value` (the default, the text the flow's author gave) or `id` (the builder's `option_1`).",
    "presented": "**`default <option> if screen \"<screen>\" presented`**: on a quiz source, the option the "
      + "attribute takes when a `screen_presented` event showed that screen and no input came for the element (a "
      + "preselected option sends none).",
    "layer": "**`layer <name> [version \"<id>\"] { <test> <from>% to <to>% … }`**: mutually exclusive tests. A "
      + "profile's layer bucket (of `\"<id>-<profile_id>\"`, 0–9,999) is in at most one test's share; outside every "
      + "share it skips the layer's tests and the rows below decide. See docs/ABTests.md.",
    "override": "**`override <test>: variation <id> for <condition>`**, **`override <placement>: <content> for "
      + "<condition>`**: a QA override: profiles the condition matches get that variation (exposure outcome `override`, "
      + "reason `OVERRIDE`) or that content, before any draw or row.",
    "sticky": "**`sticky`**: a test modifier: a profile that carries an assignment for the test's version keeps that "
      + "variation while it exists, even after the weights change (reason `STICKY`). A cross-placement test is sticky "
      + "without it; `sticky for <n> days` (default 90) keeps its timed assignments that long, even after the test "
      + "ends.",
    "content": "**`content flow|paywall <id> { config [default] \"<locale>\" {…} … }`**: the content's remote config, "
      + "one JSON object per locale (one `default`). A decision showing it carries the config of the profile's "
      + "`locale`: exact match, else the language part (`de` for `de-AT`), else the default. See docs/Language.md. "
      + "In a condition, **`content(p)`** is a prerequisite: the id of the content placement `p` shows this profile "
      + "(missing for a holdout), decided first at the same `now`.",
    "row": "**`row(p)`**: a prerequisite: the name of placement `p`'s deciding row for this profile (a segment "
      + "name or `default`), decided first at the same `now`. A choice: `==`, `!=`, `in`, `not in`, `is set`.",
    "variation": "**`variation(t)`**: a prerequisite: the id of test `t`'s variation this profile draws (missing "
      + "when no placement draws it), decided first at the same `now`; resolving it records no exposure.",
    "config": "**`config [default] \"<locale>\" {…}`** or **`… from \"<path>\"`**: one locale's remote config, "
      + "inline JSON or a JSON file beside the rules; **`config schema flow|paywall { key: type [= default] }`**: the "
      + "keys every config of that content type has.",
    "list": "**`list <name> from \"<path>\"`**: an id list, a text file beside the rules with one id per line "
      + "(blank and `#` lines skipped); **`<string attribute> in list <name>`** holds when the value is one of its "
      + "ids, byte for byte, and `not in list` is its complement. Bundled and versioned with the rules.",
    "and": "**`and`**: both conditions hold. A missing value makes a positive operand false.",
    "or": "**`or`**: at least one condition holds.",
    "dialect": "**`dialect placement|adapty`**: the meaning the rules folder gives negations. `placement` (the "
      + "default): `!=`, `not in` and `not …` are exact complements, true on a missing value. `adapty`: SQL's "
      + "three-valued logic, as Adapty's segments: a negation never matches a profile without the attribute it "
      + "tests. One dialect per rules folder.",
    "adapty": "**`dialect adapty`**: a negation never matches a profile without the attribute it tests (a missing "
      + "or wrong-typed value is unknown; a segment matches only when its condition is true).",
    "not": "**`not`**: the exact complement: `not x` is **true** when `x` is false, including on a missing value.",
  ]

  /// The identifier token on the line of `offset` that contains it, if it has an entry.
  static func entry(in file: CompiledGroup.File, at offset: Int) -> (text: String, range: SourceRange)? {
    let line = file.lines.position(of: offset).line
    let start = file.lines.lineStarts[line]
    let end = file.lines.lineEnd(line)
    let snippet = SourceFile(name: "<hover>", text: String(decoding: file.source.bytes[start..<end], as: UTF8.self))
    for token in Lexer.tokenize(snippet).tokens where token.kind == .identifier {
      let range = SourceRange(start: start + token.range.start, end: start + token.range.end)
      if range.start <= offset, offset <= range.end, let text = entries[token.value] { return (text, range) }
    }
    return nil
  }
}
