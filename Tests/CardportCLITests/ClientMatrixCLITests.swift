import CardportTestSupport
import Foundation
import Testing

/// The client matrix: for each real program CI installs (Scripts/install-dependencies), Cardport's
/// output imported by the program, and the program's own export read back by Cardport, with the
/// same records; ids kept where the program has ids.
///
/// Expected records are written here as JSON Lines, or come from the program; a missing program
/// fails its test (``ExternalProgram/find(_:package:sourceLocation:)``), it is never skipped.
@Suite struct ClientMatrixCLITests {
    /// A citation, a bookmark and a task, with ids.
    static let library = """
        {"kind":"citation","id":"c1","text":"Know thyself.","author":"Socrates","tags":["greek"]}
        {"kind":"bookmark","id":"b1","name":"Pro Git","text":"https://git-scm.com/book","tags":["git","books"]}
        {"kind":"task","id":"t1","description":"Read chapter 3","progress":45}

        """

    /// ``library`` as Cardport reads it back from a format that holds every field.
    static let libraryBack = """
        {"kind":"citation","id":"c1","text":"Know thyself.","author":"Socrates","tags":["greek"],"favourite":false,"archived":false}
        {"kind":"bookmark","id":"b1","name":"Pro Git","text":"https://git-scm.com/book","tags":["git","books"]}
        {"kind":"task","id":"t1","description":"Read chapter 3","progress":45}
        """

    /// JSON Lines as sorted lines of sorted keys, made by Foundation; without `id` when `ids` is
    /// false, and without an empty `tags` list (no tags either way).
    static func normalised(_ lines: String, ids: Bool = true) throws -> [String] {
        try lines.split(separator: "\n").map { line in
            var object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
            if !ids { object["id"] = nil }
            if (object["tags"] as? [Any])?.isEmpty == true { object["tags"] = nil }
            return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
        }.sorted()
    }

    /// `cardport convert INPUT ARGS`, quiet, expecting success; returns standard output.
    static func convert(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try CLIRunner.run(["convert"] + arguments + ["-q"])
        #expect(result.status == 0, "cardport convert \(arguments) failed: \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// Runs a program found on `PATH` (a missing one is a recorded failure), expecting success.
    static func run(_ name: String, package: String, _ arguments: [String], environment: [String: String] = [:],
                    sourceLocation: SourceLocation = #_sourceLocation) throws -> String? {
        guard let program = ExternalProgram.find(name, package: package, sourceLocation: sourceLocation) else { return nil }
        let result = try ExternalProgram.run(program, arguments, environment: environment)
        #expect(result.status == 0, "\(name) \(arguments) failed: \(result.errors)", sourceLocation: sourceLocation)
        return result.output
    }

    // MARK: CSV

    @Test func millerReadsACSVOfSeveralKindsAsOneTableAndWritesItBack() throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("library.jsonl", Self.library)
        _ = try Self.convert([input, "-o", scratch.file("library.csv")])
        guard let json = try Self.run("mlr", package: "miller", ["--icsv", "--ojson", "cut", "-f", "kind,id,text,url,description",
                                                                 scratch.file("library.csv")]) else { return }
        let rows = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
        #expect(rows.map { "\($0["kind"]!) \($0["id"]!)" } == ["citation c1", "bookmark b1", "task t1"])
        #expect(rows.map { "\($0["text"]!)|\($0["url"]!)|\($0["description"]!)" }
                == ["Know thyself.||", "|https://git-scm.com/book|", "||Read chapter 3"])
        guard let csv = try Self.run("mlr", package: "miller", ["--csv", "cat", scratch.file("library.csv")]) else { return }
        let back = try scratch.write("miller.csv", csv)
        #expect(try Self.normalised(Self.convert([back, "--to", "jsonl", "-o", "-"])) == Self.normalised(Self.libraryBack))
    }

    @Test func pythonsDictReaderReadsACSVOfSeveralKindsAndDictWriterWritesItBack() throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("library.jsonl", Self.library)
        _ = try Self.convert([input, "-o", scratch.file("library.csv")])
        let script = try scratch.write("copy.py", """
            import csv, sys
            with open(sys.argv[1], newline="") as f:
                rows = list(csv.DictReader(f))
            print(";".join(r["kind"] + ":" + r["id"] for r in rows), file=sys.stderr)
            with open(sys.argv[2], "w", newline="") as f:
                writer = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
                writer.writeheader()
                writer.writerows(rows)
            print(";".join(r["kind"] + ":" + r["id"] for r in rows))
            """)
        guard let listed = try Self.run("python3", package: "python3", [script, scratch.file("library.csv"), scratch.file("python.csv")])
        else { return }
        #expect(listed == "citation:c1;bookmark:b1;task:t1\n")
        let back = try Self.convert([scratch.file("python.csv"), "--to", "jsonl", "-o", "-"])
        #expect(try Self.normalised(back) == Self.normalised(Self.libraryBack))
    }

    // MARK: YAML

    @Test func pyYAMLLoadsCardportsYAMLAndItsDumpReadsBack() throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("library.jsonl", Self.library)
        _ = try Self.convert([input, "--to", "yaml", "-o", scratch.file("library.yaml")])
        let script = try scratch.write("copy.py", """
            import sys, yaml
            data = yaml.safe_load(open(sys.argv[1]))
            yaml.safe_dump(data, open(sys.argv[2], "w"), allow_unicode=True)
            print(data["citations"][0]["id"], data["bookmarks"][0]["tags"], data["tasks"][0]["progress"])
            """)
        guard let printed = try Self.run("python3", package: "python3-yaml", [script, scratch.file("library.yaml"), scratch.file("dumped.yaml")])
        else { return }
        #expect(printed == "c1 ['git', 'books'] 45\n")
        let back = try Self.convert([scratch.file("dumped.yaml"), "--to", "jsonl", "-o", "-"])
        #expect(try Self.normalised(back) == Self.normalised(Self.libraryBack))
    }

    // MARK: XML

    @Test func xmllintFormatsCardportsXBELAndTheResultReadsBack() throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("library.jsonl", Self.library)
        _ = try? CLIRunner.run(["convert", input, "--to", "xbel", "-o", scratch.file("library.xbel"), "-q"])
        guard let formatted = try Self.run("xmllint", package: "libxml2-utils", ["--format", "--nonet", scratch.file("library.xbel")])
        else { return }
        let back = try scratch.write("formatted.xbel", formatted)
        #expect(try Self.convert([back, "--to", "jsonl", "-o", "-"]) == """
            {"kind":"bookmark","id":"b1","name":"Pro Git","text":"https://git-scm.com/book","tags":["git","books"]}

            """)
    }

    @Test func bukuImportsTheTagsOfCardportsXBELAndItsExportReadsBack() throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("bookmarks.jsonl", """
            {"kind":"bookmark","name":"Pro Git","text":"https://git-scm.com/book","tags":["git","books"]}
            {"kind":"bookmark","name":"Tom & Jerry","text":"https://example.org/?a=1&b=2","tags":["cartoons"]}
            {"kind":"bookmark","text":"https://example.com/plain"}

            """)
        _ = try Self.convert([input, "--to", "xbel", "-o", scratch.file("bookmarks.xbel")])
        guard let buku = try BukuDatabase(in: scratch) else { return }
        try buku.importFile(scratch.file("bookmarks.xbel"))
        let found = try buku.bookmarks()
        #expect(found["https://git-scm.com/book"].map { "\($0.title) \($0.tags.sorted())" } == "Pro Git [\"books\", \"git\"]")
        #expect(found["https://example.org/?a=1&b=2"].map { "\($0.title) \($0.tags)" } == "Tom & Jerry [\"cartoons\"]")
        #expect(found["https://example.com/plain"].map { "\($0.title) \($0.tags)" } == " []")
        let exported = try buku.run(["--tacit", "-e", scratch.file("buku.xbel")])
        #expect(exported.status == 0, "buku -e failed: \(exported.errors)")
        // buku sorts tags and has no ids of its own in XBEL.
        let back = try Self.convert([scratch.file("buku.xbel"), "--to", "jsonl", "-o", "-"])
        #expect(try Self.normalised(back, ids: false) == Self.normalised("""
            {"kind":"bookmark","name":"Pro Git","text":"https://git-scm.com/book","tags":["books","git"]}
            {"kind":"bookmark","name":"Tom & Jerry","text":"https://example.org/?a=1&b=2","tags":["cartoons"]}
            {"kind":"bookmark","text":"https://example.com/plain"}
            """))
    }

    // MARK: Markdown

    @Test func pandocRewritesCardportsMarkdownAndTheResultReadsBack() throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("library.jsonl", Self.library)
        _ = try Self.convert([input, "--to", "markdown", "-o", scratch.file("library.md")])
        guard try Self.run("pandoc", package: "pandoc", ["-f", "gfm", "-t", "gfm", scratch.file("library.md"),
                                                          "-o", scratch.file("pandoc.md")]) != nil else { return }
        // Markdown has no ids: they are derived from the content.
        let back = try Self.convert([scratch.file("pandoc.md"), "--from", "markdown", "--to", "jsonl", "-o", "-"])
        #expect(try Self.normalised(back, ids: false) == Self.normalised(Self.libraryBack, ids: false))
    }

    // MARK: Tasks

    /// A todo.sh configuration that keeps its files in `todo/` of `scratch`; returns its path.
    static func todoConfig(in scratch: TemporaryDirectory) throws -> String {
        try scratch.write("config", """
            export TODO_DIR=\(scratch.file("todo"))
            export TODO_FILE=$TODO_DIR/todo.txt
            export DONE_FILE=$TODO_DIR/done.txt
            export REPORT_FILE=$TODO_DIR/report.txt

            """)
    }

    @Test func todoTxtsOwnToolListsCardportsTasksAndItsAdditionsReadBack() throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("library.jsonl", Self.library)
        try FileManager.default.createDirectory(atPath: scratch.file("todo"), withIntermediateDirectories: true)
        _ = try Self.convert([input, "--kind", "task", "--to", "todotxt", "-o", scratch.file("todo/todo.txt")])
        let config = try Self.todoConfig(in: scratch)
        let environment = ["HOME": scratch.path]
        guard let listed = try Self.run("todo-txt", package: "todotxt-cli", ["-d", config, "-p", "ls"], environment: environment)
        else { return }
        #expect(listed == "1 Read chapter 3 progress:45\n--\nTODO: 1 of 1 tasks shown\n")
        _ = try Self.run("todo-txt", package: "todotxt-cli", ["-d", config, "-p", "add", "(A) Call mum +family @phone"],
                         environment: environment)
        let back = try Self.convert([scratch.file("todo/todo.txt"), "--to", "jsonl", "-o", "-"])
        #expect(try Self.normalised(back, ids: false) == Self.normalised("""
            {"kind":"task","description":"Read chapter 3","progress":45}
            {"kind":"task","description":"Call mum +family @phone","progress":0,"extras":{"priority":"A","tags":"[\\"family\\"]","contexts":"[\\"phone\\"]"}}
            """, ids: false))
    }

    @Test func todoTxtsOwnToolKeepsCardportsTopicsAndTheyReadBackAsTopics() throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("topics.jsonl", """
            {"kind":"topic","title":"Statistics","due":"2024-03-01","status":"unstarted"}
            {"kind":"topic","title":"Optics","status":"done","created_at":"2024-01-02","updated_at":"2024-01-05"}

            """)
        try FileManager.default.createDirectory(atPath: scratch.file("todo"), withIntermediateDirectories: true)
        _ = try Self.convert([input, "--to", "todotxt", "-o", scratch.file("todo/todo.txt")])
        let config = try Self.todoConfig(in: scratch)
        let environment = ["HOME": scratch.path]
        _ = try Self.run("todo-txt", package: "todotxt-cli", ["-d", config, "-p", "add", "Revise chapter 2 +maths"], environment: environment)
        guard let listed = try Self.run("todo-txt", package: "todotxt-cli", ["-d", config, "-p", "ls"], environment: environment)
        else { return }
        #expect(listed == """
            3 Revise chapter 2 +maths
            1 Statistics kind:topic due:2024-03-01
            2 x 2024-01-05 2024-01-02 Optics kind:topic
            --
            TODO: 3 of 3 tasks shown

            """)
        let back = try Self.convert([scratch.file("todo/todo.txt"), "--to", "jsonl", "-o", "-"])
        // todo.txt has no ids: they are derived from the titles and descriptions.
        #expect(try Self.normalised(back, ids: false) == Self.normalised("""
            {"kind":"topic","title":"Statistics","due":"2024-03-01","status":"unstarted","links":[],"questions":[]}
            {"kind":"topic","title":"Optics","status":"done","links":[],"questions":[],"created_at":"2024-01-02","updated_at":"2024-01-05"}
            {"kind":"task","description":"Revise chapter 2 +maths","progress":0,"extras":{"tags":"[\\"maths\\"]"}}
            """, ids: false))
    }

    @Test func taskwarriorToTodoTxtAndBackUpdatesTheSameTasks() throws {
        guard let task = try TaskwarriorCLITests.Taskwarrior() else { return }
        _ = try task.run(["add", "Revise integrals", "+exam", "+maths", "due:2026-12-01", "priority:H"])
        _ = try task.run(["add", "Buy milk"])
        let before = try task.export()
        let exported = try task.run(["export"])
        let taskFile = try task.scratch.write("export.json", exported.output)
        _ = try Self.convert([taskFile, "--from", "taskwarrior", "--to", "todotxt", "-o", task.scratch.file("todo.txt")])
        let todo = try task.scratch.read("todo.txt")
        for object in before {
            #expect(todo.contains("uuid:\(object["uuid"]!)"), "todo.txt lost the uuid of \(object["description"]!)")
        }
        _ = try Self.convert([task.scratch.file("todo.txt"), "--to", "taskwarrior", "-o", task.scratch.file("back.json")])
        #expect(try task.importFile(task.scratch.file("back.json")) == ["mod", "mod"])
        let after = try task.export()
        // The same tasks, by uuid, description and tags; Taskwarrior alone sets `modified`.
        #expect(after.map { [$0["uuid"], $0["description"], $0["tags"], $0["priority"], $0["due"]] }
                == before.map { [$0["uuid"], $0["description"], $0["tags"], $0["priority"], $0["due"]] })
        #expect(after.map { $0["description"] } == ["Buy milk", "Revise integrals"])
    }

    @Test func taskwarriorHasNoOrphanAttributesFromCardportAndKeepsContextsAsTags() throws {
        guard let task = try TaskwarriorCLITests.Taskwarrior() else { return }
        let todo = try task.scratch.write("todo.txt", "(A) Write report @desk +work\n")
        let topics = try task.scratch.write("topics.jsonl", #"{"kind":"topic","id":"p1","title":"Optics","status":"onHold"}"# + "\n")
        _ = try Self.convert([todo, "--to", "taskwarrior", "-o", task.scratch.file("tasks.json")])
        _ = try Self.convert([topics, "--to", "taskwarrior", "-o", task.scratch.file("topics.json")])
        #expect(try task.importFile(task.scratch.file("tasks.json")) == ["add"])
        #expect(try task.importFile(task.scratch.file("topics.json")) == ["add"])
        let udas = try task.run(["udas"])
        #expect(!udas.output.contains("Orphan"), "Taskwarrior lists orphan attributes: \(udas.output)")
        let exported = try task.export()
        #expect(exported.map { [$0["description"], $0["tags"]] } == [
            ["Optics", #"["cardport_topic","on_hold"]"#],
            ["Write report", #"["@desk","work"]"#],
        ])
        let back = try task.scratch.write("export.json", try task.run(["export"]).output)
        let read = try Self.convert([back, "--to", "todotxt", "-o", "-"])
        #expect(read.split(separator: "\n").map { $0.split(separator: " ").filter { !$0.hasPrefix("uuid:") && !$0.hasPrefix("20") }
            .joined(separator: " ") } == ["(A) Write report +work @desk", "Optics kind:topic"])
    }
}
