import CardportCore
import CardportJSON
import Testing

@Suite struct SectionedRecordsTests {
    @Test func theFirstKindStreamsAndTheOthersWaitInKindOrder() {
        var sections = SectionedRecords<[String]>()
        var losses = LossReport()
        var streamed: [String] = []
        let records: [Record] = [
            .task(TaskItem(description: "t1")), .citation(Citation(text: "c1")), .task(TaskItem(description: "t2")),
            .bookmark(Bookmark(text: "https://a.org")), .citation(Citation(text: "c2")),
        ]
        for record in records {
            switch sections.place(record, losses: &losses) {
            case .settings: Issue.record("no settings were given")
            case .opening(let kind): streamed.append("open \(kind.rawValue)")
            case .streaming: streamed.append("stream")
            case .holding(let kind):
                sections.hold(kind, make: { [] }) { section, isFirst in section.append(isFirst ? "first" : "next") }
            }
        }
        #expect(streamed == ["open task", "stream"])
        #expect(sections.isStreaming)
        let held = sections.takeHeld()
        #expect(held.map(\.kind) == [.citation, .bookmark])
        #expect(held.map(\.section) == [["first", "next"], ["first"]])
        #expect(sections.takeHeld().isEmpty)
        #expect(losses.isEmpty)
    }

    @Test func aSecondSettingsRecordReplacesTheFirstAndIsCounted() {
        var sections = SectionedRecords<[String]>()
        var losses = LossReport()
        var first = Settings()
        first.language = "en"
        var second = Settings()
        second.language = "fr"
        _ = sections.place(.settings(first), losses: &losses)
        #expect(losses.isEmpty)
        _ = sections.place(.settings(second), losses: &losses)
        #expect(sections.settings?.language == "fr")
        #expect(losses.records == [.settings: 1])
        #expect(!sections.isStreaming)
    }
}
