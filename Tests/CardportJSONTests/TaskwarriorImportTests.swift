import CardportCore
@testable import CardportJSON
import CardportTestSupport
import Foundation
import Testing

/// Random libraries, awkward text and all, written as Taskwarrior JSON and imported by Taskwarrior
/// itself: it takes every task Cardport writes, and gives back what Cardport wrote.
@Suite struct TaskwarriorImportTests {
    let format = TaskwarriorFormat()

    @Test(arguments: 1...20)
    func taskImportsEveryRandomLibrary(_ seed: UInt64) throws {
        guard let task = ExternalProgram.find("task", package: "taskwarrior") else { return }
        var rng = SplitRandom(seed: seed)
        let library = RandomCards.randomLibrary(using: &rng, kinds: [.task, .topic])
        let written = try FormatHarness.write(format, library.records)
        let scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: scratch.file("data"), withIntermediateDirectories: true)
        let file = try scratch.write("tasks.json", written.text)
        let rc = try scratch.write("taskrc", "data.location=\(scratch.file("data"))\n")
        let environment = ["TASKDATA": scratch.file("data"), "TASKRC": rc]
        let imported = try ExternalProgram.run(task, ["rc.confirmation=off", "rc.hooks=off", "import", file], environment: environment)
        #expect(imported.status == 0, "task import failed: \(imported.errors)\n\(written.text)")
        let exported = try ExternalProgram.run(task, ["rc.verbose=nothing", "export"], environment: environment)
        #expect(exported.status == 0)
        // What Taskwarrior holds reads back as what Cardport wrote (Taskwarrior sorts by urgency).
        let expected = try FormatHarness.read(format, written.text)
        let actual = try FormatHarness.read(format, exported.output)
        #expect(actual.count == expected.count)
        #expect(Set(actual.map(\.id)) == Set(expected.map(\.id)))
        let byID = Dictionary(expected.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for record in actual {
            guard let original = byID[record.id] else { continue }
            switch (record, original) {
            case (.task(let back), .task(let sent)):
                #expect(back.description == sent.description)
                #expect(back.progress == sent.progress)
                #expect(back.createdAt == sent.createdAt || sent.createdAt == nil)
            case (.topic(let back), .topic(let sent)):
                #expect(back.title == sent.title)
                #expect(back.status == sent.status)
                #expect(back.dueDate == sent.dueDate)
                #expect(back.notes == sent.notes)
                #expect(back.links == sent.links)
                #expect(back.questions == sent.questions)
            default:
                Issue.record("\(record.kind) came back for a \(original.kind)")
            }
        }
    }
}
