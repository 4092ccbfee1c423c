import PlacementCore

/// The segments of two rule sets in one model, so that one ``Reasoner`` can relate an old segment to a new one.
///
/// Attributes are united by name: the old rule set's slots are kept, a new attribute of the same name and type
/// shares its slot, a `choice`/`choices` attribute whose options changed gets the union of both option lists
/// (old options first, so old masks stay valid; new masks are remapped), and an attribute whose kind changed
/// (say `number` to `string`) gets a slot of its own, which the witness check then refutes. Old segments keep
/// their indices; a new segment whose expanded condition is written exactly like an old one's (same attributes,
/// same predicate text, same structure) shares the old index, so a consistent rename or a re-format maps
/// every segment onto itself and the placements compare as identical without a search.
struct MergedModel {
  /// The united model: old segments first, then the new segments that have no identical old one.
  let model: CheckedRules
  /// For each new segment index, its index in ``model``.
  let newSegment: [Int]
  /// Attribute names whose type changed kind between the two rule sets.
  let conflictingAttributes: [String]
  /// The QA overrides' conditions of each side in the merged model, by their index in the side's program
  /// (``TestOverride/condition``, ``PlacementOverride/condition``: the side's segment count plus the override's
  /// index).
  let oldOverrides: [Int: Condition]
  let newOverrides: [Int: Condition]

  init(old: CheckedRules, new: CheckedRules) {
    var attributes = old.attributes
    var slotByName: [String: Int] = [:]
    for attribute in old.attributes where slotByName[attribute.name] == nil {
      slotByName[attribute.name] = attribute.slot
    }
    var slotMap = [Int](repeating: 0, count: new.attributes.count)
    var optionMaps: [Int: [Int]] = [:]
    var conflicts: [String] = []
    for (index, attribute) in new.attributes.enumerated() {
      if let slot = slotByName[attribute.name] {
        let known = attributes[slot]
        if known.type == attribute.type {
          slotMap[index] = slot
          continue
        }
        if let united = Self.unite(known.type, attribute.type) {
          attributes[slot] = AttributeDefinition(
            name: known.name, type: united.type, source: known.source, isBuiltin: known.isBuiltin, slot: slot,
            span: known.span)
          slotMap[index] = slot
          optionMaps[index] = united.map
          continue
        }
        conflicts.append(attribute.name)
      }
      let slot = attributes.count
      attributes.append(
        AttributeDefinition(
          name: attribute.name, type: attribute.type, source: attribute.source, isBuiltin: attribute.isBuiltin,
          slot: slot, span: attribute.span))
      slotMap[index] = slot
    }
    var fingerprints = Fingerprints(segments: old.segments, attributes: old.attributes)
    // Several old segments may be written alike: the one of the same name is preferred, then the first.
    var oldByPrint: [String: Int] = [:]
    var oldByName: [String: Int] = [:]
    for index in old.segments.indices {
      if oldByPrint[fingerprints.of(index)] == nil { oldByPrint[fingerprints.of(index)] = index }
      if oldByName[old.segments[index].name] == nil { oldByName[old.segments[index].name] = index }
    }
    var newFingerprints = Fingerprints(segments: new.segments, attributes: new.attributes)
    var segments = old.segments
    var newSegment = [Int](repeating: 0, count: new.segments.count)
    var pending: [Int] = []
    for index in new.segments.indices {
      let print = newFingerprints.of(index)
      if let named = oldByName[new.segments[index].name], fingerprints.of(named) == print {
        newSegment[index] = named
      } else if let same = oldByPrint[print] {
        newSegment[index] = same
      } else {
        newSegment[index] = old.segments.count + pending.count
        pending.append(index)
      }
    }
    let remap = ConditionRemap(segment: newSegment, slot: slotMap, options: optionMaps)
    for index in pending {
      let segment = new.segments[index]
      segments.append(
        SegmentDefinition(
          name: segment.name, condition: remap.apply(segment.condition), span: segment.span,
          conditionText: segment.conditionText))
    }
    model = CheckedRules(attributes: attributes, segments: segments, placements: [], files: [])
    self.newSegment = newSegment
    conflictingAttributes = conflicts
    oldOverrides = Dictionary(
      uniqueKeysWithValues: old.overrides.enumerated().map { (old.segments.count + $0, $1.condition) })
    newOverrides = Dictionary(
      uniqueKeysWithValues: new.overrides.enumerated().map { (new.segments.count + $0, remap.apply($1.condition)) })
  }

  /// The union of two option lists of the same kind, and where each of the second list's options went.
  static func unite(_ old: AttributeType, _ new: AttributeType) -> (type: AttributeType, map: [Int])? {
    func merge(_ a: Options, _ b: Options) -> (Options, [Int]) {
      var ids = a.ids
      var titles = a.titles
      var map: [Int] = []
      for (id, title) in zip(b.ids, b.titles) {
        if let at = ids.firstIndex(of: id) {
          map.append(at)
        } else {
          map.append(ids.count)
          ids.append(id)
          titles.append(title)
        }
      }
      return (Options(ids: ids, titles: titles), map)
    }
    switch (old, new) {
    case (.choice(let a), .choice(let b)):
      let (options, map) = merge(a, b)
      return options.ids.count <= Options.maximumCount ? (.choice(options), map) : nil
    case (.choices(let a), .choices(let b)):
      let (options, map) = merge(a, b)
      return options.ids.count <= Options.maximumCount ? (.choices(options), map) : nil
    default:
      return nil
    }
  }
}
