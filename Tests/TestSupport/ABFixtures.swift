/// Rules texts of A/B tests and overrides that the tests of more than one module use.
public enum ABFixtures {
  /// Placements that read prerequisites: `follow` reads `variation(spring)`, `content(main)` and `row(main)`,
  /// `promo` reads `variation(spring)`; test `spring` is drawn at `banner` (calm profiles) and at `main`.
  public static let prerequisiteReads = """
    attribute goal: choice(fitness, calm)
    segment calm = goal == calm
    segment everyone = profile_id is set
    test spring version "spring" {
      variation a 50% {
        banner -> paywall banner_a
        main -> paywall main_a
      }
      variation b 50% {
        banner -> paywall banner_b
        main -> paywall main_b
      }
    }
    placement banner: paywall {
      calm -> test spring
      default -> paywall banner_plain
    }
    placement main: paywall {
      everyone -> test spring
      default -> paywall standard
    }
    segment saw_a = variation(spring) == a
    segment main_seen = content(main) == main_a or row(main) == default
    placement follow: paywall {
      saw_a -> paywall follow_a
      main_seen -> paywall follow_main
      default -> paywall follow_plain
    }
    placement promo: paywall {
      saw_a -> paywall promo_a
      default -> paywall promo_plain
    }
    """

  /// A test spanning three placements (`onboarding`, `main`, `settings`): variation `control` falls through at
  /// `settings`, `quiet` is a holdout at `main`.
  public static let crossPlacement = """
    segment us = country == "US"
    segment ios = platform == "iOS"
    test spring version "spring-2026" {
      variation control 34% { onboarding -> paywall classic  main -> paywall standard  settings -> fallthrough }
      variation bold 33%    { onboarding -> paywall bold     main -> paywall bold      settings -> paywall bold_settings }
      variation quiet 33%   { onboarding -> paywall quiet    main -> holdout           settings -> paywall quiet_settings }
    }
    placement onboarding: paywall { ios -> paywall ios_onboarding  us -> test spring  default -> paywall generic }
    placement main: paywall { us -> test spring  default -> paywall standard }
    placement settings: paywall { ios -> paywall ios_settings  us -> test spring  default -> paywall settings }
    """

  /// A `fallthrough` row above a test with a holdout (placement `p`, version "fh-1"), and a test whose every
  /// variation falls through (placement `every_row_falls`).
  public static let fallthroughHoldout = """
    segment us = country == "US"
    segment stopped = country == "US"
    placement p: paywall {
      stopped -> fallthrough
      us      -> test t version "fh-1" { shown: paywall shown 50%, holdout 50% }
      default -> paywall standard
    }
    placement every_row_falls: paywall {
      stopped -> fallthrough
      us      -> test half version "fh-2" { stop: fallthrough 50%, go: fallthrough 50% }
      default -> paywall standard
    }
    """

  /// QA overrides: a test variation forced for two QA devices at `home` (version "home-1"), a paywall for one at
  /// `main`.
  public static let overrides = """
    segment qa_devices = profile_id in ["qa-iphone-15"]

    placement home: flow {
      default -> test home_copy version "home-1" { a: flow home_a 50%, b: flow home_b 50% }
    }

    placement main: paywall {
      default -> paywall standard
    }

    override home_copy: variation a for profile_id in ["qa-pixel-7"] or qa_devices
    override main: paywall qa_preview for qa_devices
    """

  /// The targets of QA overrides: a test `home_copy` at `home`, a paywall placement `main`, a cross-placement test
  /// `cross` and a segment `qa`; the overrides under test are appended.
  public static let overrideTargets = """
    segment qa = profile_id in ["qa-1"]
    placement home: flow {
      default -> test home_copy { a: flow home_a 50%, b: flow home_b 50% }
    }
    placement main: paywall {
      default -> paywall standard
    }
    test cross version "c-1" {
      variation x 50% { main -> paywall x }
      variation y 50% { main -> paywall y }
    }

    """

  /// Every prefix of ``overrideTargets`` followed by overrides, from the end of the targets to the last byte (a
  /// half-typed declaration in an editor), the last ones malformed.
  public static let overrideFilePrefixes: [String] = {
    let text =
      overrideTargets + """
        override home_copy: variation b for profile_id in ["qa-1", "qa-2"] and not qa
        override main: paywall qa_paywall for qa
        override main: for qa
        override : variation for
        """
    let bytes = Array(text.utf8)
    return (overrideTargets.utf8.count...bytes.count).map { String(decoding: bytes[..<$0], as: UTF8.self) }
  }()
}
