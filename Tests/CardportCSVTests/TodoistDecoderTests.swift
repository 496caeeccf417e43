import CardportCore
import CardportCSV
import CardportTestSupport
import Foundation
import Testing

@Suite struct TodoistDecoderTests {
    let format = CSVFormat(dialect: .todoist)

    func sample() throws -> String {
        try String(contentsOfFile: PackagePaths.sample("todoist.csv"), encoding: .utf8)
    }

    /// What a Todoist CSV holds: a task's description, a topic's title and notes.
    static func kept(_ library: Library) -> Library {
        Library(tasks: library.tasks.map { TaskItem(description: $0.description) },
                topics: library.topics.map { Topic(title: $0.title, notes: $0.notes) })
    }

    @Test func conformsToTheFormatContract() async {
        let header = CSVDialect.todoist.header.joined(separator: ",")
        await FormatConformance.check(format, brokenInput: "\(header)\ntask,\"x,,4,1,,,,,\n", project: TodoistDecoderTests.kept)
    }

    @Test func readsSectionsAsTopicsAndTasksWithTheirNotes() throws {
        let records = try FormatHarness.read(format, try sample())
        #expect(records.map(\.kind) == [.topic, .task, .task, .task, .topic, .task])
        #expect(records[0] == .topic(Topic(title: "Linear algebra", notes: "Chapters 1-4 of Strang")))
        #expect(records[1] == .task(TaskItem(description: "Watch lecture 3: elimination with matrices", extras: [
            "PRIORITY": "2", "AUTHOR": "Ana (41234567)", "DATE": "every monday", "DATE_LANG": "en",
            "TIMEZONE": "Europe/Lisbon", "DURATION": "50", "DURATION_UNIT": "minute",
            "notes": "Lecture notes are on the course page.",
        ])))
        #expect(records[3] == .task(TaskItem(description: "Check answers with the solutions manual",
                                             extras: ["INDENT": "2", "AUTHOR": "Ana (41234567)"])))
        #expect(records[5] == .task(TaskItem(description: "Read \"Bayes' rule\" notes", extras: [
            "PRIORITY": "3", "AUTHOR": "Ana (41234567)", "DATE": "tomorrow", "DATE_LANG": "en", "TIMEZONE": "Europe/Lisbon",
        ])))
        #expect(try FormatHarness.read(CSVFormat(), try sample()) == records)
        // Some exports separate rows with empty lines instead of rows of commas.
        let spaced = try sample().replacingOccurrences(of: ",,,,,,,,,,,\r\n", with: "\r\n")
        #expect(try FormatHarness.read(CSVFormat(), spaced) == records)
    }

    @Test func writesWhatItReadsBack() throws {
        let records = try FormatHarness.read(format, try sample())
        let written = try FormatHarness.write(format, records)
        #expect(written.losses.fields == ["task.extras": 2])
        let again = try FormatHarness.read(format, written.text)
        let withoutDuration = records.map { record -> Record in
            guard case .task(var task) = record else { return record }
            task.extras["DURATION"] = nil
            task.extras["DURATION_UNIT"] = nil
            return .task(task)
        }
        #expect(again == withoutDuration)
        #expect(written.text.hasPrefix("""
            TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE\r
            section,Linear algebra,Chapters 1-4 of Strang,,,,,,,\r
            task,Watch lecture 3: elimination with matrices,,2,1,Ana (41234567),,every monday,en,Europe/Lisbon\r
            note,Lecture notes are on the course page.,,,,,,,,\r

            """))
    }

    @Test func countsWhatTodoistCannotHold() throws {
        let topic = Topic(title: "T", dueDate: Timestamp(parsing: "2024-01-01"), status: .done, links: ["l"],
                          questions: [Question(text: "q")])
        let written = try FormatHarness.write(format, [.topic(topic), .task(TaskItem(id: "x", description: "D", progress: .done))])
        #expect(written.losses.fields == ["topic.due": 1, "topic.status": 1, "topic.links": 1, "topic.questions": 1,
                                          "task.progress": 1, "task.id": 1])
    }

    @Test func reportsAnUnknownRowType() throws {
        let header = CSVDialect.todoist.header.joined(separator: ",")
        let error = try #require(FormatHarness.error(reading: "\(header)\nproject,x,,,,,,,,\n", as: format))
        #expect(error.message == "'project' is not a Todoist row type")
        #expect(error.isRecoverable)
    }
}
