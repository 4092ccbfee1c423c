"""The TextMate grammar of editors/vscode: its patterns compile and the shipped rules are scoped as expected.

Choice of regex engine: editors run TextMate grammars on Oniguruma, which is not on PyPI in a maintained form
and not in Python. The grammar therefore keeps to the subset of regex syntax that Oniguruma and Python's `re`
read the same way (character classes, `\\b`, `\\w`, `\\d`, `\\s`, groups, alternation, fixed-width
look-behind, look-ahead, `^`/`$`); `test_patterns_use_the_shared_subset` rejects the Oniguruma-only
constructs (possessive quantifiers, `\\h`, `\\G`, `\\A`/`\\z`, named groups `(?<name>`, atomic groups, `\\p{...}`)
so a pattern that compiles here means the same in an editor. A small tokenizer applies the grammar the way
TextMate does (leftmost match wins, earlier pattern on ties; begin/end for strings) to check scopes.
"""

import json
import pathlib
import re

REPO = pathlib.Path(__file__).resolve().parents[2]
GRAMMAR = json.loads((REPO / "editors" / "vscode" / "syntaxes" / "placement.tmLanguage.json").read_text())


def rules(patterns, repository):
    """The grammar's patterns in order, with `include`s expanded."""
    result = []
    for pattern in patterns:
        if "include" in pattern:
            included = repository[pattern["include"].lstrip("#")]
            result += rules(included.get("patterns", [included]), repository) if "patterns" in included and "begin" not in included else [included]
        else:
            result.append(pattern)
    return result


RULES = rules(GRAMMAR["patterns"], GRAMMAR["repository"])


def all_patterns():
    for rule in RULES:
        for key in ("match", "begin", "end"):
            if key in rule:
                yield rule[key]
        for inner in rule.get("patterns", []):
            yield inner["match"]


def test_patterns_compile_with_python_re():
    for pattern in all_patterns():
        re.compile(pattern)
    assert len(list(all_patterns())) >= 25


def test_patterns_use_the_shared_subset():
    oniguruma_only = re.compile(r"\\[hHGAzZ]|\(\?<[A-Za-z]|\(\?>|[*+?}]\+|\\p\{")
    for pattern in all_patterns():
        assert not oniguruma_only.search(pattern), pattern


def tokenize(text):
    """(line, start, end, scope) of every scoped span, innermost scopes last."""
    spans = []
    for number, line in enumerate(text.split("\n")):
        position = 0
        while position < len(line):
            best = None
            for rule in RULES:
                found = re.compile(rule.get("match") or rule["begin"]).search(line, position)
                if found and (best is None or found.start() < best[0].start()):
                    best = (found, rule)
            if best is None:
                break
            found, rule = best
            end = found.end()
            if "begin" in rule:
                close = re.compile(rule["end"])
                scan = end
                while True:
                    escape = re.compile(rule["patterns"][0]["match"]).match(line, scan) if rule.get("patterns") else None
                    if escape:
                        spans.append((number, escape.start(), escape.end(), rule["patterns"][0]["name"]))
                        scan = escape.end()
                        continue
                    closing = close.match(line, scan)
                    if closing:
                        end = closing.end()
                        break
                    scan += 1
            if "name" in rule:
                spans.append((number, found.start(), end, rule["name"]))
            for group, capture in rule.get("captures", {}).items():
                if found.group(int(group)) is not None:
                    spans.append((number, found.start(int(group)), found.end(int(group)), capture["name"]))
            position = max(end, position + 1)
    return spans


def scope(text, line_start, token):
    """The innermost scope covering `token` on the first line of `text` that starts with `line_start`."""
    line = next(l for l in text.split("\n") if l.startswith(line_start))
    column = line.index(token) + len(token) - len(token.lstrip())  # surrounding spaces only locate the token
    token = token.strip()
    covering = [s for s in tokenize(line) if s[1] <= column and column + len(token) <= s[2]]
    return min(covering, key=lambda s: s[2] - s[1])[3] if covering else None


def shipped(name):
    return (REPO / "Rules" / name).read_text()


def test_shipped_attributes_are_scoped():
    text = shipped("attributes.rules")
    assert scope(text, "# Custom", "attributes") == "comment.line.number-sign.placement"
    assert scope(text, "attribute experience", "attribute") == "keyword.other.declaration.placement"
    assert scope(text, "attribute experience", "experience") == "variable.other.attribute.placement"
    assert scope(text, "attribute experience", "choice") == "storage.type.placement"
    assert scope(text, "  beginner", '"I\'m just starting"') == "string.quoted.double.placement"
    assert scope(text, ") from", "from") == "keyword.other.placement"
    assert scope(text, ") from", "quiz") == "keyword.other.placement"
    assert scope(text, "attribute email", "string") == "storage.type.placement"
    assert scope(text, "attribute email", "screen") == "keyword.other.placement"


def test_shipped_placements_are_scoped():
    text = shipped("onboarding.rules")
    assert scope(text, "segment pros", "segment") == "keyword.other.declaration.placement"
    assert scope(text, "segment pros", "pros") == "entity.name.function.segment.placement"
    assert scope(text, "segment pros", "==") == "keyword.operator.comparison.placement"
    assert scope(text, "  pros ", "->") == "keyword.operator.arrow.placement"
    assert scope(text, "  pros ", "flow") == "keyword.control.content.placement"
    assert scope(text, "  default", "default") == "keyword.control.content.placement"
    assert scope(text, "placement", "onboarding_end") == "entity.name.type.placement.placement"


def test_shipped_conditions_and_tests_are_scoped():
    text = shipped("paywall.rules")
    assert scope(text, "segment lapsed", " in ") == "keyword.operator.word.placement"
    assert scope(text, "segment lapsed", "and") == "keyword.operator.logical.placement"
    assert scope(text, "segment lapsed", " > ") == "keyword.operator.comparison.placement"
    assert scope(text, "segment lapsed", " 0") == "constant.numeric.placement"
    assert scope(text, "segment pros_on", "2.3") == "constant.numeric.placement"
    assert scope(text, "  music_fans", "50%") == "constant.numeric.percentage.placement"
    assert scope(text, "segment outdoor", "any") == "keyword.operator.word.placement"
    assert scope(text, "segment outdoor", "false") == "constant.language.boolean.placement"
    assert scope(text, "segment music_fans", "years_since") == "support.function.placement"
    assert scope(text, "segment lapsed", '"expired"') == "string.quoted.double.placement"
    promotions = shipped("promotions.rules")
    assert scope(promotions, "test yoga_offer", '"yoga-offer-2026-11"') == "string.quoted.double.placement"
    assert scope(promotions, "test yoga_offer", "yoga_offer") == "entity.name.tag.test.placement"
    assert scope(promotions, "segment new_yoga", "14") == "constant.numeric.placement"
    assert scope(promotions, "segment new_yoga", "days") == "keyword.other.unit.placement"
    assert scope(promotions, "segment new_yoga", "within") == "keyword.operator.word.placement"
    assert scope(promotions, "  variation control", "control") == "entity.name.tag.variation.placement"
    # The Christmas promotion's schedule: 'from' and 'until' with RFC 3339 instants (strings).
    assert scope(promotions, "  dach_free_users from", "from") == "keyword.other.placement"
    assert scope(promotions, "  dach_free_users from", "until") == "keyword.other.schedule.placement"
    assert scope(promotions, "  dach_free_users from", '"2026-12-20T00:00:00+01:00"') == "string.quoted.double.placement"


def test_versions_patterns_and_escapes_are_scoped():
    text = 'segment a = app_version >= 1.0.0-rc.1 and email matches /^a\\/b$/ and name == "x\\"y" # placement-lint: disable=x'
    assert scope(text, "segment", "1.0.0-rc.1") == "constant.numeric.version.placement"
    assert scope(text, "segment", "/^a\\/b$/") == "string.regexp.placement"
    assert scope(text, "segment", '\\"') == "constant.character.escape.placement"
    assert scope(text, "segment", "# placement-lint") == "comment.line.number-sign.lint-directive.placement"
    assert scope(text, "segment", "-rc") == "constant.numeric.version.placement"


def test_shipped_layer_is_scoped():
    text = shipped("layers.rules")
    assert scope(text, "layer paywall", "layer") == "keyword.other.declaration.placement"
    assert scope(text, "layer paywall", "paywall_experiments") == "entity.name.namespace.layer.placement"
    assert scope(text, "layer paywall", "version") == "keyword.other.placement"
    assert scope(text, "  music_paywalls", "30%") == "constant.numeric.percentage.placement"
    assert scope(text, "  music_paywalls", " to ") == "keyword.other.placement"
    assert scope("layer l {\n  t 2.5% to 12.25%\n}", "  t", "12.25%") == "constant.numeric.percentage.placement"
