import CardportCore
@testable import CardportJSON
import CardportTestSupport
import Foundation
import Testing

@Suite struct TaskwarriorFormatTests {
    let format = TaskwarriorFormat()

    @Test func conformsToTheFormatContract() async {
        await FormatConformance.check(
            format, brokenInput: "[\n{\"uuid\":\"not-a-uuid\",\"status\":\"pending\",\"description\":\"a\"}\n]\n",
            project: { library in
                Library(tasks: library.tasks.compactMap(TaskwarriorFormatTests.projected),
                        topics: library.topics.compactMap(TaskwarriorFormatTests.projected))
            })
    }

    /// A date as it comes back: UTC and whole seconds, and none at all when Taskwarrior would crash on it.
    static func projected(_ date: Timestamp?) -> Timestamp? {
        date.flatMap { TaskwarriorDate.isImportable($0) ? TaskwarriorDate.normalised($0) : nil }
    }

    /// A task as it comes back: with Taskwarrior's uuid and dates, a start date when partly done and
    /// an end date when done.
    static func projected(_ task: TaskItem) -> TaskItem? {
        guard !task.description.allSatisfy(\.isWhitespace) else { return nil }
        let uuid = TaskwarriorFormat.uuid(id: task.id, extras: task.extras)
        var extras = task.extras
        extras[TaskwarriorFormat.uuidKey] = uuid
        let created = projected(task.createdAt), updated = projected(task.updatedAt)
        if (1...99).contains(task.progress.percent), let start = updated ?? created { extras["start"] = TaskwarriorDate.text(start) }
        if task.isDone, let end = updated { extras["end"] = TaskwarriorDate.text(end) }
        return TaskItem(id: TaskwarriorFormat.recordID(uuid: uuid), description: task.description, progress: task.progress,
                        createdAt: created, updatedAt: updated, extras: extras)
    }

    /// A topic as it comes back: Taskwarrior's uuid and dates, and "in progress" only when there was
    /// a date to start it at.
    static func projected(_ topic: Topic) -> Topic? {
        guard !topic.title.allSatisfy(\.isWhitespace) else { return nil }
        let uuid = TaskwarriorFormat.uuid(id: topic.id, extras: topic.extras)
        var extras = topic.extras
        extras[TaskwarriorFormat.uuidKey] = uuid
        let created = projected(topic.createdAt), updated = projected(topic.updatedAt)
        var status = topic.status
        if status == .inProgress, updated == nil, created == nil { status = .unstarted }
        // Formats.md: an annotation that is one word with `://` is a link, the others are the notes,
        // joined by line breaks; so a `mailto:` link comes back as a line of the notes.
        let links = topic.links.filter { $0.contains("://") && !$0.contains(where: \.isWhitespace) }
        let notes = ([topic.notes].compactMap { $0 } + topic.links.filter { !links.contains($0) }).joined(separator: "\n")
        // A due date at midnight UTC reads back as that day.
        let due = topic.dueDate.flatMap { TaskwarriorDate.isImportable($0) ? TaskwarriorDate.due($0) : nil }
        return Topic(id: TaskwarriorFormat.recordID(uuid: uuid), title: topic.title, dueDate: due,
                     status: status, notes: notes.isEmpty ? nil : notes, links: links, questions: topic.questions,
                     createdAt: created, updatedAt: updated, extras: extras)
    }

    @Test func aLinkThatReadsBackAsANoteIsCounted() throws {
        let topic = Topic(title: "T", links: ["mailto:a@example.org", "https://example.org/"])
        let written = try FormatHarness.write(format, [.topic(topic)])
        let read = try FormatHarness.read(format, written.text)
        #expect(read.count == 1)
        if case .topic(let back) = read.first {
            #expect(back.links == ["https://example.org/"])
            #expect(back.notes == "mailto:a@example.org")
        }
        // The link that comes back as a note is counted as a link lost.
        #expect(written.losses.fields["topic.links"] == 1, "\(written.losses.fields)")
    }

    @Test func readsTheSampleExport() throws {
        let input = try ByteInput(path: PackagePaths.sample("taskwarrior-export.json"))
        let tasks = try format.makeReader(input, options: ReadOptions()).readAll().compactMap { record -> TaskItem? in
            if case .task(let task) = record { task } else { nil }
        }
        #expect(tasks.map(\.description) == ["Revise linear algebra notes", "Email Prof. Álvarez about the seminar",
                                             "Buy a new notebook", "Read chapter 3 of \"Gödel, Escher, Bach\""])
        #expect(tasks.map(\.progress.percent) == [40, 0, 0, 100])
        #expect(tasks[0].createdAt == Timestamp(year: 2024, month: 2, day: 1, hour: 8, minute: 15))
        #expect(tasks[0].extras == [
            "taskwarrior_uuid": "5c1f0a3e-9b7d-4e2a-8f61-3d2c7b9e4a10", "due": "20240212T230000Z", "priority": "H",
            "project": "study.maths", "start": "20240205T193012Z", "tags": #"["exam","maths"]"#,
            "annotations": #"[{"entry":"20240203T120000Z","description":"Chapters 4 and 5 still to do"}]"#,
        ])
        #expect(tasks[2].extras["status"] == "waiting")
        #expect(tasks[2].extras["estimate"] == "15min")
        #expect(tasks[3].extras["end"] == "20240204T211500Z")
        #expect(tasks[0].id == TaskwarriorFormat.recordID(uuid: "5c1f0a3e-9b7d-4e2a-8f61-3d2c7b9e4a10"))
    }

    @Test func readsJSONLinesAsTaskExportPrintsThemWithoutAnArray() throws {
        let records = try FormatHarness.read(format, """
            {"id":1,"description":"a","entry":"20240101T000000Z","status":"pending","uuid":"11111111-2222-4333-8444-555555555555","urgency":0.8}
            {"id":0,"description":"b","status":"completed","uuid":"11111111-2222-4333-8444-555555555556"}

            """)
        #expect(records.count == 2)
        guard case .task(let second) = records.last else { Issue.record("no task"); return }
        #expect(second.isDone)
    }

    @Test func writesWhatTaskImportReads() throws {
        let written = try FormatHarness.write(format, [
            .task(TaskItem(description: "Half done", progress: try TaskProgress(percent: 50),
                           createdAt: Timestamp(year: 2024, month: 1, day: 2, hour: 10),
                           updatedAt: Timestamp(year: 2024, month: 1, day: 3, hour: 10))),
            .task(TaskItem(description: "Done", progress: .done, updatedAt: Timestamp(year: 2024, month: 1, day: 4),
                           extras: ["priority": "B", "tags": #"["x"]"#, "wait": "2024-05-01", "bad key": "v"])),
            .topic(Topic(title: "Optics", dueDate: Timestamp(year: 2024, month: 3, day: 1, isDateOnly: true), status: .onHold,
                         notes: "Lenses", links: ["https://example.org/optics"],
                         questions: [Question(text: "Why blue?", answer: "Rayleigh", isDone: true)],
                         updatedAt: Timestamp(year: 2024, month: 1, day: 5))),
        ])
        let half = TaskwarriorFormat.uuid(id: RecordID.task(description: "Half done"), extras: [:])
        let done = TaskwarriorFormat.uuid(id: RecordID.task(description: "Done"), extras: [:])
        let optics = TaskwarriorFormat.uuid(id: RecordID.topic(title: "Optics"), extras: [:])
        #expect(written.text == """
            [
            {"uuid":"\(half)","status":"pending","description":"Half done","entry":"20240102T100000Z","modified":"20240103T100000Z","start":"20240103T100000Z","progress":50},
            {"uuid":"\(done)","status":"completed","description":"Done","modified":"20240104T000000Z","end":"20240104T000000Z","tags":["x"],"priority":"M","wait":"20240501T000000Z"},
            {"uuid":"\(optics)","status":"pending","description":"Optics","modified":"20240105T000000Z","due":"20240301T000000Z","tags":["cardport_topic","on_hold"],"annotations":[{"entry":"20240105T000000Z","description":"Lenses"},{"entry":"20240105T000001Z","description":"https://example.org/optics"},{"entry":"20240105T000002Z","description":"Question (done): Why blue? Answer: Rayleigh"}]}
            ]

            """)
        // The ids, the bad key, `B` written as `M`, the day of `wait` written as an instant.
        #expect(written.losses.fields == ["task.id": 2, "task.extras": 1, "task.priority": 1, "task.wait": 1, "topic.id": 1])
    }

    @Test func keepsADueDayAndCountsWhatReadsBackOtherwise() throws {
        let day = try #require(Timestamp(parsing: "2024-02-15"))
        let zoned = try #require(Timestamp(parsing: "2024-02-04T09:05:00+01:00"))
        let written = try FormatHarness.write(format, [
            .task(TaskItem(description: "Revise", createdAt: day, extras: ["due": "2024-02-12", "priority": "A"])),
            .topic(Topic(title: "Stoic ethics", dueDate: day, createdAt: zoned)),
        ])
        #expect(written.text.contains(#""entry":"20240204T080500Z","due":"20240215T000000Z""#))
        #expect(written.text.contains(#""entry":"20240215T000000Z","due":"20240212T000000Z""#))
        // A day as `entry` reads back as its midnight, a zone as UTC, `A` as `H`; the ids as the uuids' ids.
        #expect(written.losses.fields == ["task.created_at": 1, "task.priority": 1, "task.id": 1, "topic.created_at": 1, "topic.id": 1])
        let read = try FormatHarness.read(format, written.text)
        guard read.count == 2, case .task(let task) = read[0], case .topic(let topic) = read[1] else {
            Issue.record("expected a task and a topic, read \(read)")
            return
        }
        #expect(task.extras["due"] == "2024-02-12")
        #expect(topic.dueDate == day)
        #expect(topic.createdAt == TaskwarriorDate.normalised(zoned))
    }

    @Test func aDueDateAtAnotherTimeStaysAnInstant() throws {
        let records = try FormatHarness.read(format, #"[{"uuid":"11111111-2222-4333-8444-555555555555","status":"pending","description":"a","due":"20240211T230000Z","tags":["cardport_topic"]}]"#)
        let due = records.first.flatMap { record -> Timestamp? in if case .topic(let t) = record { t.dueDate } else { nil } }
        #expect(due == Timestamp(year: 2024, month: 2, day: 11, hour: 23))
    }

    @Test func countsWhatTaskwarriorWouldRefuseInsteadOfWritingIt() throws {
        let written = try FormatHarness.write(format, [
            .task(TaskItem(description: "a", extras: ["due": "next tuesday", "status": "started", "priority": "urgent",
                                                      "annotations": #"[{"entry":"soon","description":"x"}]"#])),
            .task(TaskItem(description: "   ")),
        ])
        #expect(!written.text.contains("next tuesday"))
        #expect(!written.text.contains("started"))
        #expect(!written.text.contains("urgent"))
        #expect(written.losses.fields == ["task.due": 1, "task.status": 1, "task.priority": 1, "task.annotations": 1, "task.id": 1])
        #expect(written.losses.records == [.task: 1])
    }

    @Test func datesTaskwarriorWouldCrashOnAreCountedNotWritten() throws {
        let early = Timestamp(year: 1979, month: 12, day: 31, hour: 23, minute: 59, second: 59)!
        let written = try FormatHarness.write(format, [
            .task(TaskItem(description: "Old", progress: try TaskProgress(percent: 50), createdAt: early,
                           updatedAt: Timestamp(year: 1980, month: 1, day: 1), extras: ["due": "19000101T000000Z"])),
        ])
        #expect(!written.text.contains("1979"))
        #expect(!written.text.contains("1900"))
        #expect(written.text.contains(#""modified":"19800101T000000Z","start":"19800101T000000Z""#))
        #expect(written.losses.fields == ["task.created_at": 1, "task.due": 1, "task.id": 1])
    }

    @Test func readsTheControlCharactersTaskExportLeavesUnescaped() throws {
        let records = try FormatHarness.read(format, "[\n{\"description\":\"a\u{1}b\tc\",\"status\":\"pending\"}\n]\n")
        guard case .task(let task)? = records.first else {
            Issue.record("no task")
            return
        }
        #expect(task.description == "a\u{1}b\tc")
        #expect(FormatHarness.error(reading: "[{\"description\":\"a\nb\"}]", as: format)?.message == "a string runs past the end of the line")
    }

    @Test func theUUIDIsStableAndKeptWhenTheTaskCameFromTaskwarrior() {
        let derived = TaskwarriorFormat.uuid(id: "my-task", extras: [:])
        #expect(derived == TaskwarriorFormat.uuid(id: "my-task", extras: [:]))
        #expect(derived == UUIDv5.make(namespace: TaskwarriorFormat.uuidNamespace, name: "my-task"))
        #expect(Array(derived)[14] == "5")
        #expect(TaskwarriorFormat.uuid(id: "my-task", extras: [TaskwarriorFormat.uuidKey: "5C1F0A3E-9B7D-4E2A-8F61-3D2C7B9E4A10"])
                == "5c1f0a3e-9b7d-4e2a-8f61-3d2c7b9e4a10")
    }

    @Test func aProgressBetweenStepsIsRoundedToTheNearestAndCounted() throws {
        let reader = try format.makeReader(try ByteInput(bytes: Array("""
            [{"description":"a","progress":33},{"description":"b","progress":"42.5"},{"description":"c","progress":50}]
            """.utf8), name: "t.json"), options: ReadOptions())
        var percents: [Int] = []
        while let record = try reader.next() {
            if case .task(let task) = record { percents.append(task.progress.percent) }
        }
        #expect(percents == [35, 45, 50])
        #expect(reader.notes[TaskProgress.roundedNote] == 2)
    }

    @Test func badValuesAreRecoverableErrorsAtTheirValue() throws {
        let error = FormatHarness.error(reading: """
            [{"uuid":"11111111-2222-4333-8444-555555555555","status":"pending","description":"a","progress":133}]
            """, as: format)
        #expect(error?.message == "\"progress\" must be a number from 0 to 100, not 133")
        #expect(error?.location?.column == 97)
        #expect(error?.isRecoverable == true)
        #expect(FormatHarness.error(reading: #"[{"description":"a","entry":"2024-13-01"}]"#, as: format)?.message
                == "\"2024-13-01\" is not a Taskwarrior date")
        #expect(FormatHarness.error(reading: #"[{"status":"pending"}]"#, as: format)?.message == "a task needs a \"description\"")
    }

    @Test func sniffsTaskExportOutput() {
        #expect(format.sniff(Array(#"[\#n{"id":1,"description":"a","status":"pending","uuid":"x"}"#.utf8)) == .certain)
        #expect(format.sniff(Array(#"{"description":"a","status":"pending","uuid":"x"}"#.utf8)) == .certain)
        #expect(format.sniff(Array(#"[{"quote":"a"}]"#.utf8)) == .no)
    }

    @Test func writesContextsAsTagsAndLeavesTheTagWordsOutOfTheDescription() throws {
        let uuid = "6dbe409b-94c6-41a6-ae2e-23cbe64fdddd"
        let task = TaskItem(id: TaskwarriorFormat.recordID(uuid: uuid), description: "Revise integrals +exam +maths @desk",
                            extras: ["tags": #"["exam","maths"]"#, "contexts": #"["desk"]"#, TaskwarriorFormat.uuidKey: uuid])
        let written = try FormatHarness.write(format, [.task(task)])
        #expect(written.text == """
            [
            {"uuid":"\(uuid)","status":"pending","description":"Revise integrals","tags":["exam","maths","@desk"]}
            ]

            """)
        // The words move from the text to the tags: the description reads back without them.
        #expect(written.losses.fields == ["task.description": 1])
        // A tag word in the middle of the text stays there.
        let middle = TaskItem(description: "Call +mum about the party", extras: ["tags": #"["mum"]"#])
        #expect(try FormatHarness.write(format, [.task(middle)]).text.contains(#""description":"Call +mum about the party""#))
    }

    @Test func readsContextTagsAsContextsAndTheTopicTagAsATopic() throws {
        let text = """
            [
            {"uuid":"6dbe409b-94c6-41a6-ae2e-23cbe64fdddd","status":"pending","description":"Revise","tags":["exam","@desk"]},
            {"uuid":"6d618a8d-0a4b-45a4-900a-698fff1d9175","status":"pending","description":"Optics","tags":["cardport_topic"]},
            {"uuid":"11111111-2222-4333-8444-555555555555","status":"pending","description":"Old","cardport_kind":"topic"}
            ]
            """
        let records = try FormatHarness.read(format, text)
        guard case .task(let task) = records[0] else { Issue.record("not a task"); return }
        #expect(task.extras == ["tags": #"["exam"]"#, "contexts": #"["desk"]"#,
                                TaskwarriorFormat.uuidKey: "6dbe409b-94c6-41a6-ae2e-23cbe64fdddd"])
        guard case .topic(let topic) = records[1], case .topic(let old) = records[2] else { Issue.record("not topics"); return }
        #expect(topic.title == "Optics" && topic.extras["tags"] == nil)
        #expect(old.title == "Old")
    }
}
