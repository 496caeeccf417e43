import CardportTestSupport
import Foundation
import Testing

/// Cardport's Taskwarrior JSON, checked by Taskwarrior itself: `task import` takes it, `task export`
/// gives the same tasks back, a second import changes nothing, and Taskwarrior's own export
/// round-trips through Cardport into an empty data directory.
@Suite struct TaskwarriorCLITests {
    /// A Taskwarrior with its own empty data directory and configuration file.
    struct Taskwarrior {
        let program: String
        let scratch: TemporaryDirectory
        let environment: [String: String]

        /// A Taskwarrior whose configuration file also holds `config` (UDA declarations, say).
        init?(config: String = "", sourceLocation: SourceLocation = #_sourceLocation) throws {
            guard let program = ExternalProgram.find("task", package: "taskwarrior", sourceLocation: sourceLocation) else {
                return nil
            }
            self.program = program
            scratch = try TemporaryDirectory()
            try FileManager.default.createDirectory(atPath: scratch.file("data"), withIntermediateDirectories: true)
            let rc = try scratch.write("taskrc", "data.location=\(scratch.file("data"))\n" + config)
            environment = ["TASKDATA": scratch.file("data"), "TASKRC": rc]
        }

        func run(_ arguments: [String]) throws -> ExternalProgram.Result {
            try ExternalProgram.run(program, ["rc.confirmation=off", "rc.hooks=off", "rc.verbose=nothing"] + arguments,
                                    environment: environment)
        }

        /// `task import FILE`, expecting success; returns the action word of each task (`add`, `mod`, `skip`).
        func importFile(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
            let result = try ExternalProgram.run(program, ["rc.confirmation=off", "rc.hooks=off", "import", path],
                                                 environment: environment)
            #expect(result.status == 0, "task import failed: \(result.errors)", sourceLocation: sourceLocation)
            var actions: [String] = []
            for line in result.output.split(separator: "\n") {
                let words = line.split(separator: " ").map(String.init)
                if words.count >= 2, words[1].count == 36 { actions.append(words[0]) }
            }
            return actions
        }

        /// `task export` as parsed JSON objects, sorted by description, without what Taskwarrior
        /// computes on every export (`id`, `urgency`).
        func export() throws -> [[String: String]] {
            let result = try run(["export"])
            let objects = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]] ?? []
            return objects.map { object in
                var flat: [String: String] = [:]
                for (key, value) in object where key != "id" && key != "urgency" {
                    if let text = value as? String {
                        flat[key] = text
                    } else if JSONSerialization.isValidJSONObject(value),
                              let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) {
                        flat[key] = String(decoding: data, as: UTF8.self)
                    } else {
                        flat[key] = "\(value)"
                    }
                }
                return flat
            }.sorted { $0["description"] ?? "" < $1["description"] ?? "" }
        }
    }

    static let library = """
        {"kind":"task","description":"Write the summary","progress":50,"created_at":"2024-01-02T10:00:00Z","updated_at":"2024-01-03T11:30:00Z"}
        {"kind":"task","description":"Read chapter 3","progress":100,"created_at":"2024-01-02T10:00:00Z","updated_at":"2024-01-04T09:15:00Z"}
        {"kind":"task","description":"Plan the week","progress":0,"created_at":"2024-01-02T10:00:00Z","updated_at":"2024-01-02T10:00:00Z","extras":{"priority":"A","tags":"[\\"planning\\"]","due":"2024-01-08"}}
        {"kind":"topic","title":"Linear algebra","due":"2024-02-01","status":"onHold","notes":"Chapters 1–3","links":["https://ocw.mit.edu/courses/18-06"],"questions":[{"text":"What is a basis?","answer":"A spanning independent set","done":true}],"created_at":"2024-01-02T10:00:00Z","updated_at":"2024-01-05T08:00:00Z"}
        {"kind":"topic","title":"Thermodynamics","status":"inProgress","created_at":"2024-01-06T10:00:00Z","updated_at":"2024-01-07T10:00:00Z"}
        {"kind":"topic","title":"Statistics","status":"done","created_at":"2024-01-06T10:00:00Z","updated_at":"2024-01-09T10:00:00Z"}

        """

    @Test func taskImportsCardportsExportAndExportsTheSameTasks() throws {
        guard let task = try Taskwarrior() else { return }
        let input = try task.scratch.write("library.jsonl", Self.library)
        let converted = try CLIRunner.run(["convert", input, "--to", "taskwarrior", "-o", task.scratch.file("tasks.json"), "-q"])
        #expect(converted.status == 0, "\(converted.stderr)")
        #expect(try task.importFile(task.scratch.file("tasks.json")) == Array(repeating: "add", count: 6))
        let exported = try task.export()
        #expect(exported.map { $0["description"] ?? "" }
                == ["Linear algebra", "Plan the week", "Read chapter 3", "Statistics", "Thermodynamics", "Write the summary"])
        let byName = Dictionary(uniqueKeysWithValues: exported.map { ($0["description"]!, $0) })
        #expect(byName["Write the summary"]?["status"] == "pending")
        #expect(byName["Write the summary"]?["start"] == "20240103T113000Z")
        #expect(Double(byName["Write the summary"]?["progress"] ?? "") == 50)
        #expect(byName["Write the summary"]?["entry"] == "20240102T100000Z")
        #expect(byName["Write the summary"]?["modified"] == "20240103T113000Z")
        #expect(byName["Read chapter 3"]?["status"] == "completed")
        #expect(byName["Read chapter 3"]?["end"] == "20240104T091500Z")
        #expect(byName["Plan the week"]?["status"] == "pending")
        #expect(byName["Plan the week"]?["start"] == nil)
        #expect(byName["Plan the week"]?["priority"] == "H")
        #expect(byName["Plan the week"]?["tags"] == #"["planning"]"#)
        #expect(byName["Plan the week"]?["due"] == "20240108T000000Z")
        #expect(byName["Linear algebra"]?["status"] == "pending")
        #expect(byName["Linear algebra"]?["tags"] == #"["cardport_topic","on_hold"]"#)
        #expect(byName["Linear algebra"]?["due"] == "20240201T000000Z")
        #expect(byName["Linear algebra"]?["annotations"] == #"""
            [{"description":"Chapters 1–3","entry":"20240105T080000Z"},{"description":"https:\/\/ocw.mit.edu\/courses\/18-06","entry":"20240105T080001Z"},{"description":"Question (done): What is a basis? Answer: A spanning independent set","entry":"20240105T080002Z"}]
            """#)
        #expect(byName["Thermodynamics"]?["start"] == "20240107T100000Z")
        #expect(byName["Statistics"]?["status"] == "completed")
        #expect(byName["Statistics"]?["end"] == "20240109T100000Z")
        // Every uuid is the one Cardport wrote.
        let written = try String(contentsOfFile: task.scratch.file("tasks.json"), encoding: .utf8)
        for object in exported { #expect(written.contains("\"uuid\":\"\(object["uuid"]!)\"")) }
    }

    @Test func topicsComeBackFromTaskwarriorAsTopics() throws {
        guard let task = try Taskwarrior() else { return }
        let input = try task.scratch.write("library.jsonl", Self.library)
        let converted = try CLIRunner.run(["convert", input, "--to", "taskwarrior", "-o", task.scratch.file("tasks.json"), "-q"])
        #expect(converted.status == 0, "\(converted.stderr)")
        _ = try task.importFile(task.scratch.file("tasks.json"))
        let exported = try task.scratch.write("export.json", try task.run(["export"]).output)
        let back = try CLIRunner.run(["convert", exported, "-o", "-", "--to", "jsonl", "-q"])
        #expect(back.status == 0, "\(back.stderr)")
        // The export is sorted by urgency; compare by title, without the uuids. Tasks stay tasks.
        #expect(back.stdout.split(separator: "\n").filter { $0.hasPrefix(#"{"kind":"task""#) }.count == 3)
        let lines = back.stdout.split(separator: "\n").filter { $0.hasPrefix(#"{"kind":"topic""#) }.map { line in
            String(line.replacing(/"id":"[0-9a-f-]{36}",/, with: "").replacing(/,"extras":\{"taskwarrior_uuid":"[0-9a-f-]{36}"\}/, with: ""))
        }.sorted()
        #expect(lines == [
            #"{"kind":"topic","title":"Linear algebra","due":"2024-02-01","status":"onHold","notes":"Chapters 1–3","links":["https://ocw.mit.edu/courses/18-06"],"questions":[{"text":"What is a basis?","answer":"A spanning independent set","done":true}],"created_at":"2024-01-02T10:00:00Z","updated_at":"2024-01-05T08:00:00Z"}"#,
            #"{"kind":"topic","title":"Statistics","status":"done","links":[],"questions":[],"created_at":"2024-01-06T10:00:00Z","updated_at":"2024-01-09T10:00:00Z"}"#,
            #"{"kind":"topic","title":"Thermodynamics","status":"inProgress","links":[],"questions":[],"created_at":"2024-01-06T10:00:00Z","updated_at":"2024-01-07T10:00:00Z"}"#,
        ])
    }

    @Test func importingTheSameExportTwiceOnlySkips() throws {
        guard let task = try Taskwarrior() else { return }
        let input = try task.scratch.write("library.jsonl", Self.library)
        // Converted twice, from scratch each time: the uuids come from the Cardport ids, not from chance.
        for name in ["first.json", "second.json"] {
            let converted = try CLIRunner.run(["convert", input, "--to", "taskwarrior", "-o", task.scratch.file(name), "-q"])
            #expect(converted.status == 0, "\(converted.stderr)")
        }
        #expect(try task.importFile(task.scratch.file("first.json")) == Array(repeating: "add", count: 6))
        let before = try task.export()
        #expect(try task.importFile(task.scratch.file("second.json")) == Array(repeating: "skip", count: 6))
        #expect(try task.export() == before)
    }

    @Test func taskExportRoundTripsThroughCardportIntoAnEmptyDataDirectory() throws {
        guard let source = try Taskwarrior(), let target = try Taskwarrior() else { return }
        for arguments in [
            ["add", "Revise linear algebra notes", "due:2024-02-12", "priority:H", "project:study.maths", "+exam", "+maths"],
            ["add", "Email Prof. Álvarez about the seminar", "+email"],
            ["add", "Buy a new notebook", "wait:2030-03-01"],
            ["add", "Read chapter 3 of \"Gödel, Escher, Bach\"", "+reading"],
        ] {
            let added = try source.run(arguments)
            #expect(added.status == 0, "task add failed: \(added.errors)")
        }
        for arguments in [["1", "start"], ["1", "annotate", "Chapters 4 and 5 still to do"], ["1", "modify", "progress:40"],
                          ["4", "done"]] {
            let changed = try source.run(arguments)
            #expect(changed.status == 0, "task \(arguments) failed: \(changed.errors)")
        }
        let exported = try source.run(["export"])
        let original = try source.scratch.write("export.json", exported.output)
        let converted = try CLIRunner.run(["convert", original, "-o", source.scratch.file("cardport.jsonl"), "-q"])
        #expect(converted.status == 0, "\(converted.stderr)")
        let back = try CLIRunner.run(["convert", source.scratch.file("cardport.jsonl"), "--to", "taskwarrior",
                                      "-o", source.scratch.file("back.json"), "-q"])
        #expect(back.status == 0, "\(back.stderr)")
        #expect(try target.importFile(source.scratch.file("back.json")) == Array(repeating: "add", count: 4))
        let expected = try source.export()
        #expect(expected.count == 4)
        #expect(try target.export() == expected)
    }

    @Test func declaredUserDefinedAttributesRoundTrip() throws {
        guard let task = try Taskwarrior(config: "uda.estimate.type=numeric\nuda.estimate.label=Estimate\n") else { return }
        let added = try task.run(["add", "Plan the essay", "estimate:3", "due:2030-05-01"])
        #expect(added.status == 0, "task add failed: \(added.errors)")
        let before = try task.export()
        let exported = try task.scratch.write("export.json", try task.run(["export"]).output)
        let converted = try CLIRunner.run(["convert", exported, "-o", task.scratch.file("cardport.jsonl"), "-q"])
        #expect(converted.status == 0, "\(converted.stderr)")
        #expect(try task.scratch.read("cardport.jsonl").contains(#""estimate":"3""#))
        let back = try CLIRunner.run(["convert", task.scratch.file("cardport.jsonl"), "--to", "taskwarrior",
                                      "-o", task.scratch.file("back.json"), "-q"])
        #expect(back.status == 0, "\(back.stderr)")
        // The numeric attribute goes back as the string "3", which Taskwarrior takes as the same value.
        #expect(try task.importFile(task.scratch.file("back.json")) == ["skip"])
        #expect(try task.export() == before)
    }

    @Test func whatTaskwarriorWouldRefuseIsCountedAndTheRestImports() throws {
        guard let task = try Taskwarrior() else { return }
        let input = try task.scratch.write("odd.jsonl", #"""
            {"kind":"task","description":"Odd values","progress":0,"created_at":"2024-01-02T10:00:00Z","updated_at":"2024-01-02T10:00:00Z","extras":{"due":"next tuesday","status":"started","priority":"urgent","wait":"soon","bad key":"x","annotations":"[{\"entry\":\"later\",\"description\":\"n\"}]"}}
            {"kind":"task","description":"   ","progress":50}

            """#)
        let converted = try CLIRunner.run(["convert", input, "--to", "taskwarrior", "-o", task.scratch.file("odd.json")])
        #expect(converted == CLIRunner.Result(status: 3, stdout: "", stderr: """
            read 2 records from \(input) (jsonl): 2 tasks
            wrote 2 records to \(task.scratch.file("odd.json")) (taskwarrior)
            dropped records the target cannot hold: 1 task
            dropped fields the target cannot hold: task.annotations (1), task.due (1), task.extras (2), task.id (1), task.priority (1), task.status (1)

            """))
        #expect(try task.importFile(task.scratch.file("odd.json")) == ["add"])
        let exported = try task.export()
        #expect(exported.count == 1)
        #expect(exported.first?["status"] == "pending")
        #expect(exported.first?["due"] == nil)
    }

    @Test func readsTheSampleExport() throws {
        let result = try CLIRunner.run(["convert", "Samples/taskwarrior-export.json", "-o", "-", "--to", "jsonl"])
        #expect(result.status == 0)
        #expect(result.stderr == """
            read 4 records from Samples/taskwarrior-export.json (taskwarrior): 4 tasks
            wrote 4 records to standard output (jsonl)

            """)
        #expect(result.stdout.split(separator: "\n").first == #"""
            {"kind":"task","id":"\#(try idOf("5c1f0a3e-9b7d-4e2a-8f61-3d2c7b9e4a10"))","description":"Revise linear algebra notes","progress":40,"created_at":"2024-02-01T08:15:00Z","updated_at":"2024-02-05T19:30:12Z","extras":{"annotations":"[{\"entry\":\"20240203T120000Z\",\"description\":\"Chapters 4 and 5 still to do\"}]","due":"20240212T230000Z","priority":"H","project":"study.maths","start":"20240205T193012Z","tags":"[\"exam\",\"maths\"]","taskwarrior_uuid":"5c1f0a3e-9b7d-4e2a-8f61-3d2c7b9e4a10"}}
            """#[...])
    }

    @Test func anInvalidStatusIsAnErrorWithItsLocation() throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("bad.json", """
            [
            {"uuid":"5c1f0a3e-9b7d-4e2a-8f61-3d2c7b9e4a10","status":"started","description":"x"}
            ]

            """)
        let result = try CLIRunner.run(["convert", input, "-o", scratch.file("out.jsonl")])
        #expect(result == CLIRunner.Result(status: 65, stdout: "", stderr: """
            \(input):2:57: error: "started" is not a Taskwarrior status
                2 | {"uuid":"5c1f0a3e-9b7d-4e2a-8f61-3d2c7b9e4a10","status":"started","description":"x"}
                  |                                                         ^
              hint: use one of completed, deleted, pending, recurring, waiting

            """))
    }

    /// The Cardport id a task read with this uuid gets (the tests cannot import CardportJSON, so ask the CLI).
    private func idOf(_ uuid: String) throws -> String {
        let result = try CLIRunner.run(["convert", "-", "--from", "taskwarrior", "--to", "jsonl", "-o", "-", "-q"],
                                       stdin: #"[{"uuid":"\#(uuid)","status":"pending","description":"x"}]"#)
        let line = result.stdout
        guard let range = line.range(of: #""id":""#) else { return "" }
        return String(line[range.upperBound...].prefix(36))
    }
}
