/// Rules texts and a profile line that bind one profile two ways, for the core's ownership checks and the
/// store's.
public enum BindingFixtures {
  /// Placement `p`: `bob` (`nick == "bob"`) gets flow `b`, everyone else flow `c`; one attribute.
  public static let oneAttribute = """
    attribute nick: string
    segment bob = nick == "bob"
    placement p: flow {
      bob     -> flow b
      default -> flow c
    }
    """
  /// ``oneAttribute`` with two more attributes declared first (the slots move) that `bob` requires unset.
  public static let threeAttributes = """
    attribute a: number
    attribute b: number
    attribute nick: string
    segment bob = nick == "bob" and a is not set and b is not set
    placement p: flow {
      bob     -> flow b
      default -> flow c
    }
    """
  /// A profile with `nick` "bob" and `a`, `b` set: `bob` under ``oneAttribute``, not under ``threeAttributes``.
  public static let bob = Array(#"{"profile_id":"p","custom_attributes":{"nick":"bob","a":1,"b":2}}"#.utf8)
}
