/// Valid documents shared by the Foundation cross-check, the writer round trip and the mutation test.
enum JSONCorpus {
  static let documents: [String] = [
    "null", "true", "false", "0", "-0.5", "1836277747000", "1e308", "5e-324", "0.1", "-1.2345678901234567e-200",
    #""""#, #""plain ascii""#, #""\u00e9t\u00E9 \ud83d\ude00 \"q\" \\ \/ \b\f\n\r\t""#, "\"raw é 中 😀 \u{10FFFF}\"",
    "[]", "{}", "[[[]],[{}]]", "[1,2,3,4.5,-6e7,8E-9]", "[true,false,null]",
    #"{"a":1,"b":"two","c":[3],"d":{"e":null}}"#,
    #"{"profile_id":"u-123","country":"DE","age":31,"app_version":"2.3.0","custom_attributes":{"quiz":"pro"}}"#,
    #"""
    {"name":"flow_user_input","instanceId":"scr_1","isBackendEvent":false,"isCustomerEvent":true,
     "element_id":"interests","element_type":"multi_choice","item_ids":["sports","music"],
     "item_titles":["Sports","Music"]}
    """#,
    #"{"name":"flow_user_input","element_type":"date_picker","value":1836277747000}"#,
    #"{"value":[{"id":"pro","title":"Pro"}],"empty":[],"nested":{"a":{"b":{"c":{"d":[1,[2,[3]]]}}}}}"#,
    "  [ 1 , 2 ]\n", #"{"é":"\u0000","\t":"tab","":""}"#, "[1e22,1e23,123456789012345678901234567890]",
    "[0.30000000000000004,2.2250738585072014e-308,9007199254740993,-0.0]",
    #"{"long":"\#(String(repeating: "abcdefghij", count: 50))"}"#,
    "[" + (0..<200).map { "\($0 * 37 % 1000).\($0 % 7)" }.joined(separator: ",") + "]",
  ]
}
