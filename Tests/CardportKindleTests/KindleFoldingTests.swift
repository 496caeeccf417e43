@testable import CardportKindle
import CardportCore
import Testing

@Suite struct KindleFoldingTests {
    private func fold(_ text: String) -> KindleFolding.Result {
        KindleFolding.fold(KindleParser.parse(Array(text.utf8), name: "t.txt").clippings)
    }

    @Test func aNoteInsideAHighlightAttachesToIt() {
        let result = fold(KindleFixtures.highlight("A (B)", location: "89-91", "the passage")
                          + KindleFixtures.note("A (B)", location: "91", "my thought"))
        #expect(result.citations.map(\.text) == ["the passage"])
        #expect(result.citations.first?.note == "my thought")
        #expect(result.statistics.notesAttached == 1)
    }

    @Test func severalNotesAreJoinedNoneLost() {
        let result = fold(KindleFixtures.note("A (B)", location: "91", date: "Monday, July 26, 2021 8:01:13 AM", "first")
                          + KindleFixtures.highlight("A (B)", location: "89-91", date: "Monday, July 26, 2021 8:01:07 AM", "passage")
                          + KindleFixtures.note("A (B)", location: "90", date: "Monday, July 26, 2021 8:01:13 AM", "second"))
        #expect(result.citations.count == 1)
        #expect(result.citations.first?.note == "first\n\nsecond")
    }

    @Test func aNoteWithoutAHighlightStandsAlone() {
        let result = fold(KindleFixtures.highlight("A (B)", location: "10-12", "passage")
                          + KindleFixtures.note("A (B)", location: "500", "a thought of its own")
                          + KindleFixtures.note("C (D)", location: "11", "other book"))
        #expect(result.citations.map(\.text) == ["passage", "a thought of its own", "other book"])
        #expect(result.citations[1].extras[KindleFolding.ExtrasKey.type] == "note")
        #expect(result.statistics.notesAlone == 2)
    }

    @Test func bookmarksAndEmptyHighlightsAreCountedAndSkipped() {
        let text = KindleFixtures.entry("A (B)", "- Your Bookmark on Location 20 | Added on Monday, March 21, 2016 8:35:16 AM", "")
            + KindleFixtures.highlight("A (B)", location: "1-2", "")
            + KindleFixtures.highlight("A (B)", location: "3-4", "kept")
        let result = fold(text)
        #expect(result.citations.map(\.text) == ["kept"])
        #expect(result.statistics.skippedBookmarks == 1)
        #expect(result.statistics.skippedEmpty == 1)
    }

    @Test func anExtendedHighlightFoldsIntoTheNewestEntry() throws {
        // Extended, then shrunk again: the newest wins, not the longest.
        let text = KindleFixtures.highlight("A (B)", location: "737-739", date: "Saturday, September 9, 2017 1:27:00 PM",
                                            "the whole aim of Newspeak is to narrow the range of")
            + KindleFixtures.highlight("A (B)", location: "737-740", date: "Saturday, September 9, 2017 1:27:09 PM",
                                       "“Don’t you see that the whole aim of Newspeak is to narrow the range of thought?")
            + KindleFixtures.highlight("A (B)", location: "738-739", date: "Saturday, September 9, 2017 1:28:00 PM",
                                       "Newspeak is to narrow the range")
            + KindleFixtures.note("A (B)", location: "740", "note on the long one")
        let result = fold(text)
        let citation = try #require(result.citations.first)
        #expect(result.citations.count == 1)
        #expect(citation.text == "Newspeak is to narrow the range")
        #expect(citation.location == CitationLocation(start: 738, end: 739))
        #expect(citation.note == "note on the long one")
        #expect(result.statistics.foldedExtended == 2)
    }

    @Test func foldingKeepsTheNotesOfEveryVersion() throws {
        let text = KindleFixtures.highlight("A (B)", location: "10-12", date: "Monday, March 21, 2016 8:00:00 AM", "short text")
            + KindleFixtures.note("A (B)", location: "12", date: "Monday, March 21, 2016 8:01:00 AM", "on the short one")
            + KindleFixtures.highlight("A (B)", location: "10-15", date: "Monday, March 21, 2016 9:00:00 AM", "a short text, extended")
            + KindleFixtures.note("A (B)", location: "15", date: "Monday, March 21, 2016 9:01:00 AM", "on the long one")
        let citation = try #require(fold(text).citations.first)
        #expect(fold(text).citations.count == 1)
        #expect(citation.text == "a short text, extended")
        #expect(citation.note == "on the short one\n\non the long one")
    }

    @Test func anUnreadableDateIsKeptInExtras() throws {
        let text = KindleFixtures.entry("A (B)", "- Your Highlight on Location 1-2 | Added on the first day of spring", "kept")
        let citation = try #require(fold(text).citations.first)
        #expect(citation.createdAt == nil)
        #expect(citation.extras == [KindleFolding.ExtrasKey.added: "Added on the first day of spring"])
    }

    @Test func highlightsThatOnlyShareAStartDoNotFold() {
        let text = KindleFixtures.highlight("A (B)", location: "100-102", "one sentence here")
            + KindleFixtures.highlight("A (B)", location: "100-105", "a different sentence there")
        #expect(fold(text).citations.count == 2)
    }

    @Test func articlesOfDifferentSourcesAtOneLocationDoNotFold() {
        let text = KindleFixtures.highlight("Article one (HN to Kindle)", location: "3-9", "Search is ruined")
            + KindleFixtures.highlight("Article two (HN to Kindle)", location: "3-13", "Search is ruined and more")
        #expect(fold(text).citations.count == 2)
    }

    @Test func exactRepeatsFold() {
        let text = KindleFixtures.entry("A (B)", "- Highlight on Page 10 | Added on Monday, 3 December 12 19:50:09 Greenwich Mean Time", "same")
            + KindleFixtures.entry("A (B)", "- Highlight on Page 10 | Added on Monday, 3 December 12 19:55:09 Greenwich Mean Time", "same")
            + KindleFixtures.entry("A (B)", "- Highlight on Page 10 | Added on Monday, 3 December 12 19:56:09 Greenwich Mean Time", "other")
        let result = fold(text)
        #expect(result.citations.map(\.text) == ["same", "other"])
        #expect(result.citations.first?.createdAt?.iso8601 == "2012-12-03T19:55:09")
        #expect(result.statistics.foldedRepeats == 1)
    }

    @Test func pageOnlyHighlightsFoldOnTheSamePage() {
        let text = KindleFixtures.entry("A (B)", "- Your Highlight on page 13-13 | Added on Monday, 11 May 2020 15:08:37", "short")
            + KindleFixtures.entry("A (B)", "- Your Highlight on page 13-13 | Added on Monday, 11 May 2020 15:09:00", "short and longer")
            + KindleFixtures.entry("A (B)", "- Your Highlight on page 14 | Added on Monday, 11 May 2020 15:10:00", "short and")
        let result = fold(text)
        #expect(result.citations.map(\.text) == ["short and longer", "short and"])
        #expect(result.statistics.foldedExtended == 1)
    }

    @Test func outputFollowsTheFile() {
        let text = KindleFixtures.highlight("A (B)", location: "50-51", "first in file")
            + KindleFixtures.highlight("C (D)", location: "1-2", "second in file")
            + KindleFixtures.highlight("A (B)", location: "10-11", "third in file")
        #expect(fold(text).citations.map(\.text) == ["first in file", "second in file", "third in file"])
    }

    @Test func citationsCarryTheBookAndDate() throws {
        let citation = try #require(fold(KindleFixtures.highlight("Dune (Series Book 1) (Herbert, Frank)", location: "5-6", "text")).citations.first)
        #expect(citation.source == "Dune (Series Book 1)")
        #expect(citation.author == "Herbert, Frank")
        #expect(citation.createdAt?.iso8601 == "2016-03-21T08:35:16")
        #expect(citation.id == RecordID.citation(text: "text", author: "Herbert, Frank", source: "Dune (Series Book 1)"))
    }

    @Test func idsComeFromTheTextAuthorAndTitleEvenAfterTheTextChanges() {
        var clipping = KindleClipping(kind: .highlight, book: KindleBook(title: "Dune", author: "Frank Herbert"),
                                      location: CitationLocation(start: 5, end: 6), text: "first wording")
        clipping.text = "second wording"
        let alone = KindleClipping(kind: .highlight, book: KindleBook(title: "Untitled", author: nil),
                                   location: CitationLocation(start: 9, end: 9), text: "no author", index: 1)
        let citations = KindleFolding.fold([clipping, alone]).citations
        #expect(citations.map(\.id) == [
            RecordID.citation(text: "second wording", author: "Frank Herbert", source: "Dune"),
            RecordID.citation(text: "no author", author: nil, source: "Untitled"),
        ])
        #expect(citations.map(\.id) == citations.map { Citation(text: $0.text, author: $0.author, source: $0.source).id })
    }

    @Test(arguments: [1 << 10, 1 << 30])
    func highlightsSortByLocationAsTuplesWouldSortThem(largest: Int) {
        var generator = SystemRandomNumberGenerator()
        var located: [(start: Int, end: Int, position: Int)] = (0..<500).map { position in
            let start = Int.random(in: 0..<largest, using: &generator)
            return (start, start + Int.random(in: 0..<50, using: &generator), position)
        }
        located += located.prefix(20).map { ($0.start, $0.end, $0.position + 500) }
        var expected = located
        expected.sort { ($0.start, $0.end, $0.position) < ($1.start, $1.end, $1.position) }
        KindleFolding.sortByLocation(&located)
        #expect(located.map { [$0.start, $0.end, $0.position] } == expected.map { [$0.start, $0.end, $0.position] })
    }
}
