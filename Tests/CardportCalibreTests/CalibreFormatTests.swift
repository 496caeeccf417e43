import CardportCalibre
import CardportCore
import CardportTestSupport
import Foundation
import Testing

@Suite struct CalibreFormatTests {
    let format = CalibreFormat()

    func citations(_ text: String) throws -> [Citation] {
        try FormatHarness.read(format, text).compactMap { record -> Citation? in
            if case .citation(let citation) = record { return citation }
            return nil
        }
    }

    @Test func conformsToTheFormatContract() async {
        await FormatConformance.check(format, brokenInput: "{\"type\": \"calibre_highlights\",\n \"highlights\": [}\n")
    }

    @Test func sniffsTheExportOnly() {
        #expect(format.sniff(Array("\u{FEFF}{\n  \"highlights\": [],\n  \"type\": \"calibre_highlights\"".utf8).dropFirst(3).map { $0 }) == .certain)
        #expect(format.sniff(Array("{\"citations\": []}".utf8)) == .no)
    }

    @Test func readsTheSample() throws {
        let text = try String(contentsOfFile: PackagePaths.sample("calibre-highlights.calibre_highlights"), encoding: .utf8)
        let read = try citations(text)
        #expect(read.map(\.text) == ["It was the best of times, it was the worst of times,",
                                     "It is a far, far better thing that I do, than I have ever done;"])
        #expect(read.map(\.note) == ["The most famous opening.", nil])
        #expect(read[0].sourceID == "Cq2d3xV0Yt1dQmTSYn4c1w")
        #expect(read[0].chapter == "Book the First—Recalled to Life / I. The Period")
        #expect(read[0].colour == "yellow" && read[0].position == "epubcfi(/6/6!/4/2/6/1:0)")
        #expect(read[0].extras == ["position_end": "epubcfi(/6/6!/4/2/6/1:58)"])
        #expect(read[1].colour == "wavy" && read[1].extras["style"] == nil)
        #expect(read[0].id == RecordID.foreign(namespace: "calibre", id: "Cq2d3xV0Yt1dQmTSYn4c1w"))
        #expect(read[0].createdAt == Timestamp(parsing: "2024-03-01T19:22:05.123Z"))
        #expect(read[0].source == nil && read[0].author == nil)
        let reader = try format.makeReader(try ByteInput(string: text), options: ReadOptions())
        _ = try reader.readAll()
        #expect(reader.notes["removed highlights skipped"] == 1)
    }

    @Test func keepsCustomColours() throws {
        let read = try citations(##"{"type": "calibre_highlights", "version": 1, "highlights": [{"type": "highlight", "uuid": "u", "highlighted_text": " x ", "style": {"background-color": "#ffcc00"}}]}"##)
        #expect(read.first?.text == "x" && read.first?.colour == "#ffcc00" && read.first?.position == nil)
    }

    @Test func refusesOtherJSONWithALocation() {
        let other = FormatHarness.error(reading: "{\"type\": \"something else\"}", as: format, name: "x.json")
        #expect(other?.message.contains("calibre_highlights") == true && other?.location?.line == 1)
        let broken = FormatHarness.error(reading: "{\n \"type\": \"calibre_highlights\",\n \"highlights\": [ x ]}", as: format, name: "x.json")
        #expect(broken?.location?.line == 3)
    }
}
