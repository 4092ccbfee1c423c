/// The syntax tree of one rules file. Nodes hold byte ranges into their ``SourceFile``; a node the parser
/// had to invent during error recovery is marked `isMissing` (an empty name) so later stages skip it quietly.
public struct RuleFileSyntax: Sendable {
  public let file: SourceFile
  public let declarations: [Declaration]
  public let comments: [Comment]
}

/// A name as written, with its place.
public struct Name: Sendable, Hashable {
  public let text: String
  public let range: SourceRange
  /// True when the parser invented this name to keep the tree whole after an error.
  public var isMissing: Bool { text.isEmpty }
}

/// A top-level declaration.
public enum Declaration: Sendable {
  case attribute(AttributeDecl)
  case segment(SegmentDecl)
  case placement(PlacementDecl)
  case test(CrossPlacementTestDecl)

  public var range: SourceRange {
    switch self {
    case .attribute(let d): d.range
    case .segment(let d): d.range
    case .placement(let d): d.range
    case .test(let d): d.range
    }
  }
}

/// `attribute <name>: <type> [unit seconds|milliseconds] [from quiz|input|toggle "<element>" [on screen "<screen>"]]`
public struct AttributeDecl: Sendable {
  public let name: Name
  public let type: TypeSyntax
  public let unit: Name?
  public let source: SourceSyntax?
  public let range: SourceRange
}

/// A declared attribute type.
public struct TypeSyntax: Sendable {
  public enum Kind: Sendable, Hashable { case string, number, bool, version, date, choice, choices, unknown }
  public let kind: Kind
  public let keyword: Name
  /// Option ids (with optional titles) of `choice(...)` / `choices(...)`.
  public let options: [OptionSyntax]
  public let range: SourceRange
}

/// One option of a choice type: `pro` or `pro "I train professionally"`.
public struct OptionSyntax: Sendable {
  public let id: Name
  public let title: Name?
}

/// `from quiz "experience"`, `from input "scr_registration/email"`, `from toggle "reminders" on screen "s1"`.
public struct SourceSyntax: Sendable {
  public let kind: Name
  /// The element id (without any `screen/` prefix).
  public let element: Name
  /// The screen (`instanceId`) that qualifies the element, if given.
  public let screen: Name?
  public let range: SourceRange
}

/// `segment <name> = <condition>`
public struct SegmentDecl: Sendable {
  public let name: Name
  public let condition: Expr
  public let range: SourceRange
}

/// `placement <name>: flow|paywall { <rows> }`
public struct PlacementDecl: Sendable {
  public let name: Name
  public let contentType: Name
  public let rows: [RowSyntax]
  public let range: SourceRange
}

/// `<segment> -> <content>` or `default -> <content>`.
public struct RowSyntax: Sendable {
  public let segment: Name
  public let content: ContentSyntax
  public let range: SourceRange
  public var isDefault: Bool { segment.text == "default" }
}

/// What a row shows.
public indirect enum ContentSyntax: Sendable {
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

  public var range: SourceRange {
    switch self {
    case .flow(_, _, let r), .paywall(_, let r), .fallthrough_(let r), .holdout(let r), .testReference(_, let r),
      .missing(let r):
      r
    case .test(let t): t.range
    }
  }
}

/// An A/B test inside a row.
public struct InlineTestSyntax: Sendable {
  public let name: Name
  public let version: Name?
  public let variations: [VariationSyntax]
  public let range: SourceRange
}

/// `[<id>:] <content> <weight>%`
public struct VariationSyntax: Sendable {
  public let id: Name?
  public let content: ContentSyntax
  public let weight: Name
  public let range: SourceRange
}

/// `test <name> version "<id>" { variation <id> <weight>% { <placement> -> <content> ... } ... }`
public struct CrossPlacementTestDecl: Sendable {
  public let name: Name
  public let version: Name?
  public let variations: [CrossVariationSyntax]
  public let range: SourceRange
}

/// One variation of a cross-placement test: its content per placement.
public struct CrossVariationSyntax: Sendable {
  public let id: Name
  public let weight: Name
  public let contents: [(placement: Name, content: ContentSyntax)]
  public let range: SourceRange
}
