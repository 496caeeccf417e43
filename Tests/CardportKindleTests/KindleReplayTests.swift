@testable import CardportKindle
import CardportCore
import Testing

@Suite struct KindleReplayTests {
    private func replay(_ text: String) -> KindleReplay.Result {
        KindleReplay.replay(KindleParser.parse(Array(text.utf8), name: "t.txt").clippings)
    }

    @Test func aNoteInsideAHighlightAttachesToIt() {
        let result = replay(KindleFixtures.highlight("A (B)", location: "89-91", "the passage")
                          + KindleFixtures.note("A (B)", location: "91", "my thought"))
        #expect(result.citations.map(\.text) == ["the passage"])
        #expect(result.citations.first?.note == "my thought")
        #expect(result.statistics.notesAttached == 1)
    }

    @Test func severalNotesAreJoinedNoneLost() {
        let result = replay(KindleFixtures.note("A (B)", location: "91", date: "Monday, July 26, 2021 8:01:13 AM", "first")
                          + KindleFixtures.highlight("A (B)", location: "89-91", date: "Monday, July 26, 2021 8:01:07 AM", "passage")
                          + KindleFixtures.note("A (B)", location: "90", date: "Monday, July 26, 2021 8:01:13 AM", "second"))
        #expect(result.citations.count == 1)
        #expect(result.citations.first?.note == "first\n\nsecond")
    }

    @Test func aNoteWithoutAHighlightStandsAlone() {
        let result = replay(KindleFixtures.highlight("A (B)", location: "10-12", "passage")
                          + KindleFixtures.note("A (B)", location: "500", "a thought of its own")
                          + KindleFixtures.note("C (D)", location: "11", "other book"))
        #expect(result.citations.map(\.text) == ["passage", "a thought of its own", "other book"])
        #expect(result.citations[1].extras[KindleReplay.ExtrasKey.type] == "note")
        #expect(result.statistics.notesAlone == 2)
    }

    @Test func bookmarksAndEmptyHighlightsAreCountedAndSkipped() {
        let text = KindleFixtures.entry("A (B)", "- Your Bookmark on Location 20 | Added on Monday, March 21, 2016 8:35:16 AM", "")
            + KindleFixtures.highlight("A (B)", location: "1-2", "")
            + KindleFixtures.highlight("A (B)", location: "3-4", "kept")
        let result = replay(text)
        #expect(result.citations.map(\.text) == ["kept"])
        #expect(result.statistics.skippedBookmarks == 1)
        #expect(result.statistics.skippedEmpty == 1)
    }

    @Test func anEditReplacesTheHighlightItEditsAtThatMoment() throws {
        // Extended, then shrunk again: the last edit wins, not the longest. The note at 740 is
        // written after the shrink to 738-739: no live highlight holds it, so it stands alone.
        let text = KindleFixtures.highlight("A (B)", location: "737-739", date: "Saturday, September 9, 2017 1:27:00 PM",
                                            "the whole aim of Newspeak is to narrow the range of")
            + KindleFixtures.highlight("A (B)", location: "737-740", date: "Saturday, September 9, 2017 1:27:09 PM",
                                       "“Don’t you see that the whole aim of Newspeak is to narrow the range of thought?")
            + KindleFixtures.highlight("A (B)", location: "738-739", date: "Saturday, September 9, 2017 1:28:00 PM",
                                       "Newspeak is to narrow the range")
            + KindleFixtures.note("A (B)", location: "740", date: "Saturday, September 9, 2017 1:29:00 PM", "note after the shrink")
        let result = replay(text)
        #expect(result.citations.map(\.text) == ["Newspeak is to narrow the range", "note after the shrink"])
        #expect(result.citations[0].location == CitationLocation(start: 738, end: 739))
        #expect(result.citations[0].note == nil)
        #expect(result.statistics.replacedVersions == 2)
    }

    @Test func aShrunkHighlightAndANewOneBesideItAreTwo() throws {
        // The example of the replay rule: 500-506 shrunk to 500-502, a note at 502, then a new
        // highlight at 505-506. The note belongs to 500-502, and both highlights are kept.
        let text = KindleFixtures.highlight("A (B)", location: "500-506", date: "Monday, March 21, 2016 8:00:00 AM",
                                            "One two three four. Five six seven.")
            + KindleFixtures.highlight("A (B)", location: "500-502", date: "Monday, March 21, 2016 8:01:00 AM", "One two three four.")
            + KindleFixtures.note("A (B)", location: "502", date: "Monday, March 21, 2016 8:02:00 AM", "on the first sentence")
            + KindleFixtures.highlight("A (B)", location: "505-506", date: "Monday, March 21, 2016 8:03:00 AM", "Five six seven.")
        let result = replay(text)
        #expect(result.citations.map(\.text) == ["One two three four.", "Five six seven."])
        #expect(result.citations.map(\.note) == ["on the first sentence", nil])
        #expect(result.statistics.replacedVersions == 1)
        #expect(result.statistics.notesAttached == 1)
    }

    @Test func aHighlightThatContainedTwoDoesNotJoinThemForever() {
        // The shape that lost highlights in a real file: A, B, a long C containing both, C shrunk
        // back to B, then A made again. B and A are both live at the end.
        let text = KindleFixtures.highlight("A (B)", location: "1346-1347", "The most important reward is control.")
            + KindleFixtures.highlight("A (B)", location: "1339-1341", "Of course, there will be times.")
            + KindleFixtures.highlight("A (B)", location: "1339-1352", "Of course, there will be times. More. The most important reward is control. And more.")
            + KindleFixtures.highlight("A (B)", location: "1339-1341", "Of course, there will be times.")
            + KindleFixtures.highlight("A (B)", location: "1346-1347", "The most important reward is control.")
            + KindleFixtures.highlight("A (B)", location: "1347-1352", "Log out. Typing in your password is a hassle.")
        let result = replay(text)
        // Each citation goes where its first version is: B's line of versions starts with A's entry.
        #expect(result.citations.map(\.text) == ["Of course, there will be times.", "The most important reward is control.",
                                                  "Log out. Typing in your password is a hassle."])
        #expect(result.statistics.replacedVersions == 3)
    }

    @Test func overlapWithoutContainmentIsNoEdit() {
        let text = KindleFixtures.highlight("A (B)", location: "10-12", "imagination")
            + KindleFixtures.highlight("A (B)", location: "11-14", "the imaginations of men")
        // `imagination` is not a whole word of `imaginations`.
        #expect(replay(text).citations.count == 2)
    }

    @Test func containmentIgnoresCaseSpacingQuotesAndEdgePunctuation() {
        let text = KindleFixtures.highlight("A (B)", location: "10-12", "Truth is a matter of the imagination.")
            + KindleFixtures.highlight("A (B)", location: "10-14", "“truth  is a matter of the imagination. The soundest fact may fail”")
        #expect(replay(text).citations.map(\.text) == ["“truth  is a matter of the imagination. The soundest fact may fail”"])
    }

    @Test func aSplitHighlightKeepsBothPieces() {
        let text = KindleFixtures.highlight("A (B)", location: "20-30", "First half here. Second half there.")
            + KindleFixtures.highlight("A (B)", location: "20-24", "First half here.")
            + KindleFixtures.highlight("A (B)", location: "26-30", "Second half there.")
        // The second piece edits nothing live: the long version is already gone.
        #expect(replay(text).citations.map(\.text) == ["First half here.", "Second half there."])
    }

    @Test func anUnreadMetadataLineKeepsItsTextApart() throws {
        let text = KindleFixtures.highlight("A (B)", location: "10-12", "one two")
            + KindleFixtures.entry("A (B)", "- Your Highlight 10 | Added on Monday, March 21, 2016 8:35:16 AM", "one two three")
        let result = replay(text)
        #expect(result.citations.map(\.text) == ["one two", "one two three"])
        #expect(result.citations[1].extras[KindleReplay.ExtrasKey.metadata] != nil)
        #expect(result.statistics.unreadKept == 1)
    }

    @Test func keptVersionsAreListedOldestFirst() throws {
        let text = KindleFixtures.highlight("A (B)", location: "1-2", date: "Monday, March 21, 2016 8:00:00 AM", "a b")
            + KindleFixtures.highlight("A (B)", location: "5-6", date: "Monday, March 21, 2016 8:01:00 AM", "c d")
            + KindleFixtures.highlight("A (B)", location: "1-6", date: "Monday, March 21, 2016 8:02:00 AM", "a b \"x\" c d")
        let clippings = KindleParser.parse(Array(text.utf8), name: "t.txt").clippings
        let citation = try #require(KindleReplay.replay(clippings, keepingVersions: true).citations.first)
        #expect(citation.extras[KindleReplay.ExtrasKey.versions] == #"[{"text":"a b","location":"1-2","added":"2016-03-21T08:00:00"},{"text":"c d","location":"5-6","added":"2016-03-21T08:01:00"}]"#)
        #expect(KindleReplay.replay(clippings).citations.first?.extras.isEmpty == true)
    }

    @Test func anEditKeepsTheNotesOfEveryVersion() throws {
        let text = KindleFixtures.highlight("A (B)", location: "10-12", date: "Monday, March 21, 2016 8:00:00 AM", "short text")
            + KindleFixtures.note("A (B)", location: "12", date: "Monday, March 21, 2016 8:01:00 AM", "on the short one")
            + KindleFixtures.highlight("A (B)", location: "10-15", date: "Monday, March 21, 2016 9:00:00 AM", "a short text, extended")
            + KindleFixtures.note("A (B)", location: "15", date: "Monday, March 21, 2016 9:01:00 AM", "on the long one")
        let citation = try #require(replay(text).citations.first)
        #expect(replay(text).citations.count == 1)
        #expect(citation.text == "a short text, extended")
        #expect(citation.note == "on the short one\n\non the long one")
    }

    @Test func anUnreadableDateIsKeptInExtras() throws {
        let text = KindleFixtures.entry("A (B)", "- Your Highlight on Location 1-2 | Added on the first day of spring", "kept")
        let citation = try #require(replay(text).citations.first)
        #expect(citation.createdAt == nil)
        #expect(citation.extras == [KindleReplay.ExtrasKey.added: "Added on the first day of spring"])
    }

    @Test func highlightsThatOnlyShareAStartAreTwo() {
        let text = KindleFixtures.highlight("A (B)", location: "100-102", "one sentence here")
            + KindleFixtures.highlight("A (B)", location: "100-105", "a different sentence there")
        #expect(replay(text).citations.count == 2)
    }

    @Test func articlesOfDifferentSourcesAtOneLocationAreTwo() {
        let text = KindleFixtures.highlight("Article one (HN to Kindle)", location: "3-9", "Search is ruined")
            + KindleFixtures.highlight("Article two (HN to Kindle)", location: "3-13", "Search is ruined and more")
        #expect(replay(text).citations.count == 2)
    }

    @Test func exactRepeatsReplaceTheHighlightTheyRepeat() {
        let text = KindleFixtures.entry("A (B)", "- Highlight on Page 10 | Added on Monday, 3 December 12 19:50:09 Greenwich Mean Time", "same")
            + KindleFixtures.entry("A (B)", "- Highlight on Page 10 | Added on Monday, 3 December 12 19:55:09 Greenwich Mean Time", "same")
            + KindleFixtures.entry("A (B)", "- Highlight on Page 10 | Added on Monday, 3 December 12 19:56:09 Greenwich Mean Time", "other")
        let result = replay(text)
        #expect(result.citations.map(\.text) == ["same", "other"])
        #expect(result.citations.first?.createdAt?.iso8601 == "2012-12-03T19:55:09")
        #expect(result.statistics.replacedRepeats == 1)
    }

    @Test func pageOnlyHighlightsEditOnTheSamePage() {
        let text = KindleFixtures.entry("A (B)", "- Your Highlight on page 13-13 | Added on Monday, 11 May 2020 15:08:37", "short")
            + KindleFixtures.entry("A (B)", "- Your Highlight on page 13-13 | Added on Monday, 11 May 2020 15:09:00", "short and longer")
            + KindleFixtures.entry("A (B)", "- Your Highlight on page 14 | Added on Monday, 11 May 2020 15:10:00", "short and")
        let result = replay(text)
        #expect(result.citations.map(\.text) == ["short and longer", "short and"])
        #expect(result.statistics.replacedVersions == 1)
    }

    @Test func outputFollowsTheFile() {
        let text = KindleFixtures.highlight("A (B)", location: "50-51", "first in file")
            + KindleFixtures.highlight("C (D)", location: "1-2", "second in file")
            + KindleFixtures.highlight("A (B)", location: "10-11", "third in file")
        #expect(replay(text).citations.map(\.text) == ["first in file", "second in file", "third in file"])
    }

    @Test func citationsCarryTheBookAndDate() throws {
        let citation = try #require(replay(KindleFixtures.highlight("Dune (Series Book 1) (Herbert, Frank)", location: "5-6", "text")).citations.first)
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
        let citations = KindleReplay.replay([clipping, alone]).citations
        #expect(citations.map(\.id) == [
            RecordID.citation(text: "second wording", author: "Frank Herbert", source: "Dune"),
            RecordID.citation(text: "no author", author: nil, source: "Untitled"),
        ])
        #expect(citations.map(\.id) == citations.map { Citation(text: $0.text, author: $0.author, source: $0.source).id })
    }
}
