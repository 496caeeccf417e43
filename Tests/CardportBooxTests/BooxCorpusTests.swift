import CardportBoox
import CardportCore
import CardportTestSupport
import Foundation
import Testing

/// The real Boox exports in the shared corpus read with every entry a citation. The expectations are
/// written out here from reading the files by eye. The corpus is `../shared/corpus/boox` next to the
/// checkout (or `CARDPORT_BOOX_CORPUS`).
@Suite(.enabled(if: BooxCorpus.exists, "no Boox corpus at ../shared/corpus/boox (or CARDPORT_BOOX_CORPUS)"))
struct BooxCorpusTests {
    let format = BooxFormat()

    func read(_ name: String) throws -> (citations: [Citation], notes: ReaderNotes) {
        let path = BooxCorpus.folder + "/" + name
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(format.sniff(bytes) == .certain)
        let reader = try format.makeReader(try ByteInput(path: path), options: ReadOptions())
        let citations = try reader.readAll().compactMap { record -> Citation? in
            if case .citation(let citation) = record { return citation }
            return nil
        }
        #expect(reader.notes.warningCount == 0)
        for citation in citations {
            #expect(citation.createdAt != nil && citation.location?.page != nil)
            #expect(citation.source?.contains("\u{FEFF}") == false && !citation.text.isEmpty)
        }
        return (citations, reader.notes)
    }

    @Test func theCurrentLayout() throws {
        let (citations, _) = try read("en-data.txt")
        #expect(citations.map(\.text) == [
            "PKM—or personal knowledge management",
            "We bookmark articles to read later, but rarely find the time to revisit them again",
            "In other words, \nthe jobs that are most likely to stick around are those that involve promoting or defending a particular perspective",
            "Multimedia",
        ])
        #expect(citations.map(\.note) == [nil, "There's too many to \nactually read them all", "Not sure about now with LLMs", nil])
        #expect(citations.map { $0.location?.page } == ["6", "32", "39", "40"])
        #expect(citations.map { $0.chapter } == [nil, "Chapter 3: How a Second Brain Works", nil, nil])
        #expect(citations.allSatisfy { $0.source == "Building a Second Brain -- A Proven Method" && $0.author == "Tiago Forte" })
        #expect(citations[1].createdAt == Timestamp(year: 2023, month: 4, day: 3, hour: 1, minute: 21, zone: .floating))
    }

    @Test func theOlderLayout() throws {
        let (citations, notes) = try read("en-v1-one-up-on-wall-street.txt")
        #expect(citations.count == 4)
        #expect(citations.map { String($0.text.prefix(24)) } == [
            "tics to a degree neither", "valued at $10 billion ma", "Microsoft went public in", "Street Journal and Barro",
        ])
        #expect(citations.map(\.note) == ["some very good annotation", nil, nil, nil])
        #expect(citations.map { $0.location?.page } == ["13", "20", "20", "22"])
        #expect(citations.map { $0.chapter } == [nil, "Introduction to the Millennium Edition", nil,
                                                          "Introduction to the Millennium Edition"])
        #expect(citations.allSatisfy { $0.source == "One Up on Wall Street" && $0.author == "Peter Lynch; John Rothchild" })
        #expect(citations[3].createdAt == Timestamp(year: 2022, month: 3, day: 7, hour: 1, minute: 20, zone: .floating))
        #expect(notes["highlights"] == 3 && notes["highlights with a note"] == 1)
    }
}

/// Where the real Boox exports are.
enum BooxCorpus {
    static let folder = ProcessInfo.processInfo.environment["CARDPORT_BOOX_CORPUS"]
        ?? PackagePaths.root + "/../shared/corpus/boox"

    static var exists: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
