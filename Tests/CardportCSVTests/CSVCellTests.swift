import CardportCore
import CardportCSV
import CardportTestSupport
import Foundation
import PropertyBased
import Testing

/// The cell encodings, through the format: lists, questions, flags, progress and status.
@Suite struct CSVCellTests {
    let format = CSVFormat()

    func tags(_ cell: String) throws -> [String] {
        let records = try FormatHarness.read(format, "text,tags\nQ,\"\(cell.replacingOccurrences(of: "\"", with: "\"\""))\"\n")
        guard case .citation(let c) = records.first else { return [] }
        return c.tags
    }

    @Test func readsHandWrittenTagLists() throws {
        #expect(try tags("a; b ;c;;") == ["a", "b", "c"])
        #expect(try tags("C:\\notes;x\\y") == ["C:\\notes", "x\\y"])
        #expect(try tags("a\\;b;\\ c") == ["a;b", " c"])
        #expect(try tags("") == [])
    }

    @Test func readsFlagsProgressAndStatusAsPeopleWriteThem() throws {
        let flags = try FormatHarness.read(format, "text,favourite,archived\nA,Yes,0\nB,TRUE,n\nC,x,\n")
        #expect(flags.map { record -> [Bool] in
            guard case .citation(let c) = record else { return [] }
            return [c.isFavourite, c.isArchived]
        } == [[true, false], [true, false], [true, false]])
        let tasks = try FormatHarness.read(format, "description,progress\nA,\nB, 50% \nC,100\n")
        #expect(tasks.map { record -> Int in
            guard case .task(let t) = record else { return -1 }
            return t.progress.percent
        } == [0, 50, 100])
        let topics = try FormatHarness.read(format, "title,status\nA,On Hold\nB,in_progress\nC,DONE\nD,\n")
        #expect(topics.map { record -> Topic.Status? in
            guard case .topic(let t) = record else { return nil }
            return t.status
        } == [.onHold, .inProgress, .done, .unstarted])
    }

    @Test func readsHandWrittenQuestions() throws {
        let cell = "\"[x] What is it? => An answer => with an arrow\n[ ] Open question\nNo box\n\n[X] Done too\""
        let records = try FormatHarness.read(format, "title,questions\nT,\(cell)\n")
        guard case .topic(let topic) = records.first else { Issue.record("no topic"); return }
        #expect(topic.questions == [
            Question(text: "What is it?", answer: "An answer => with an arrow", isDone: true),
            Question(text: "Open question"), Question(text: "No box"), Question(text: "Done too", isDone: true),
        ])
    }

    @Test func keepsTopicsLinksAndQuestionsWhateverTheirText() async {
        await propertyCheck(count: 150, input: RandomCards.library(of: [.topic])) { library in
            var topics = library.topics
            for index in topics.indices {
                topics[index].links += ["a\nb", " spaced ", "back\\slash", "\\"]
                topics[index].questions.append(Question(text: " [x] a => b \\= ", answer: " c\nd => e ", isDone: true))
                topics[index].questions.append(Question(text: "=", answer: nil))
            }
            let records = topics.map(Record.topic)
            let written = try FormatHarness.write(format, records)
            #expect(written.losses.isEmpty || written.losses.fields.keys.allSatisfy { $0 == "topic.extras" })
            #expect(try FormatHarness.read(format, written.text) == records.compactMap(CSVCards.kept))
        }
    }
}
