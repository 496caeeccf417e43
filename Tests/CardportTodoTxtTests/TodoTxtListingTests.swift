import CardportCore
import CardportTestSupport
@testable import CardportTodoTxt
import Foundation
import Testing

/// Random tasks, awkward text and all, written as todo.txt and listed by todo.txt's own tool: it
/// sees one task per task Cardport wrote, with the priorities Cardport gave them.
@Suite struct TodoTxtListingTests {
    @Test(arguments: 1...4)
    func todoTxtListsEveryRandomTask(_ seed: UInt64) throws {
        guard let program = ExternalProgram.find("todo-txt", "todo.sh", package: "todotxt-cli") else { return }
        var rng = SplitRandom(seed: seed)
        var tasks = RandomCards.randomLibrary(using: &rng, kinds: [.task]).tasks
        for index in tasks.indices where index % 2 == 0 { tasks[index].extras["priority"] = ["A", "B", "M"][index % 3] }
        let written = try FormatHarness.write(TodoTxtFormat(), tasks.map(Record.task))
        let scratch = try TemporaryDirectory()
        _ = try scratch.write("todo.txt", written.text)
        let config = try scratch.write("config", """
            export TODO_DIR="\(scratch.path)"
            export TODO_FILE="$TODO_DIR/todo.txt"
            export DONE_FILE="$TODO_DIR/done.txt"
            export REPORT_FILE="$TODO_DIR/report.txt"

            """)
        let listed = try ExternalProgram.run(program, ["-d", config, "-p", "ls"], environment: ["HOME": scratch.path])
        #expect(listed.status == 0, "todo-txt ls failed: \(listed.errors)")
        let lines = written.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(listed.output.hasSuffix("TODO: \(lines.count) of \(lines.count) tasks shown\n"), "\(listed.output)")
        for letter in ["A", "B"] {
            let byPriority = try ExternalProgram.run(program, ["-d", config, "-p", "listpri", letter], environment: ["HOME": scratch.path])
            let expected = lines.filter { $0.hasPrefix("(\(letter)) ") }.count
            #expect(byPriority.output.hasSuffix("TODO: \(expected) of \(lines.count) tasks shown\n"), "\(byPriority.output)")
        }
    }
}
