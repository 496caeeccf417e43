import CardportCore
import CardportKOReader
import CardportTestSupport
import Foundation
import Testing

/// Every real KOReader sidecar in the shared corpus reads with nothing lost: each highlight and note
/// is a citation, each page bookmark is counted as skipped, and a book saved in both layouts (the
/// `.lua.old` file is the same book before KOReader moved it to `annotations`) gives the same cards.
///
/// The expectations are written out here from reading the files by eye, not from the reader.
/// The corpus is `../shared/corpus/koreader` next to the checkout (or `CARDPORT_KOREADER_CORPUS`).
@Suite(.enabled(if: KOReaderCorpus.exists, "no KOReader corpus at ../shared/corpus/koreader (or CARDPORT_KOREADER_CORPUS)"))
struct KOReaderCorpusTests {
    let format = KOReaderFormat()

    static var files: [String] {
        let walker = FileManager.default.enumerator(atPath: KOReaderCorpus.folder)
        var found: [String] = []
        while let path = walker?.nextObject() as? String {
            if path.split(separator: "/").last?.hasPrefix("metadata.") == true { found.append(path) }
        }
        return found.sorted()
    }

    func read(_ path: String) throws -> (citations: [Citation], notes: ReaderNotes) {
        let input = try ByteInput(path: KOReaderCorpus.folder + "/" + path)
        let reader = try format.makeReader(input, options: ReadOptions())
        let citations = try reader.readAll().compactMap { record -> Citation? in
            if case .citation(let citation) = record { return citation }
            return nil
        }
        return (citations, reader.notes)
    }

    @Test func theCorpusIsComplete() {
        #expect(Self.files.count == 7, "expected the 7 KOReader corpus files in \(KOReaderCorpus.folder)")
    }

    @Test(arguments: files)
    func everyFileReadsCleanly(_ path: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: KOReaderCorpus.folder + "/" + path)))
        #expect(format.sniff(Array(bytes.prefix(64 * 1024))) == .certain)
        let (citations, notes) = try read(path)
        #expect(notes.warningCount == 0)
        for citation in citations {
            #expect(!citation.text.isEmpty)
            #expect(citation.source?.contains("\u{FEFF}") == false)
            #expect(citation.createdAt != nil)
            #expect(citation.sourceID != nil)
            // No generated "Page N … @ date" line is ever a note.
            #expect(!(citation.note ?? "").hasPrefix("Page "))
        }
    }

    @Test func theProphetInTheAnnotationsLayout() throws {
        let (citations, notes) = try read("the_prophet.sdr/metadata.epub.lua")
        #expect(citations.map(\.text) == [
            "And then shall I come to you, a boundless drop to a boundless ocean.",
            "Love gives naught but itself and takes naught but from itself.\nLove possesses not nor would it be possessed;\nFor love is sufficient unto love.",
            "You give but little when you give of your possessions.\nIt is when you give of yourself that you truly give.",
        ])
        #expect(citations.map(\.note) == [nil, "Sample note", nil])
        #expect(citations.allSatisfy { $0.source == "The Prophet" && $0.author == "Khalil Gibran" })
        #expect(citations.map { $0.chapter } == ["The Coming of the Ship", "On Love", "On Giving"])
        #expect(citations.map { $0.location?.page } == ["7", "14", "20"])
        #expect(citations.allSatisfy { $0.colour == "yellow" && $0.extras["style"] == "lighten" })
        #expect(citations[0].createdAt == Timestamp(year: 2023, month: 12, day: 20, hour: 20, minute: 59, second: 31, zone: .floating))
        #expect(citations[0].position == "/body/DocFragment[5]/body/article/p[24]/text().0")
        #expect(citations[0].extras["position_end"] == "/body/DocFragment[5]/body/article/p[24]/text().68")
        #expect(citations[0].sourceID == "2107aa7e6601b1c5459134e763c87d5b@2023-12-20 20:59:31")
        // The page bookmark "in On Marriage" is counted, not read; the four legacy bookmarks repeat the annotations.
        #expect(notes["page bookmarks skipped"] == 1)
        #expect(notes["legacy entries also in annotations"] == 4)
        #expect(notes["highlights"] + notes["highlights with a note"] == 3)
    }

    @Test func theProphetInTheLegacyLayoutGivesTheSameCards() throws {
        let (legacy, notes) = try read("the_prophet.sdr/metadata.epub.lua.old")
        let (current, _) = try read("the_prophet.sdr/metadata.epub.lua")
        #expect(legacy.map(\.id) == current.map(\.id))
        #expect(legacy.map(\.text) == current.map(\.text))
        // "Page 7 And then shall I come … @ 2023-12-20 20:59:31" is KOReader's text, not a note.
        #expect(legacy.map(\.note) == [nil, "Sample note", nil])
        #expect(notes["generated bookmark texts not taken as notes"] == 1)
        #expect(notes["page bookmarks skipped"] == 1)
        #expect(legacy.map { $0.location?.page } == ["7", "14", "20"])
        #expect(legacy.allSatisfy { $0.extras["style"] == "lighten" && $0.colour == nil })
    }

    @Test func frankensteinInBothFiles() throws {
        for name in ["pg42324.sdr/metadata.epub.lua", "pg42324.sdr/metadata.epub.lua.old"] {
            let (citations, notes) = try read(name)
            #expect(citations.count == 4, "\(name)")
            #expect(citations.first?.text == "But the overflowing misery I now felt, and the excess of agitation that I endured, rendered me incapable of any exertion.")
            #expect(citations.last?.text == "You have read this strange and terrific story, Margaret;")
            #expect(citations.compactMap(\.note) == ["Sample note without highlight"])
            #expect(citations.map { $0.chapter } == ["Chapter XXIII", "Chapter XXIII", "Chapter XXIII", "Walton, in Continuation"])
            #expect(citations.allSatisfy { $0.source == "Frankenstein" && $0.author == "Mary Shelley" },
                    "\(citations.map { ($0.source, $0.author) })")
            #expect(notes["page bookmarks skipped"] == 1)
        }
    }

    @Test func senecaHasNoHighlights() throws {
        for name in ["dialogues_seneca.sdr/metadata.epub.lua", "dialogues_seneca.sdr/metadata.epub.lua.old"] {
            let (citations, notes) = try read(name)
            #expect(citations.isEmpty)
            #expect(notes["books"] == 1)
        }
    }

    @Test func betweenParentAndChildInTheLegacyLayout() throws {
        let (citations, notes) = try read("between_parent_and_child.sdr/metadata.epub.lua")
        // Bookmarks 5, 4, 3, 2, 1: KOReader lists them last position first.
        #expect(citations.map(\.text) == [
            "We are grateful to friends and colleagues who read the manuscript and contributed suggestions and criticism.",
            ", who saw the benefit of reissuing this book; to Theodore Cohn",
            "Nancy Goddard",
            "we acknowledge our greatest debt.",
            "ALLACE GODDARD",
        ])
        #expect(citations.map(\.note) == [nil, nil, nil, "more info from laptop", "more testing - note added on laptop"])
        #expect(citations.allSatisfy { $0.source == "Between Parent and Child" && $0.author == "Dr. Haim G. Ginott" })
        #expect(citations.allSatisfy { $0.location?.page == "5" && $0.chapter == nil })
        #expect(citations[3].createdAt == Timestamp(year: 2023, month: 1, day: 24, hour: 4, minute: 36, second: 2, zone: .floating))
        #expect(notes["highlights"] == 3 && notes["highlights with a note"] == 2)
        #expect(notes["legacy highlights without a bookmark skipped (KOReader no longer shows them)"] == 0)
    }
}

/// Where the real KOReader files are.
enum KOReaderCorpus {
    static let folder = ProcessInfo.processInfo.environment["CARDPORT_KOREADER_CORPUS"]
        ?? PackagePaths.root + "/../shared/corpus/koreader"

    static var exists: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
