/// The JSON files that configs name with `from "<path>"`, and where each rules file is, to resolve those paths.
package struct ConfigFiles: Sendable {
  /// Each file's bytes by its path inside the rules folder (`configs/pro.de.json`).
  package var files: [String: [UInt8]]
  /// Each parsed rules file's path inside the rules folder, in the order of the files checked.
  package var rulePaths: [String]

  package init(files: [String: [UInt8]] = [:], rulePaths: [String] = []) {
    self.files = files
    self.rulePaths = rulePaths
  }

  /// `reference` (a `from` path) resolved against the folder of the rules file at `rulePath`, or nil when it is
  /// absolute or has a `..` component.
  package static func resolve(_ reference: String, from rulePath: String) -> String? {
    guard !reference.hasPrefix("/"), !reference.isEmpty else { return nil }
    var parts = rulePath.split(separator: "/", omittingEmptySubsequences: true).dropLast().map(String.init)
    for part in reference.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
      if part == ".." { return nil }
      parts.append(String(part))
    }
    return parts.joined(separator: "/")
  }

  /// Why a `from` path names no file (``lookup(_:from:)``).
  package enum Problem: Error {
    /// The path is absolute or has a `..` component.
    case invalidPath
    /// No file of the rules folder has that path: missing, outside the folder once links are followed, not a
    /// regular file, or unreadable (the loader leaves such files out).
    case notFound
  }

  /// The file that `reference`, the `from` path of a content's config or of a `list`, names from the rules file
  /// at `rulePath`: its path inside the rules folder and its bytes.
  /// - Throws: ``Problem``.
  package func lookup(_ reference: String, from rulePath: String) throws(Problem) -> (path: String, bytes: [UInt8]) {
    guard let resolved = Self.resolve(reference, from: rulePath) else { throw .invalidPath }
    guard let bytes = files[resolved] else { throw .notFound }
    return (resolved, bytes)
  }
}

/// A content declaration's type and id, by id: what rows are checked against.
typealias DeclaredContent = (type: PlacementDefinition.ContentType, span: SourceSpan)

extension Checker {
  /// Checks the content declarations and config schemas of every file: locales, JSON, limits, key parity with the
  /// default locale, schemas, and that rows show each declared content as its declared type.
  mutating func checkContents(_ files: [RuleFileSyntax], configFiles: ConfigFiles) -> [ContentDefinition] {
    let schemas = checkSchemas(files)
    var contents: [ContentDefinition] = []
    // Every declaration by id, checked or not: a second one is a duplicate, and rows are checked against both.
    var first: [String: DeclaredContent] = [:]
    for (fileIndex, syntax) in files.enumerated() {
      file = syntax.file
      let rulePath = fileIndex < configFiles.rulePaths.count ? configFiles.rulePaths[fileIndex] : file.name
      for case .content(let decl) in syntax.declarations {
        guard !decl.id.isMissing, let type = PlacementDefinition.ContentType(rawValue: decl.contentType.text) else {
          continue
        }
        if let previous = first[decl.id.text] {
          report(.duplicateContent(decl.id.text), decl.id.range, notes: [.firstDeclared(at: previous.span)])
          continue
        }
        first[decl.id.text] = (type, span(decl.id.range))
        guard
          let content = checkContent(
            decl, type: type, schema: schemas[type], rulePath: rulePath, configFiles: configFiles)
        else { continue }
        contents.append(content)
      }
    }
    checkShownTypes(files, declared: first)
    return contents
  }

  /// One content declaration; nil when it has no usable config (each problem reported).
  mutating func checkContent(
    _ decl: ContentDecl, type: PlacementDefinition.ContentType, schema: ConfigSchema?, rulePath: String,
    configFiles: ConfigFiles
  ) -> ContentDefinition? {
    var configs: [LocaleConfig] = []
    var seen: [String: SourceSpan] = [:]
    var defaultLocale: String?
    var broken = false
    for config in decl.configs where !config.locale.isMissing {
      let locale = checkLocale(config.locale)
      if let first = seen[locale] {
        report(.duplicateLocale(locale, content: decl.id.text), config.locale.range, notes: [.firstListed(at: first)])
        continue
      }
      seen[locale] = span(config.locale.range)
      if let keyword = config.defaultKeyword {
        if defaultLocale != nil {
          report(.duplicateDefaultLocale(decl.id.text), keyword.range)
        } else {
          defaultLocale = locale
        }
      }
      guard let (read, bodySpan, path) = readConfig(config, rulePath: rulePath, configFiles: configFiles) else {
        broken = true
        continue
      }
      var value = read
      if let schema { value = checkAgainst(schema, value, locale: locale, at: bodySpan) }
      configs.append(
        LocaleConfig(
          locale: locale, value: value, encoded: Self.encoded(value), span: span(config.locale.range),
          bodySpan: bodySpan, path: path))
    }
    guard !seen.isEmpty else { return nil }
    guard let defaultLocale else {
      report(.noDefaultLocale(decl.id.text), decl.id.range)
      return nil
    }
    guard !broken, let base = configs.first(where: { $0.locale == defaultLocale }) else { return nil }
    checkParity(configs, base: base)
    return ContentDefinition(
      type: type, id: decl.id.text, defaultLocale: defaultLocale, configs: configs, span: span(decl.id.range),
      declarationSpan: span(decl.range))
  }

  /// The normalized locale; a code not written in normalized form is an error (with a fix-it when normalizing
  /// it gives a valid code).
  mutating func checkLocale(_ locale: Name) -> String {
    if LocaleMatching.isNormalized(locale.text) { return locale.text }
    let normalized = LocaleMatching.normalized(locale.text)
    if LocaleMatching.isNormalized(normalized) {
      report(
        .localeNotNormalized(locale.text, normalized), locale.range,
        fixIts: [.use(normalized, at: span(locale.range), replacement: Spelling.quoted(normalized))])
    } else {
      report(.invalidLocale(locale.text), locale.range)
    }
    return normalized
  }

  /// The config's JSON object, where it is written and its file's path; nil when it is missing, unreadable,
  /// invalid, too large or not an object (reported).
  mutating func readConfig(_ config: ConfigSyntax, rulePath: String, configFiles: ConfigFiles) -> (
    JSONValue, SourceSpan, String?
  )? {
    switch config.body {
    case .missing:
      return nil
    case .inline(let range):
      guard let value = parseJSON(file.bytes[range.start..<range.end], in: file, at: range.start) else { return nil }
      return requireObject(value, at: span(range)).map { ($0, span(range), nil) }
    case .file(let path):
      let (resolved, bytes): (String, [UInt8])
      do throws(ConfigFiles.Problem) {
        (resolved, bytes) = try configFiles.lookup(path.text, from: rulePath)
      } catch {
        report(error == .invalidPath ? .invalidConfigPath(path.text) : .configFileNotFound(path.text), path.range)
        return nil
      }
      let folder = file.name.split(separator: "/", omittingEmptySubsequences: false).dropLast()
      let json = SourceFile(name: (folder + [Substring(path.text)]).joined(separator: "/"), bytes: bytes)
      guard let value = parseJSON(json.bytes[...], in: json, at: 0, reference: span(path.range)) else { return nil }
      return requireObject(value, at: span(path.range)).map { ($0, span(path.range), resolved) }
    }
  }

  /// Parses config JSON at `offset` of `source`, reporting an error at its place there; a size over the limit is
  /// reported at `reference` when given (a config file), else at the JSON.
  mutating func parseJSON(
    _ bytes: ArraySlice<UInt8>, in source: SourceFile, at offset: Int, reference: SourceSpan? = nil
  ) -> JSONValue? {
    let whole = SourceSpan(file: source, range: SourceRange(start: offset, end: offset + bytes.count))
    guard bytes.count <= ContentDiagnostics.maxConfigBytes else {
      diagnostics.append(Diagnostic(.configTooLarge(bytes.count), at: reference ?? whole))
      return nil
    }
    let limits = JSONLimits(
      maxDepth: ContentDiagnostics.maxConfigDepth, maxBytes: ContentDiagnostics.maxConfigBytes,
      maxStringBytes: ContentDiagnostics.maxConfigBytes)
    do {
      let value = try JSONReader.parse(bytes, limits: limits)
      let findings = JSONReader.findings(bytes, limits: limits)
      for repeated in findings.repeatedKeys {
        let first = SourceRange(start: offset + repeated.first.lowerBound, end: offset + repeated.first.upperBound)
        let second = SourceRange(
          start: offset + repeated.second.lowerBound, end: offset + repeated.second.upperBound)
        diagnostics.append(
          Diagnostic(
            .duplicateConfigKey(repeated.key), at: SourceSpan(file: source, range: second),
            notes: [.firstListed(at: SourceSpan(file: source, range: first))]))
      }
      for inexact in findings.inexactIntegers {
        let range = SourceRange(start: offset + inexact.range.lowerBound, end: offset + inexact.range.upperBound)
        let written = String(
          decoding: bytes.dropFirst(inexact.range.lowerBound).prefix(inexact.range.count), as: UTF8.self)
        diagnostics.append(
          Diagnostic(.inexactConfigNumber(written, kept: inexact.kept), at: SourceSpan(file: source, range: range)))
      }
      return value
    } catch {
      let at = SourceSpan(
        file: source,
        range: SourceRange(start: offset + error.offset, end: min(offset + bytes.count, offset + error.offset + 1)))
      let message: DiagnosticMessage = error.kind == .tooDeep ? .configTooDeep : .invalidConfigJSON(error.message)
      diagnostics.append(Diagnostic(message, at: at))
      return nil
    }
  }

  mutating func requireObject(_ value: JSONValue, at span: SourceSpan) -> JSONValue? {
    guard case .object = value else {
      diagnostics.append(Diagnostic(.configNotObject(value.typeName), at: span))
      return nil
    }
    return value
  }

  /// Warns about every top-level key a locale's config lacks or adds, compared with the default locale's.
  mutating func checkParity(_ configs: [LocaleConfig], base: LocaleConfig) {
    guard case .object(let expected) = base.value else { return }
    for config in configs where config.locale != base.locale {
      guard case .object(let members) = config.value else { continue }
      for key in expected.keys.sorted() where members[key] == nil {
        diagnostics.append(
          Diagnostic(
            .configKeyMissing(key, locale: config.locale, defaultLocale: base.locale), at: config.span,
            notes: [.defaultConfig(at: base.span)]))
      }
      for key in members.keys.sorted() where expected[key] == nil {
        diagnostics.append(
          Diagnostic(
            .configKeyExtra(key, locale: config.locale, defaultLocale: base.locale), at: config.span,
            notes: [.defaultConfig(at: base.span)]))
      }
    }
  }

  /// The config with the schema's defaults filled in; a missing required key and a wrong-typed value are errors,
  /// an unlisted key a warning.
  mutating func checkAgainst(_ schema: ConfigSchema, _ value: JSONValue, locale: String, at place: SourceSpan)
    -> JSONValue
  {
    guard case .object(var members) = value else { return value }
    for field in schema.fields {
      if let present = members[field.key] {
        if !field.type.admits(present) {
          diagnostics.append(
            Diagnostic(
              .schemaTypeMismatch(field.key, expected: field.type.rawValue, found: present.typeName), at: place,
              notes: [.schemaKeyDeclared(at: field.span)]))
        }
      } else if let fallback = field.defaultValue {
        members[field.key] = fallback
      } else {
        diagnostics.append(
          Diagnostic(
            .schemaKeyMissing(field.key, locale: locale), at: place, notes: [.schemaKeyDeclared(at: field.span)]))
      }
    }
    let listed = Set(schema.fields.map(\.key))
    for key in members.keys.sorted() where !listed.contains(key) {
      diagnostics.append(
        Diagnostic(
          .schemaKeyUnknown(key, locale: locale, type: schema.contentType.rawValue), at: place,
          notes: [.schemaDeclared(at: schema.span)]))
    }
    return .object(members)
  }

  /// The `config schema` declarations by content type (a second one for a type is an error).
  mutating func checkSchemas(_ files: [RuleFileSyntax]) -> [PlacementDefinition.ContentType: ConfigSchema] {
    var schemas: [PlacementDefinition.ContentType: ConfigSchema] = [:]
    for syntax in files {
      file = syntax.file
      for case .configSchema(let decl) in syntax.declarations {
        guard let type = PlacementDefinition.ContentType(rawValue: decl.contentType.text) else { continue }
        if let first = schemas[type] {
          report(.duplicateSchema(type.rawValue), decl.contentType.range, notes: [.firstDeclared(at: first.span)])
          continue
        }
        var fields: [ConfigSchema.Field] = []
        var seen: [String: SourceSpan] = [:]
        for field in decl.fields {
          guard let valueType = ConfigSchema.ValueType(rawValue: field.type.text) else { continue }
          if let first = seen[field.key.text] {
            report(.duplicateSchemaKey(field.key.text), field.key.range, notes: [.firstListed(at: first)])
            continue
          }
          seen[field.key.text] = span(field.key.range)
          var fallback: JSONValue?
          if let range = field.defaultValue {
            guard let value = parseJSON(file.bytes[range.start..<range.end], in: file, at: range.start) else {
              continue
            }
            if !valueType.admits(value) {
              report(
                .schemaTypeMismatch(field.key.text, expected: valueType.rawValue, found: value.typeName), range)
              continue
            }
            fallback = value
          }
          fields.append(
            ConfigSchema.Field(
              key: field.key.text, type: valueType, defaultValue: fallback, span: span(field.key.range)))
        }
        schemas[type] = ConfigSchema(contentType: type, fields: fields, span: span(decl.contentType.range))
      }
    }
    return schemas
  }

  /// Every row, test variation and override that shows a declared content must show it as its declared type.
  mutating func checkShownTypes(_ files: [RuleFileSyntax], declared: [String: DeclaredContent]) {
    guard !declared.isEmpty else { return }
    for syntax in files {
      file = syntax.file
      for declaration in syntax.declarations {
        switch declaration {
        case .placement(let decl):
          for row in decl.rows { checkShown(row.content, declared: declared) }
        case .test(let decl):
          for variation in decl.variations {
            for entry in variation.contents { checkShown(entry.content, declared: declared) }
          }
        case .override(let decl):
          if case .content(let content) = decl.forced { checkShown(content, declared: declared) }
        default:
          break
        }
      }
    }
  }

  mutating func checkShown(_ content: ContentSyntax, declared: [String: DeclaredContent]) {
    switch content {
    case .flow(let id, let paywall, _):
      checkShown(id, as: .flow, declared: declared)
      if let paywall { checkShown(paywall, as: .paywall, declared: declared) }
    case .paywall(let id, _):
      checkShown(id, as: .paywall, declared: declared)
    case .test(let test):
      for variation in test.variations { checkShown(variation.content, declared: declared) }
    case .fallthrough_, .holdout, .testReference, .missing:
      break
    }
  }

  mutating func checkShown(
    _ id: Name, as type: PlacementDefinition.ContentType, declared: [String: DeclaredContent]
  ) {
    guard !id.isMissing, let found = declared[id.text], found.type != type else { return }
    report(
      .contentTypeConflict(id.text, shown: type.rawValue, declared: found.type.rawValue), id.range,
      notes: [.contentDeclared(at: found.span)])
  }

  /// `value` as compact JSON with sorted keys.
  static func encoded(_ value: JSONValue) -> [UInt8] {
    var writer = JSONWriter()
    writer.value(value, sortedKeys: true)
    return writer.bytes
  }
}
