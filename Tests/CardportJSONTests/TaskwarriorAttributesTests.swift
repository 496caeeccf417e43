import CardportCore
@testable import CardportJSON
import CardportTestSupport
import Testing

/// What a task of `task export` becomes when it is read as a topic.
@Suite struct TaskwarriorAttributesTests {
    let format = TaskwarriorFormat()

    @Test func anyTaskReadsAsATopicWithKindTopics() throws {
        let records = try FormatHarness.read(format, """
            [
            {"id":1,"description":"Optics","due":"20240301T000000Z","entry":"20240102T100000Z","modified":"20240105T000000Z","status":"pending","uuid":"5c1f0a3e-9b7d-4e2a-8f61-3d2c7b9e4a10","tags":["on_hold","physics"],"priority":"H","annotations":[{"entry":"20240105T000000Z","description":"Lenses first"},{"entry":"20240105T000001Z","description":"https://example.org/optics"},{"entry":"20240105T000002Z","description":"Question: Why blue? Answer: Rayleigh"},{"entry":"20240105T000003Z","description":"and mirrors"}],"urgency":9.1}
            ]
            """, options: ReadOptions(kind: .topic))
        #expect(records == [.topic(Topic(
            id: TaskwarriorFormat.recordID(uuid: "5c1f0a3e-9b7d-4e2a-8f61-3d2c7b9e4a10"), title: "Optics",
            dueDate: Timestamp(year: 2024, month: 3, day: 1, isDateOnly: true), status: .onHold, notes: "Lenses first\nand mirrors",
            links: ["https://example.org/optics"], questions: [Question(text: "Why blue?", answer: "Rayleigh")],
            createdAt: Timestamp(year: 2024, month: 1, day: 2, hour: 10), updatedAt: Timestamp(year: 2024, month: 1, day: 5),
            extras: ["priority": "H", "tags": #"["physics"]"#, "taskwarrior_uuid": "5c1f0a3e-9b7d-4e2a-8f61-3d2c7b9e4a10"]))])
    }

    @Test func theMarkMakesATopicAndKindTasksOverridesIt() throws {
        let text = #"[{"description":"Optics","status":"pending","start":"20240105T000000Z","cardport_kind":"topic"}]"#
        guard case .topic(let topic)? = try FormatHarness.read(format, text).first else {
            Issue.record("not a topic")
            return
        }
        #expect(topic.status == .inProgress)
        #expect(topic.extras.isEmpty)
        guard case .task(let task)? = try FormatHarness.read(format, text, options: ReadOptions(kind: .task)).first else {
            Issue.record("not a task")
            return
        }
        #expect(task.extras == ["start": "20240105T000000Z"])
    }

    @Test func aTaskReadAsATopicWritesBackWhatItHad() throws {
        let input = try ByteInput(path: PackagePaths.sample("taskwarrior-export.json"))
        let topics = try format.makeReader(input, options: ReadOptions(kind: .topic)).readAll()
        let written = try FormatHarness.write(format, topics)
        let lines = written.text.split(separator: "\n")
        #expect(lines[1].contains(#""status":"pending""#) && lines[1].contains(#""start":"20240205T193012Z""#)
                && lines[1].contains(#""progress":40"#) && lines[1].contains(#""tags":["cardport_topic","exam","maths"]"#))
        #expect(lines[3].contains(#""status":"waiting""#) && lines[3].contains(#""wait":"20240301T000000Z""#))
        #expect(lines[4].contains(#""status":"completed""#) && lines[4].contains(#""end":"20240204T211500Z""#))
        #expect(written.losses.isEmpty)
    }

    @Test(arguments: [
        ("Question: Why?", Question(text: "Why?")),
        ("Question (done): Why? Answer: Because", Question(text: "Why?", answer: "Because", isDone: true)),
        ("Question: A? Answer: B Answer: C", Question(text: "A?", answer: "B Answer: C")),
    ])
    func readsTheQuestionsTheWriterWrites(_ text: String, _ question: Question) {
        #expect(TaskwarriorAttributes.question(text) == question)
    }

    @Test func otherAnnotationsAreNotQuestions() {
        #expect(TaskwarriorAttributes.question("Questions remain") == nil)
    }
}
