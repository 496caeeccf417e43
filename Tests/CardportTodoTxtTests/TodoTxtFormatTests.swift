import CardportCore
import CardportTestSupport
@testable import CardportTodoTxt
import Foundation
import PropertyBased
import Testing

@Suite struct TodoTxtFormatTests {
    let format = TodoTxtFormat()

    /// What todo.txt gives back for a task: one line of text, dates as dates, projects and contexts
    /// found in the text, the id derived from the description.
    static func projected(_ task: TaskItem) -> TaskItem? {
        var scalars = task.description.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }[...]
        while scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        let text = String(String.UnicodeScalarView(scalars))
        guard !text.allSatisfy(\.isWhitespace) else { return nil }
        var projects: [String] = [], contexts: [String] = []
        for word in text.split(separator: " ") where word.count > 1 {
            let name = String(word.dropFirst())
            if word.first == "+", !projects.contains(name) { projects.append(name) }
            if word.first == "@", !contexts.contains(name) { contexts.append(name) }
        }
        var extras: [String: String] = [:]
        if !projects.isEmpty { extras["tags"] = StringListExtra.text(projects) }
        if !contexts.isEmpty { extras["contexts"] = StringListExtra.text(contexts) }
        func day(_ date: Timestamp?) -> Timestamp? {
            date.map { let c = $0.components; return Timestamp(year: c.year, month: c.month, day: c.day, isDateOnly: true)! }
        }
        let created = task.isDone && task.updatedAt == nil ? nil : day(task.createdAt)
        return TaskItem(description: text, progress: task.progress, createdAt: created,
                        updatedAt: task.isDone ? day(task.updatedAt) : nil, extras: extras)
    }

    /// Libraries of tasks whose descriptions never start like a todo.txt prefix (`x`, `(A)`, a
    /// date): todo.txt has no escape, so such a text reads back as a prefix, a loss the writer counts
    /// (``countsATextThatReadsBackAsAPrefix()``) and the projection does not model. A `·` is put first.
    static let libraries = RandomCards.library(of: [.task]).map { library in
        var library = library
        func unprefixed(_ text: String) -> String {
            let line = text.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
                .replacingOccurrences(of: "\r", with: " ")
            let prefix = /^\u{FEFF}*(x|\([A-Z]\)|[0-9]{4}-[0-9]{2}-[0-9]{2})( |$)/
            return line.firstMatch(of: prefix) == nil ? text : "·" + text
        }
        library.tasks = library.tasks.map { var task = $0; task.description = unprefixed(task.description); return task }
        return library
    }

    @Test func conformsToTheFormatContract() async {
        await FormatConformance.check(format, brokenInput: "(A) Call Mum\nWrite progress:133\n", project: { library in
            Library(tasks: library.tasks.compactMap(TodoTxtFormatTests.projected))
        }, libraries: Self.libraries)
    }

    @Test func countsATextThatReadsBackAsAPrefix() throws {
        // `(A)` alone is a text, but with the progress written after it the line starts `(A) `.
        for (task, line) in [(TaskItem(description: "(A)", progress: try TaskProgress(percent: 45)), "(A) progress:45"),
                             (TaskItem(description: "x", extras: ["tags": #"["home"]"#]), "x +home"),
                             (TaskItem(description: "(B) call"), "(B) call")] {
            let written = try FormatHarness.write(format, [.task(task)])
            #expect(written.text == line + "\n")
            #expect(written.losses.fields.keys.contains("task.description"), "\(written.losses.fields)")
        }
    }

    @Test func readsTheSample() throws {
        let input = try ByteInput(path: PackagePaths.sample("todo.txt"))
        let tasks = try format.makeReader(input, options: ReadOptions()).readAll().compactMap { record -> TaskItem? in
            if case .task(let task) = record { task } else { nil }
        }
        #expect(tasks.count == 6)
        #expect(tasks[0] == TaskItem(description: "Revise linear algebra notes +maths @desk",
                                     createdAt: Timestamp(year: 2024, month: 2, day: 1, isDateOnly: true),
                                     extras: ["priority": "A", "tags": #"["maths"]"#, "contexts": #"["desk"]"#, "due": "2024-02-12"]))
        #expect(tasks[3].progress.percent == 25)
        #expect(tasks[4] == TaskItem(description: #"Read chapter 3 of "Gödel, Escher, Bach" +reading"#, progress: .done,
                                     createdAt: Timestamp(year: 2024, month: 1, day: 30, isDateOnly: true),
                                     updatedAt: Timestamp(year: 2024, month: 2, day: 4, isDateOnly: true),
                                     extras: ["priority": "C", "tags": #"["reading"]"#]))
        #expect(tasks[5].updatedAt == Timestamp(year: 2024, month: 2, day: 5, isDateOnly: true))
        #expect(tasks[5].createdAt == nil)
    }

    @Test func writesPrioritiesDatesTagsAndContexts() throws {
        let written = try FormatHarness.write(format, [
            .task(TaskItem(description: "Call Mum", createdAt: Timestamp(year: 2024, month: 1, day: 2, hour: 9),
                           extras: ["priority": "M", "tags": #"["family"]"#, "contexts": #"["phone"]"#, "due": "20240110T000000Z"])),
            .task(TaskItem(description: "Done with +family", progress: .done, createdAt: Timestamp(year: 2024, month: 1, day: 1, isDateOnly: true),
                           extras: ["priority": "A", "tags": #"["family"]"#, "project": "home"])),
            .task(TaskItem(description: "Two\nlines", progress: try TaskProgress(percent: 35))),
            .topic(Topic(title: "Optics", dueDate: Timestamp(year: 2024, month: 3, day: 1, isDateOnly: true), status: .inProgress,
                         links: ["https://a.example", "https://b.example"])),
        ])
        #expect(written.text == """
            (B) 2024-01-02 Call Mum +family @phone due:2024-01-10
            x Done with +family pri:A
            Two lines progress:35
            Optics kind:topic due:2024-03-01

            """)
        // "Call Mum" reads back with its `+family @phone` words; the topic keeps its id (from its title).
        #expect(written.losses.fields == [
            "task.created_at": 2, "task.extras": 1, "task.description": 2, "task.id": 2,
            "topic.status": 1, "topic.links": 2,
        ])
    }

    @Test func countsTextThatWouldReadBackAsAValue() throws {
        let written = try FormatHarness.write(format, [.task(TaskItem(description: "Ask about due:friday"))])
        #expect(written.text == "Ask about due:friday\n")
        #expect(written.losses.fields == ["task.description": 1])
    }

    @Test func sniffsTodoLinesAndLeavesClippingsToKindle() {
        #expect(format.sniff(Array("(A) 2024-01-02 Call Mum\n".utf8)) == .certain)
        #expect(format.sniff(Array("x 2024-01-05 Read\n".utf8)) == .certain)
        #expect(format.sniff(Array("Water the plants\n".utf8)) == .possible)
        #expect(format.sniff(Array("Dune (Frank Herbert)\n- Your Highlight on Location 1-2\n\nx\n==========\n".utf8)) == .no)
        #expect(format.sniff(Array("{\"a\":1}".utf8)) == .no)
    }

    @Test func readsATopicItWroteBackAsATopic() throws {
        let due = Timestamp(year: 2024, month: 3, day: 1, isDateOnly: true)
        let created = Timestamp(year: 2024, month: 1, day: 2, isDateOnly: true)
        let done = Timestamp(year: 2024, month: 1, day: 5, isDateOnly: true)
        let topics = [
            Topic(title: "Optics", dueDate: due, status: .done, createdAt: created, updatedAt: done),
            Topic(title: "Acoustics", extras: ["tags": #"["physics"]"#]),
        ]
        let written = try FormatHarness.write(format, topics.map(Record.topic))
        #expect(written.text == """
            x 2024-01-05 2024-01-02 Optics kind:topic due:2024-03-01
            Acoustics +physics kind:topic

            """)
        // The tag's word stays in the title read back, which changes its id too.
        #expect(written.losses.fields == ["topic.title": 1, "topic.id": 1])
        #expect(try FormatHarness.read(format, written.text) == [
            .topic(topics[0]),
            .topic(Topic(title: "Acoustics +physics", extras: ["tags": #"["physics"]"#])),
        ])
        #expect(try FormatHarness.read(format, written.text, options: ReadOptions(kind: .task)).map(\.kind) == [.task, .task])
    }

    @Test func keepsATaskwarriorUUIDAsAUUIDWord() throws {
        let uuid = "6dbe409b-94c6-41a6-ae2e-23cbe64fdddd"
        let id = RecordID.foreign(namespace: "taskwarrior", id: uuid)
        let task = TaskItem(id: id, description: "Revise integrals", extras: ["tags": #"["exam"]"#, "taskwarrior_uuid": uuid])
        let written = try FormatHarness.write(format, [.task(task)])
        #expect(written.text == "Revise integrals +exam uuid:\(uuid)\n")
        // The tag's word stays in the text read back.
        #expect(written.losses.fields == ["task.description": 1])
        let read = try FormatHarness.read(format, written.text)
        #expect(read == [.task(TaskItem(id: id, description: "Revise integrals +exam",
                                        extras: ["tags": #"["exam"]"#, "taskwarrior_uuid": uuid]))])
    }
}
