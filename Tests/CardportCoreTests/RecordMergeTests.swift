import CardportCore
import Testing

@Suite struct RecordMergeTests {
    let older = Timestamp(secondsSince1970: 1_600_000_000)
    let newer = Timestamp(secondsSince1970: 1_700_000_000)

    @Test func newestTakesTheLaterUpdatedAtAndKeepsTheExistingId() {
        let existing = Citation(id: "keep", text: "Carpe diem.", author: "Horace", isArchived: true, updatedAt: older)
        let incoming = Citation(id: "other", text: "carpe DIEM", author: "horace", isArchived: false, updatedAt: newer)
        let merged = RecordMerge.merge(existing, incoming, policy: .newest)
        #expect(merged.id == "keep")
        #expect(merged.text == "carpe DIEM")
        #expect(merged.author == "horace")
        #expect(merged.isArchived == false)
        #expect(merged.updatedAt == newer)
        // Without dates, or on a tie, the existing copy wins.
        #expect(RecordMerge.merge(Citation(text: "A"), Citation(text: "a"), policy: .newest).text == "A")
    }

    @Test func unionsAndJoinsWhateverThePolicy() {
        let existing = Citation(text: "x", source: nil, tags: ["Books", "latin"], isFavourite: false,
                                createdAt: newer, note: "first", extras: ["a": "1", "b": "2"])
        let incoming = Citation(text: "x", source: "Odes", tags: ["books", "poetry"], isFavourite: true,
                                createdAt: older, note: "second", extras: ["a": "1", "b": "3", "c": "4"])
        for policy in MergePolicy.allCases {
            let merged = RecordMerge.merge(existing, incoming, policy: policy)
            #expect(merged.tags == ["Books", "latin", "poetry"])
            #expect(merged.isFavourite)
            #expect(merged.createdAt == older)
            #expect(merged.source == "Odes")
            #expect(merged.note == "first\n\nsecond")
            #expect(merged.extras == ["a": "1", "b": "2\n3", "c": "4"])
        }
    }

    @Test func aNoteAlreadyContainedIsNotRepeated() {
        let merged = RecordMerge.merge(Citation(text: "x", note: "see page 12, and 14"), Citation(text: "x", note: "see page 12"),
                                       policy: .incoming)
        #expect(merged.note == "see page 12, and 14")
    }

    @Test func topicsMergeTheirQuestionsAndLinks() throws {
        let existing = Topic(title: "Stoic ethics", status: .inProgress,
                             links: ["https://plato.stanford.edu/entries/stoicism/"],
                             questions: [Question(text: "What is virtue?", answer: nil, isDone: false)])
        let incoming = Topic(title: "stoic ethics", status: .done,
                             links: ["https://plato.stanford.edu/entries/stoicism", "https://example.org/x"],
                             questions: [Question(text: "what is virtue", answer: "Knowledge.", isDone: true),
                                         Question(text: "Who was Zeno?")])
        let merged = RecordMerge.merge(existing, incoming, policy: .incoming)
        #expect(merged.title == "stoic ethics")
        #expect(merged.status == .done)
        #expect(merged.links == ["https://plato.stanford.edu/entries/stoicism/", "https://example.org/x"])
        #expect(merged.questions == [Question(text: "what is virtue", answer: "Knowledge.", isDone: true),
                                     Question(text: "Who was Zeno?")])
    }

    @Test func tasksBookmarksTagsAndSettingsFollowThePolicy() throws {
        let half = try TaskProgress(percent: 50)
        let task = RecordMerge.merge(TaskItem(description: "Read", progress: .done), TaskItem(description: "read", progress: half),
                                     policy: .incoming)
        #expect(task.progress == half && task.description == "read")
        let bookmark = RecordMerge.merge(Bookmark(name: nil, text: "https://a.org/"), Bookmark(name: "A", text: "https://a.org"),
                                         policy: .existing)
        #expect(bookmark.name == "A" && bookmark.text == "https://a.org/")
        let tag = RecordMerge.merge(Tag(name: "Books", colour: .named(.red)), Tag(name: "books", colour: .named(.teal)),
                                    policy: .incoming)
        #expect(tag == Tag(name: "Books", colour: .named(.teal)))
        let settings = RecordMerge.merge(Settings(widgetTags: ["a"], appearance: .dark), Settings(widgetTags: ["b"], appearance: .light),
                                         policy: .existing)
        #expect(settings == Settings(widgetTags: ["a", "b"], appearance: .dark))
    }

    @Test func mergingARecordWithItselfGivesItBack() {
        let citation = Citation(text: "x", author: "y", tags: ["t"], isFavourite: true, note: "n", extras: ["k": "v"])
        for policy in MergePolicy.allCases {
            #expect(RecordMerge.merge(citation, citation, policy: policy) == citation)
        }
    }
}
