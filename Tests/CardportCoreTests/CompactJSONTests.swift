import CardportCore
import Foundation
import Testing

@Suite struct CompactJSONTests {
    @Test func escapesWhatJSONMustAndNothingElse() {
        #expect(CompactJSON.string("say \"hi\"\\ \n\r\t\u{1}é🙂/") == #""say \"hi\"\\ \n\r\t\u0001é🙂/""#)
        #expect(CompactJSON.array([]) == "[]")
        #expect(CompactJSON.array(["a", "b c"]) == #"["a","b c"]"#)
    }

    @Test func foundationReadsBackWhatItWrites() throws {
        let values = ["", "plain", "quote \" and \\ backslash", "\u{0}\u{1F}\u{7F}", "line\nbreak", "ünïcödé 日本語"]
        let data = Data(CompactJSON.array(values).utf8)
        #expect(try JSONSerialization.jsonObject(with: data) as? [String] == values)
    }
}
