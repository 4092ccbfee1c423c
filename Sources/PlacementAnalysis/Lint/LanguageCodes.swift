/// The language codes Adapty's `language` segment attribute holds: ISO 639-1 two-letter codes, lower-case.
enum LanguageCodes {
  /// The 184 ISO 639-1 codes (the deprecated `bh` included, since older profiles may still carry it).
  static let iso639_1: Set<String> = Set(
    """
    aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el \
    en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu \
    ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na \
    nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so \
    sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu
    """.split(separator: " ").map(String.init))

  /// ISO 639-2 codes (terminology and bibliographic forms) of widely used languages, with their ISO 639-1 code.
  /// A three-letter code not listed here is still reported, without a suggestion.
  static let fromISO639_2: [String: String] = {
    let pairs = """
      afr af alb sq amh am ara ar arm hy aze az baq eu bel be ben bn bos bs bul bg bur my cat ca ces cs chi zh \
      cym cy cze cs dan da deu de dut nl ell el eng en epo eo est et eus eu fas fa per fa fin fi fra fr fre fr \
      geo ka ger de gle ga glg gl gre el guj gu hau ha heb he hin hi hrv hr hun hu hye hy ibo ig ice is ind id \
      isl is ita it jpn ja kan kn kat ka kaz kk khm km kor ko lao lo lat la lav lv lit lt mac mk mal ml mar mr \
      may ms mkd mk mlt mt mon mn msa ms mya my nep ne nld nl nno nn nob nb nor no pan pa pol pl por pt ron ro \
      rum ro rus ru sin si slk sk slo sk slv sl som so spa es sqi sq srp sr swa sw swe sv tam ta tel te tgl tl \
      tha th tur tr ukr uk urd ur uzb uz vie vi wel cy xho xh yor yo zho zh zul zu
      """.split(separator: " ").map(String.init)
    return Dictionary(
      stride(from: 0, to: pairs.count - 1, by: 2).map { (pairs[$0], pairs[$0 + 1]) }, uniquingKeysWith: { a, _ in a })
  }()

  /// What is wrong with `literal` as a value of `language`, or nil when it is a lower-case ISO 639-1 code.
  /// - Parameter ignoringCase: the comparison ignores case, so an upper-case code is not a problem.
  static func problem(_ literal: String, ignoringCase: Bool) -> Problem? {
    if iso639_1.contains(literal) { return nil }
    let lowered = literal.lowercased()
    if iso639_1.contains(lowered) { return ignoringCase ? nil : .notLowerCase(lowered) }
    if let separator = lowered.firstIndex(where: { $0 == "-" || $0 == "_" }) {
      let language = String(lowered[..<separator])
      let region = literal[literal.index(after: separator)...]
      let country = region.count == 2 && region.allSatisfy(\.isLetter) ? region.uppercased() : nil
      if iso639_1.contains(language) { return .locale(language, country: country) }
      if let code = fromISO639_2[language] { return .locale(code, country: country) }
      return .unknown(nil)
    }
    if lowered.count == 3, lowered.allSatisfy(\.isLetter) {
      return .threeLetter(fromISO639_2[lowered])
    }
    return .unknown(nil)
  }

  /// Why a `language` literal matches no Adapty profile.
  enum Problem: Equatable {
    /// A code in another case than Adapty's lower case (`EN`), with the lower-case code.
    case notLowerCase(String)
    /// A locale (`pt-BR`, `zh_Hant`) with its language's two-letter code, and the region when it is a country.
    case locale(String, country: String?)
    /// A three-letter ISO 639-2 code (`eng`), with its two-letter code when known.
    case threeLetter(String?)
    /// Not a language code at all (`xx`, `english`).
    case unknown(String?)

    /// The two-letter code to write instead, when there is one.
    var suggestion: String? {
      switch self {
      case .notLowerCase(let code), .locale(let code, _): code
      case .threeLetter(let code), .unknown(let code): code
      }
    }
  }
}
