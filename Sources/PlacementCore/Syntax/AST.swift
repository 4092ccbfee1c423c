/// The syntax tree of one rules file. Nodes hold byte ranges into their ``SourceFile``; a name the parser
/// had to invent during error recovery has ``Presence/missing`` (swift-syntax's `presence: .missing`), so later
/// stages skip it quietly, while an empty string written as `""` is present and checked like any other text.
package struct RuleFileSyntax: Sendable {
  package let file: SourceFile
  package let declarations: [Declaration]
  package let comments: [Comment]
  /// True when the file was not parsed (`file-too-large`): its declarations are unknown, so a finding about the
  /// rule set as a whole (no placement, a declaration nothing uses) would only repeat that error.
  package var isUnread = false
}

/// Whether a node was written in the source or invented by the parser to keep the tree whole.
package enum Presence: Sendable, Hashable {
  /// Written in the source (possibly as an empty string `""`).
  case present
  /// Invented during error recovery; the parser has already reported it. Its text is empty and its range is
  /// empty, placed at the end of the previous token.
  case missing
}

/// A name or string as written, with its place.
package struct Name: Sendable, Hashable {
  package let text: String
  package let range: SourceRange
  /// Written, or invented by the parser after an error (never inferred from the text: `""` is present).
  package let presence: Presence

  /// A name written in the source.
  package init(text: String, range: SourceRange) {
    self.text = text
    self.range = range
    self.presence = .present
  }

  /// A placeholder for a name the parser expected and reported missing: empty text, empty range at `offset`.
  package static func missing(at offset: Int) -> Name { Name(missingAt: offset) }

  private init(missingAt offset: Int) {
    self.text = ""
    self.range = SourceRange(start: offset, end: offset)
    self.presence = .missing
  }

  /// True when the parser invented this name to keep the tree whole after an error.
  package var isMissing: Bool { presence == .missing }
}

/// A top-level declaration.
package enum Declaration: Sendable {
  case attribute(AttributeDecl)
  case segment(SegmentDecl)
  case placement(PlacementDecl)
  case test(CrossPlacementTestDecl)
  case layer(LayerDecl)
  case override(OverrideDecl)
  case dialect(DialectDecl)
  case content(ContentDecl)
  case configSchema(ConfigSchemaDecl)
  case idList(IdListDecl)

  package var range: SourceRange {
    switch self {
    case .attribute(let d): d.range
    case .segment(let d): d.range
    case .placement(let d): d.range
    case .test(let d): d.range
    case .layer(let d): d.range
    case .override(let d): d.range
    case .dialect(let d): d.range
    case .content(let d): d.range
    case .configSchema(let d): d.range
    case .idList(let d): d.range
    }
  }
}

/// `attribute <name>: <type> [unit seconds|milliseconds] [from quiz|input|toggle "<element>" [on screen "<screen>"]
/// [key id|value] [default <option> if screen "<screen>" presented]]`
package struct AttributeDecl: Sendable {
  package let name: Name
  package let type: TypeSyntax
  package let unit: Name?
  package let source: SourceSyntax?
  package let range: SourceRange
}

/// A declared attribute type.
package struct TypeSyntax: Sendable {
  package enum Kind: Sendable, Hashable { case string, number, bool, version, date, choice, choices, unknown }
  package let kind: Kind
  package let keyword: Name
  /// Option ids (with optional titles) of `choice(...)` / `choices(...)`.
  package let options: [OptionSyntax]
  package let range: SourceRange
}

/// One option of a choice type: `pro` or `pro "I train professionally"`.
package struct OptionSyntax: Sendable {
  package let id: Name
  package let title: Name?
}

/// `from quiz "experience"`, `from input "scr_registration/email"`, `from toggle "reminders" on screen "s1"`.
package struct SourceSyntax: Sendable {
  package let kind: Name
  /// The element id (without any `screen/` prefix).
  package let element: Name
  /// The screen (`instanceId`) that qualifies the element, if given.
  package let screen: Name?
  package let range: SourceRange
  /// `key id|value`: the member of an SDK 3.x select option read as the option id, if given.
  package var key: Name? = nil
  /// `default <option> if screen "<screen>" presented`, if given.
  package var presentedDefault: PresentedDefaultSyntax? = nil
}

/// `default amateur if screen "scr_experience" presented`.
package struct PresentedDefaultSyntax: Sendable {
  /// The option id (a word or a string).
  package let option: OptionSyntax
  /// The screen whose `screen_presented` event applies the default.
  package let screen: Name
}

/// `segment <name> = <condition>`
package struct SegmentDecl: Sendable {
  package let name: Name
  package let condition: Expr
  package let range: SourceRange
}

/// `placement <name>: flow|paywall { <rows> }`
package struct PlacementDecl: Sendable {
  package let name: Name
  package let contentType: Name
  package let rows: [RowSyntax]
  package let range: SourceRange
}

/// `<segment> [from "<instant>"] [until "<instant>"] -> <content>` or `default -> <content>`.
package struct RowSyntax: Sendable {
  package let segment: Name
  /// The row's schedule, when it has one.
  package var window: WindowSyntax? = nil
  package let content: ContentSyntax
  package let range: SourceRange
  /// The row's frequency cap (`limit 3 per 7 days`), when it has one.
  package var cap: CapSyntax? = nil
  package var isDefault: Bool { segment.text == "default" }
}

/// What a row shows.
package indirect enum ContentSyntax: Sendable {
  /// `flow <id>` or `flow <id> with paywall <id>`.
  case flow(id: Name, paywall: Name?, range: SourceRange)
  /// `paywall <id>`.
  case paywall(id: Name, range: SourceRange)
  /// `fallthrough`: show nothing specific, continue with the next row.
  case fallthrough_(range: SourceRange)
  /// `holdout` (inside a test): deliberately show nothing.
  case holdout(range: SourceRange)
  /// `test <name> [version "<id>"] { <variations> }`.
  case test(InlineTestSyntax)
  /// `test <name>`: a row of a cross-placement test declared at top level.
  case testReference(name: Name, range: SourceRange)
  /// Recovery placeholder.
  case missing(range: SourceRange)

  package var range: SourceRange {
    switch self {
    case .flow(_, _, let r), .paywall(_, let r), .fallthrough_(let r), .holdout(let r), .testReference(_, let r),
      .missing(let r):
      r
    case .test(let t): t.range
    }
  }
}

/// An A/B test inside a row.
package struct InlineTestSyntax: Sendable {
  package let name: Name
  package let version: Name?
  /// The `sticky` modifier, when written: a carried assignment is honoured while its variation exists.
  package let sticky: Name?
  /// The test's schedule (header modifiers `from "…"`/`until "…"`), when it has one.
  package var window: WindowSyntax? = nil
  /// `for <n> days` after `sticky`, when written (the checker allows it on cross-placement tests only).
  package var stickyWindow: StickyWindowSyntax? = nil
  package let variations: [VariationSyntax]
  package let range: SourceRange
}

/// `[<id>:] <content> <weight>%`
package struct VariationSyntax: Sendable {
  package let id: Name?
  package let content: ContentSyntax
  package let weight: Name
  package let range: SourceRange
}

/// `test <name> version "<id>" { variation <id> <weight>% { <placement> -> <content> ... } ... }`
package struct CrossPlacementTestDecl: Sendable {
  package let name: Name
  package let version: Name?
  /// The `sticky` modifier, when written.
  package let sticky: Name?
  /// The test's schedule (header modifiers `from "…"`/`until "…"`), when it has one.
  package var window: WindowSyntax? = nil
  /// `for <n> days` after `sticky`: how long a carried assignment is kept; nil for the default window.
  package var stickyWindow: StickyWindowSyntax? = nil
  package let variations: [CrossVariationSyntax]
  package let range: SourceRange
}

/// One variation of a cross-placement test: its content per placement.
package struct CrossVariationSyntax: Sendable {
  package let id: Name
  package let weight: Name
  package let contents: [(placement: Name, content: ContentSyntax)]
  package let range: SourceRange
}

/// A schedule as written: `from "<instant>"`, `until "<instant>"` or both, in that order. The instants are the
/// strings as written (checked by the checker: they must carry an offset or `Z`).
package struct WindowSyntax: Sendable {
  /// The `from` instant (inclusive), or nil when the window has no start.
  package let from: Name?
  /// The `until` instant (exclusive), or nil when the window has no end.
  package let until: Name?
  /// From the first keyword to the last instant.
  package let range: SourceRange
}

/// `override <test>: variation <id> for <condition>` or `override <placement>: <content> for <condition>`: a QA
/// override that forces a test's variation, or a placement's content, for the profiles its condition matches.
package struct OverrideDecl: Sendable {
  /// What is overridden: a test (variation form) or a placement (content form).
  package enum Forced: Sendable {
    /// `variation <id>`: the variation of the test named by ``OverrideDecl/target``.
    case variation(Name)
    /// `<content>`: what the placement named by ``OverrideDecl/target`` shows.
    case content(ContentSyntax)
  }
  package let target: Name
  package let forced: Forced
  package let condition: Expr
  package let range: SourceRange
}

/// A stickiness window as written after `sticky`: `for <count> <unit>` (the checker accepts `day` and `days`).
package struct StickyWindowSyntax: Sendable {
  /// The count as written (a whole number of units).
  package let count: Name
  /// The unit word as written.
  package let unit: Name
  package let range: SourceRange
}
