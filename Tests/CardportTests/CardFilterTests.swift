import Cardport
import CardportCore
import CardportStore
import Testing

@Suite struct CardFilterTests {
    @Test func theDefaultSelectsWhatTheStoresDefaultSelects() {
        #expect(CardFilter().storeFilter == StoreFilter())
    }

    @Test func everyFieldReachesTheStoresFilter() {
        let due = Timestamp(parsing: "2024-02-15")
        let filter = CardFilter(kinds: [.topic, .task], tags: ["stoicism", "ethics"], anyTag: true, favouritesOnly: true,
                                archived: .only, author: "seneca", source: "letters", status: .inProgress, dueBefore: due,
                                unfinishedTopicsOnly: true, taskState: .open, ids: ["1174c3"])
        var expected = StoreFilter(kinds: [.topic, .task], tags: ["stoicism", "ethics"], anyTag: true, favouritesOnly: true,
                                   archived: .only, author: "seneca", source: "letters", status: .inProgress, dueBefore: due,
                                   taskState: .open, ids: ["1174c3"])
        expected.unfinishedTopicsOnly = true
        #expect(filter.storeFilter == expected)
    }

    @Test(arguments: [(CardFilter.Archived.exclude, StoreFilter.Archived.exclude), (.only, .only), (.include, .include)])
    func eachArchiveChoiceKeepsItsMeaning(_ archived: CardFilter.Archived, _ store: StoreFilter.Archived) {
        #expect(CardFilter(archived: archived).storeFilter.archived == store)
    }

    @Test(arguments: [(CardFilter.TaskState.done, StoreFilter.TaskState.done), (.open, .open)])
    func eachTaskStateKeepsItsMeaning(_ state: CardFilter.TaskState, _ store: StoreFilter.TaskState) {
        #expect(CardFilter(taskState: state).storeFilter.taskState == store)
    }
}
