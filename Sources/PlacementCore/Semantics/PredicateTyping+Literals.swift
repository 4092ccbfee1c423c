extension PredicateTyping {
  /// Reports a literal whose kind does not fit the attribute's type.
  mutating func mismatch(_ literal: LiteralSyntax) {
    if case .missing = literal { return }
    var notes: [Note] = []
    if case .word(let w, _) = literal, attribute.type == .string { notes.append(.quoteString(w)) }
    report(.cannotCompare(attribute.type.kindName, name, with: literal), literal.range, notes: notes)
  }

  mutating func string(_ literal: LiteralSyntax) -> String? {
    if case .string(let s, _) = literal { return s }
    mismatch(literal)
    return nil
  }

  mutating func stringList() -> [String]? {
    let values = operandElements.compactMap { string($0) }
    return values.count == operandElements.count ? values : nil
  }

  mutating func number(_ literal: LiteralSyntax) -> Double? {
    guard case .number(let text, let range) = literal else {
      mismatch(literal)
      return nil
    }
    return read(NumberLiteral(text), text, range)
  }

  /// The value of a number literal read as `reading`, reporting one out of range or not a number (nil) and
  /// warning about an integer that reads as its nearest floating-point neighbour.
  mutating func read(_ reading: NumberLiteral, _ text: String, _ range: SourceRange) -> Double? {
    switch reading {
    case .value(let value): return value
    case .inexactInteger(let value):
      report(.inexactNumber(text, reads: value), range, notes: [.exactIntegers])
      return value
    case .outOfRange:
      report(.numberOutOfRange(text), range, notes: [.numberRange])
      return nil
    case .invalid:
      report(.notANumber(text), range)
      return nil
    }
  }

  mutating func version(_ literal: LiteralSyntax) -> SemanticVersion? {
    let text: String
    let range = literal.range
    switch literal {
    case .number(let t, _), .string(let t, _), .word(let t, _): text = t
    default:
      mismatch(literal)
      return nil
    }
    if let version = SemanticVersion(parsing: text) { return version }
    report(.invalidVersion(text, SemanticVersion.validate(text)), range, notes: [.versionSyntax])
    return nil
  }

  mutating func date(_ literal: LiteralSyntax, unit: TimeUnit) -> Instant? {
    switch literal {
    case .string(let text, let range):
      if let instant = Instant(iso8601: text) { return instant }
      report(
        .invalidDate(text), range,
        notes: [.dateSyntax])
      return nil
    case .number(let text, let range):
      let reading = NumberLiteral(text)
      if case .outOfRange = reading {
        _ = read(reading, text, range)
        return nil
      }
      if let value = reading.double, let instant = Instant.fromUnix(value, unit: unit) { return instant }
      report(.invalidUnixTime(text), range)
      return nil
    default:
      mismatch(literal)
      return nil
    }
  }

  /// The index of an option id written as a word or a string. A number or an unknown id is an error; an
  /// option *title* gets a hint to use the id (docs/Product.md §3: branch on item_ids, never item_titles).
  mutating func option(_ literal: LiteralSyntax, _ options: Options) -> Int? {
    let text: String
    switch literal {
    case .word(let t, _), .string(let t, _): text = t
    default:
      mismatch(literal)
      return nil
    }
    if let index = options.index(of: text) { return index }
    var notes: [Note] = []
    var id = Suggestions.closest(to: text, in: options.ids)
    if let suggestion = id { notes = [.didYouMean(suggestion)] }
    if let titleIndex = options.titles.firstIndex(of: text) {
      id = options.ids[titleIndex]
      notes = [.titleNotID(text, id: options.ids[titleIndex])]
    }
    notes.append(.options(of: name, options.ids))
    // The id written as the literal was: a string stays a string, a word stays a word where it can.
    let fixIts = id.map { id in
      let replacement = if case .string = literal { Spelling.quoted(id) } else { Spelling.word(id) }
      return [FixIt.use(id, at: SourceSpan(file: file, range: literal.range), replacement: replacement)]
    }
    report(.notAnOption(text, of: name), literal.range, notes: notes, fixIts: fixIts ?? [])
    return nil
  }

  /// The options one literal names, as a bit mask: its own bit, or with `ignoring case` the bits of every
  /// option whose id equals it ignoring case (at least one, else the literal is an unknown option).
  mutating func optionBits(_ literal: LiteralSyntax, _ options: Options) -> UInt64? {
    if syntax.ignoringCase, let bits = caseInsensitiveBits(literal, options) { return bits }
    return option(literal, options).map { 1 << UInt64($0) }
  }

  private func caseInsensitiveBits(_ literal: LiteralSyntax, _ options: Options) -> UInt64? {
    let text: String
    switch literal {
    case .word(let t, _), .string(let t, _): text = t
    default: return nil
    }
    let folded = text.lowercased()
    var mask: UInt64 = 0
    for (index, id) in options.ids.enumerated() where id == text || id.lowercased() == folded {
      mask |= 1 << UInt64(index)
    }
    return mask == 0 ? nil : mask
  }

  /// One mask per element of the operand (one id or a list), or nil after reporting an unknown option.
  mutating func optionGroups(_ options: Options) -> [UInt64]? {
    var groups: [UInt64] = []
    var ok = true
    for element in operandElements {
      if let bits = optionBits(element, options) { groups.append(bits) } else { ok = false }
    }
    return ok ? groups : nil
  }

  /// A bit mask of the options named by the operand (one id or a list).
  mutating func optionMask(_ options: Options) -> UInt64? {
    optionGroups(options).map { $0.reduce(0, |) }
  }
}
