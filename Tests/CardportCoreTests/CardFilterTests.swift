import CardportCore
import Testing

@Suite struct CardFilterTests {
    @Test func theDefaultSelectsEveryKindAndNarrowsNothing() {
        let filter = CardFilter()
        #expect(RecordKind.allCases.allSatisfy(filter.selects))
        #expect(!filter.narrowsCards)
        #expect(filter.archived == .exclude)
    }

    @Test(arguments: [
        (CardFilter(favouritesOnly: true), [RecordKind.citation]),
        (CardFilter(archived: .only), [.citation]),
        (CardFilter(author: "seneca"), [.citation]),
        (CardFilter(source: "letters"), [.citation]),
        (CardFilter(status: .inProgress), [.topic]),
        (CardFilter(dueBefore: Timestamp(parsing: "2024-03-01")), [.topic]),
        (CardFilter(unfinishedTopicsOnly: true), [.topic]),
        (CardFilter(taskState: .done), [.task]),
        (CardFilter(tags: ["stoicism"]), [.citation, .bookmark]),
        (CardFilter(kinds: [.bookmark, .task]), [.bookmark, .task]),
        (CardFilter(kinds: [.bookmark, .task], tags: ["stoicism"]), [.bookmark]),
    ])
    func aFieldOnlySomeKindsHaveSelectsThoseKinds(_ filter: CardFilter, _ kinds: [RecordKind]) {
        #expect(RecordKind.allCases.filter(filter.selects) == kinds)
    }

    @Test func anArchiveChoiceThatIncludesEverythingDoesNotNarrowToCitations() {
        #expect(RecordKind.allCases.allSatisfy(CardFilter.everything.selects))
        #expect(!CardFilter.everything.narrowsCards)
    }

    @Test func idsNarrowTheCardsButNotTheKinds() {
        let filter = CardFilter(ids: ["1174c3"])
        #expect(filter.narrowsCards)
        #expect(RecordKind.allCases.allSatisfy(filter.selects))
    }
}
