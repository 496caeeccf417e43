import CardportCore
import Testing

@Suite struct RepeatedDateTests {
    private func parse(_ texts: [String]) -> [String?] {
        // The texts side by side in one buffer that stays in place while the memo is used, as a
        // reader's record does.
        let joined = Array(texts.joined().utf8)
        var starts = [0]
        for text in texts { starts.append(starts.last! + text.utf8.count) }
        return joined.withUnsafeBytes { raw in
            var dates = RepeatedDate()
            return texts.indices.map { dates.parse(UnsafeRawBufferPointer(rebasing: raw[starts[$0]..<starts[$0 + 1]]))?.iso8601 }
        }
    }

    @Test func givesWhatParsingGivesWhetherOrNotTheTextRepeats() {
        let texts = ["2019-09-25T03:47:40Z", "2019-09-25T03:47:40Z", "2019-09-25T03:47:41Z", "not a date",
                     "2019-09-25T03:47:41Z", "2024-05-01", "2024-05-01", "2019-09-25T03:47:40+02:00"]
        let expected = texts.map { text in Array(text.utf8).withUnsafeBytes { Timestamp.parse($0)?.iso8601 } }
        #expect(parse(texts) == expected)
        #expect(expected.compactMap { $0 }.count == 7)
    }
}
