import CardportTestSupport
import Foundation
import Testing

/// todo.txt written by Cardport, listed by todo.txt's own command-line tool, and `.txt` files told
/// apart from Kindle clippings by their content.
@Suite struct TodoTxtCLITests {
    static let tasks = """
        {"kind":"task","description":"Revise linear algebra notes","progress":0,"created_at":"2024-02-01","extras":{"priority":"A","tags":"[\\"maths\\"]","contexts":"[\\"desk\\"]","due":"2024-02-12"}}
        {"kind":"task","description":"Email Prof. Álvarez @email","progress":0,"extras":{"priority":"H"}}
        {"kind":"task","description":"Draft the essay outline","progress":25,"extras":{"contexts":"[\\"desk\\"]"}}
        {"kind":"task","description":"Read chapter 3","progress":100,"created_at":"2024-01-30","updated_at":"2024-02-04","extras":{"priority":"C","tags":"[\\"reading\\"]"}}
        {"kind":"topic","title":"Statistics","due":"2024-03-01","status":"onHold","notes":"Bayes first"}

        """

    /// `todo-txt` with a configuration of its own, over a directory that holds `todo.txt`.
    private func todo(_ arguments: [String], directory: String) throws -> ExternalProgram.Result? {
        guard let program = ExternalProgram.find("todo-txt", "todo.sh", package: "todotxt-cli") else { return nil }
        let config = directory + "/config"
        if !FileManager.default.fileExists(atPath: config) {
            try """
                export TODO_DIR="\(directory)"
                export TODO_FILE="$TODO_DIR/todo.txt"
                export DONE_FILE="$TODO_DIR/done.txt"
                export REPORT_FILE="$TODO_DIR/report.txt"

                """.write(toFile: config, atomically: true, encoding: .utf8)
        }
        return try ExternalProgram.run(program, ["-d", config, "-p"] + arguments,
                                       environment: ["TODOTXT_CFG_FILE": config, "HOME": directory])
    }

    @Test func todoTxtListsCardportsTasksWithTheirPrioritiesAndContexts() throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("tasks.jsonl", Self.tasks)
        let converted = try CLIRunner.run(["convert", input, "--to", "todotxt", "-o", scratch.file("todo.txt")])
        #expect(converted == CLIRunner.Result(status: 0, stdout: "", stderr: """
            read 5 records from \(input) (jsonl): 4 tasks, 1 topic
            wrote 5 records to \(scratch.file("todo.txt")) (todotxt)
            dropped fields the target cannot hold: task.description (3), task.id (3), topic.notes (1), topic.status (1)

            """))
        #expect(try scratch.read("todo.txt") == """
            (A) 2024-02-01 Revise linear algebra notes +maths @desk due:2024-02-12
            (A) Email Prof. Álvarez @email
            Draft the essay outline @desk progress:25
            x 2024-02-04 2024-01-30 Read chapter 3 +reading pri:C
            Statistics kind:topic due:2024-03-01

            """)
        guard let listed = try todo(["ls"], directory: scratch.path) else { return }
        #expect(listed.status == 0, "todo-txt ls failed: \(listed.errors)")
        #expect(listed.output == """
            1 (A) 2024-02-01 Revise linear algebra notes +maths @desk due:2024-02-12
            2 (A) Email Prof. Álvarez @email
            3 Draft the essay outline @desk progress:25
            5 Statistics kind:topic due:2024-03-01
            4 x 2024-02-04 2024-01-30 Read chapter 3 +reading pri:C
            --
            TODO: 5 of 5 tasks shown

            """)
        let priorities = try todo(["listpri", "A"], directory: scratch.path)
        #expect(priorities?.output == """
            1 (A) 2024-02-01 Revise linear algebra notes +maths @desk due:2024-02-12
            2 (A) Email Prof. Álvarez @email
            --
            TODO: 2 of 5 tasks shown

            """)
        #expect(try todo(["listcon"], directory: scratch.path)?.output == "@desk\n@email\n")
        #expect(try todo(["listproj"], directory: scratch.path)?.output == "+maths\n+reading\n")
        // And back: what todo.txt holds reads as the same tasks.
        let back = try CLIRunner.run(["convert", scratch.file("todo.txt"), "-o", "-", "--to", "jsonl", "-q"])
        #expect(back.stdout.split(separator: "\n").first
                == #"{"kind":"task","id":"\#(try idOf("Revise linear algebra notes +maths @desk"))","description":"Revise linear algebra notes +maths @desk","progress":0,"created_at":"2024-02-01","extras":{"contexts":"[\"desk\"]","due":"2024-02-12","priority":"A","tags":"[\"maths\"]"}}"#)
    }

    @Test func readsWhatTodoTxtWrites() throws {
        let scratch = try TemporaryDirectory()
        // todo-txt dates what it adds and completes with the day it runs: read the day before and after,
        // so a run across midnight accepts either date instead of failing.
        let dayBefore = Self.today()
        for arguments in [["-t", "add", "(B) Call Mum +family @phone due:2024-01-10"], ["add", "Water the plants @home"],
                          ["-a", "do", "2"], ["pri", "1", "A"]] {
            guard let result = try todo(arguments, directory: scratch.path) else { return }
            #expect(result.status == 0, "todo-txt \(arguments) failed: \(result.errors)")
        }
        let result = try CLIRunner.run(["convert", scratch.file("todo.txt"), "-o", "-", "--to", "jsonl", "-q"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        let days = Set([dayBefore, Self.today()])
        #expect(days.contains { today in
            lines.first?.contains(#""description":"Call Mum +family @phone","progress":0,"created_at":"\#(today)","extras":{"contexts":"[\"phone\"]","due":"2024-01-10","priority":"A","tags":"[\"family\"]"}}"#) == true
        }, "\(lines)")
        #expect(days.contains { today in
            lines.last?.contains(#""description":"Water the plants @home","progress":100,"updated_at":"\#(today)","extras":{"contexts":"[\"home\"]"}}"#) == true
        }, "\(lines)")
    }

    private static func today() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }

    @Test func txtFilesAreToldApartByContent() throws {
        let todo = try CLIRunner.run(["inspect", "Samples/todo.txt", "Samples/kindle-clippings.txt"])
        #expect(todo.status == 0)
        #expect(todo.stdout.hasPrefix("Samples/todo.txt: todotxt, 6 records (6 tasks)\nSamples/kindle-clippings.txt: kindle, 8 records (8 citations)\n"))
        let scratch = try TemporaryDirectory()
        let plain = try scratch.write("list.txt", "Water the plants @home\nCall the bank\n")
        #expect(try CLIRunner.run(["inspect", plain]).stdout == "\(plain): todotxt, 2 records (2 tasks)\n")
    }

    @Test func aProgressBetweenStepsIsRoundedAndCounted() throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("todo.txt", "(A) Call Mum\nWrite essay progress:33 @desk\nRevise progress:42.5\n")
        let output = scratch.file("out.jsonl")
        let result = try CLIRunner.run(["convert", input, "-o", output])
        #expect(result == CLIRunner.Result(status: 0, stdout: "", stderr: """
            read 3 records from \(input) (todotxt): 3 tasks
              progress rounded to a 5 % step: 2
            wrote 3 records to \(output) (jsonl)

            """))
        let written = try scratch.read("out.jsonl")
        #expect(written.contains(#""progress":35"#))
        #expect(written.contains(#""progress":45"#))
    }

    @Test func aProgressThatIsNoPercentageIsAnErrorWithItsLocation() throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("todo.txt", "(A) Call Mum\nWrite essay progress:130 @desk\n")
        let result = try CLIRunner.run(["convert", input, "-o", scratch.file("out.jsonl")])
        #expect(result == CLIRunner.Result(status: 65, stdout: "", stderr: """
            \(input):2:13: error: progress:130 is not a number from 0 to 100
                2 | Write essay progress:130 @desk
                  |             ^
              hint: progress is a percentage in steps of 5, e.g. progress:50

            """))
    }

    private func idOf(_ description: String) throws -> String {
        let result = try CLIRunner.run(["convert", "-", "--from", "jsonl", "--to", "jsonl", "-o", "-", "-q"],
                                       stdin: #"{"kind":"task","description":"\#(description)"}"#)
        guard let range = result.stdout.range(of: #""id":""#) else { return "" }
        return String(result.stdout[range.upperBound...].prefix(36))
    }
}
