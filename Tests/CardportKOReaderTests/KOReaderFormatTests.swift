import CardportCore
@testable import CardportKOReader
import CardportTestSupport
import Foundation
import Testing

@Suite struct KOReaderFormatTests {
    let format = KOReaderFormat()

    func citations(_ text: String, name: String = "Book.sdr/metadata.epub.lua") throws -> [Citation] {
        try FormatHarness.read(format, text, name: name).compactMap { record -> Citation? in
            if case .citation(let citation) = record { return citation }
            return nil
        }
    }

    func notes(_ text: String) throws -> ReaderNotes {
        let reader = try format.makeReader(try ByteInput(string: text, name: "metadata.epub.lua"), options: ReadOptions())
        _ = try reader.readAll()
        return reader.notes
    }

    @Test func conformsToTheFormatContract() async {
        await FormatConformance.check(format, brokenInput: "return {\n    [\"annotations\"] = {\n        [1] = os.exit(),\n}")
    }

    @Test func refusesToWrite() throws {
        #expect(format.descriptor.writes.isEmpty)
        let writer = try format.makeWriter(ByteOutput(), options: WriteOptions())
        #expect(throws: CardportError.self) { try writer.write(.citation(Citation(text: "a"))) }
    }

    @Test func sniffsSidecarsAndTheJSONExport() throws {
        func sniff(_ text: String) -> SniffResult { format.sniff(Array(text.utf8)) }
        #expect(sniff("-- /mnt/onboard/a.epub\nreturn {\n    [\"annotations\"] = {") == .certain)
        #expect(sniff("-- we can read Lua syntax here!\nreturn {\n    [\"bookmarks\"] = {") == .certain)
        #expect(sniff("return { [\"x\"] = 1 }") == .possible)
        #expect(sniff("{\"version\": \"json/1.0.0\", \"documents\": []}") == .certain)
        #expect(sniff("{\"entries\": [], \"version\": \"json/1.0.0\"}") == .certain)
        #expect(sniff("{\"version\": \"1\", \"citations\": []}") == .no)
        #expect(sniff("local x = 1") == .no)
        #expect(format.descriptor.claimsFolderFile("metadata.epub.lua"))
        #expect(format.descriptor.claimsFolderFile("METADATA.PDF.LUA"))
        #expect(!format.descriptor.claimsFolderFile("metadata.epub.lua.old"))
        #expect(!format.descriptor.claimsFolderFile("custom_metadata.lua"))
    }

    @Test func readsTheAnnotationsSample() throws {
        let text = try String(contentsOfFile: PackagePaths.sample("koreader/Meditations.sdr/metadata.epub.lua"), encoding: .utf8)
        let read = try citations(text)
        #expect(read.count == 3)
        #expect(read.allSatisfy { $0.source == "Meditations" && $0.author == "Marcus Aurelius, George Long" })
        #expect(read[0].note == nil && read[0].colour == "yellow" && read[0].extras["style"] == "lighten")
        #expect(read[1].text == "The universe is change; our life is what our thoughts make it.")
        #expect(read[1].note == "Read this again on a bad day.\nTwice.")
        #expect(read[1].chapter == "Book IV" && read[1].colour == "green" && read[1].extras["style"] == "underscore")
        #expect(read[1].createdAt == Timestamp(year: 2024, month: 5, day: 3, hour: 21, minute: 10, second: 44, zone: .floating))
        #expect(read[1].updatedAt == Timestamp(year: 2024, month: 5, day: 4, hour: 8, minute: 2, second: 19, zone: .floating))
        #expect(read[1].location == CitationLocation(page: "41"))
        // A note on a page bookmark is the reader's own text: a citation of its own, marked as a note.
        #expect(read[2].text == "Stopped here \u{2014} \"the dawn\" passage." && read[2].extras["type"] == "note")
        #expect(read[2].extras["style"] == nil)
        let counts = try notes(text)
        #expect(counts["page bookmarks skipped"] == 1 && counts["notes on page bookmarks"] == 1)
    }

    @Test func readsTheLegacySampleInRussian() throws {
        let path = "koreader/Анна Каренина.sdr/metadata.fb2.lua"
        let read = try citations(try String(contentsOfFile: PackagePaths.sample(path), encoding: .utf8), name: path)
        #expect(read.map(\.text) == [
            "Все счастливые семьи похожи друг на друга, каждая несчастливая семья несчастлива по-своему.",
            "Степан Аркадьич был человек правдивый в отношении к себе самому.",
        ])
        // The first has a note of the reader's; the second only KOReader's Russian "Стр. 9 … @ date" line.
        #expect(read.map(\.note) == ["Первая фраза романа.", nil])
        #expect(read.map { $0.extras["style"] } == ["lighten", "strikeout"])
        // Without a colour of its own, a struck-out passage's colour says how it is marked.
        #expect(read.map(\.colour) == [nil, "strikeout"])
        #expect(read.map { $0.location?.page } == ["7", "9"])
        #expect(read.allSatisfy { $0.source == "Анна Каренина" && $0.author == "Лев Толстой" })
        #expect(read.map { $0.chapter } == ["Часть первая. I", "Часть первая. II"])
    }

    @Test func tellsGeneratedBookmarkTextsFromNotes() {
        func auto(_ text: String, _ quoted: String? = "quoted words") -> Bool {
            KOReaderSidecar.isAutoText(text, quoted: quoted, datetime: "2020-01-02 03:04:05")
        }
        #expect(auto("Page 12 quoted words @ 2020-01-02 03:04:05"))
        #expect(auto("Seite [2]12 quoted words @ 2020-01-02 03:04:05"))
        #expect(auto("第 12 页 quoted words @ 2020-01-02 03:04:05"))
        #expect(auto(""))
        #expect(auto("quoted words"))
        #expect(!auto("my own thought"))
        #expect(!auto("Page 12 something else @ 2020-01-02 03:04:05"))
    }

    @Test func readsBothLayoutsOnceWhenAFileHoldsBoth() throws {
        let read = try citations("""
            return {
                ["annotations"] = {
                    [1] = { ["datetime"] = "2024-01-01 10:00:00", ["drawer"] = "lighten", ["pos0"] = "/a.0", ["pos1"] = "/a.9", ["text"] = "edited text", ["note"] = "new note" },
                },
                ["bookmarks"] = {
                    [1] = { ["datetime"] = "2023-06-01 09:00:00", ["highlighted"] = true, ["notes"] = "only in the old tables", ["pos0"] = "/b.0", ["pos1"] = "/b.5", ["page"] = "/b.0" },
                    [2] = { ["datetime"] = "2024-01-01 10:00:00", ["highlighted"] = true, ["notes"] = "old text", ["text"] = "old note", ["pos0"] = "/a.0", ["pos1"] = "/a.4", ["page"] = "/a.0" },
                },
                ["doc_props"] = { ["title"] = "T", ["authors"] = "A" },
            }
            """)
        #expect(read.map(\.text) == ["edited text", "only in the old tables"])
        #expect(read.map(\.note) == ["new note", nil])
    }

    @Test func readsHighlightsFromBefore2014ThatHaveNoBookmark() throws {
        let table = """
            ["highlight"] = {
                [3] = { [1] = { ["datetime"] = "2013-02-03 04:05:06", ["drawer"] = "invert", ["pos0"] = "/p.1", ["pos1"] = "/p.8", ["text"] = "very old" } },
            },
            ["stats"] = { ["title"] = "Old Book", ["authors"] = "Someone" },
            """
        let old = try citations("return {\n\(table)\n}")
        #expect(old.map(\.text) == ["very old"])
        #expect(old.first?.location?.page == "3" && old.first?.extras["style"] == "invert" && old.first?.source == "Old Book")
        #expect(old.first?.colour == "invert")
        // Once KOReader has imported them into bookmarks, one without a bookmark is no longer shown.
        let imported = "return {\n\(table)\n[\"highlights_imported\"] = true,\n}"
        #expect(try citations(imported).isEmpty)
        #expect(try notes(imported)["legacy highlights without a bookmark skipped (KOReader no longer shows them)"] == 1)
    }

    @Test func keepsPDFPositionsAndPageNumbers() throws {
        let read = try citations("""
            return { ["annotations"] = { {
                ["datetime"] = "2024-02-02 12:00:00", ["drawer"] = "lighten", ["page"] = 17, ["text"] = "in a PDF",
                ["pos0"] = { ["page"] = 17, ["x"] = 100.5, ["y"] = 230 }, ["pos1"] = { ["page"] = 17, ["x"] = 400, ["y"] = 250 },
            } } }
            """)
        #expect(read.first?.location?.page == "17")
        #expect(read.first?.position == "page 17 x 100.5 y 230")
        #expect(read.first?.extras["position_end"] == "page 17 x 400 y 250")
    }

    @Test func namesTheBookAfterItsFolderWhenTheFileDoesNot() throws {
        let read = try citations("return { [\"annotations\"] = { { [\"datetime\"] = \"2024-02-02 12:00:00\", [\"drawer\"] = \"lighten\", [\"text\"] = \"x\" } } }",
                                 name: "/mnt/onboard/Some Book.sdr/metadata.epub.lua")
        #expect(read.first?.source == "Some Book" && read.first?.author == nil)
    }

    @Test func givesEachHighlightAStableIDFromTheBookAndItsCreationTime() throws {
        let text = """
            return { ["partial_md5_checksum"] = "abc", ["annotations"] = {
                { ["datetime"] = "2024-01-01 10:00:00", ["drawer"] = "lighten", ["text"] = "one" },
                { ["datetime"] = "2024-01-01 10:00:00", ["drawer"] = "lighten", ["text"] = "two" },
            } }
            """
        let first = try citations(text)
        #expect(first.map { $0.sourceID } == ["abc@2024-01-01 10:00:00", "abc@2024-01-01 10:00:00#2"])
        #expect(first[0].id == RecordID.foreign(namespace: "koreader", id: "abc@2024-01-01 10:00:00"))
        // A note added or the text edited on the device keeps the id, so a re-import updates the card.
        let edited = try citations(text.replacingOccurrences(of: "\"one\"", with: "\"one, longer\", [\"note\"] = \"n\""))
        #expect(edited.map(\.id) == first.map(\.id))
    }

    @Test func readsTheJSONExportSample() throws {
        let read = try citations(try String(contentsOfFile: PackagePaths.sample("koreader-export.json"), encoding: .utf8),
                                 name: "koreader-export.json")
        #expect(read.count == 3)
        #expect(read[1].note == "Read this again on a bad day.\nTwice." && read[1].chapter == "Book IV")
        #expect(read[1].createdAt == Timestamp(secondsSince1970: 1_714_770_644))
        #expect(read[1].location?.page == "41" && read[1].position == "/body/DocFragment[6]/body/div/p[3]/text().18")
        #expect(read[2].text == "道可道，非常道。名可名，非常名。" && read[2].source == "道德经" && read[2].author == "老子")
    }

    @Test func readsAOneBookJSONExport() throws {
        let read = try citations("""
            {"title": "T", "author": "A", "version": "json/1.0.0", "created_on": 1,
             "entries": [{"sort": "highlight", "text": "t", "time": 1700000000, "page": 3}, {"sort": "highlight", "text": ""}]}
            """, name: "export.json")
        #expect(read.map(\.text) == ["t"])
        #expect(read.first?.source == "T" && read.first?.author == "A")
    }
}
