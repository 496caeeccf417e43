import CardportTestSupport
import Foundation
import Testing

/// Binary formats from plugins: the file's bytes reach the plugin untouched.
extension PluginCLITests {
    /// A plugin, in Python with its standard library, that reads quotes from a SQLite file it gets on
    /// standard input, and says which path it was told and a digest of the bytes it got.
    static let sqlitePlugin = """
        #!/usr/bin/env python3
        import hashlib, json, os, sqlite3, sys, tempfile
        if sys.argv[1] == "describe":
            print(json.dumps({"protocol": 1, "version": "2.0", "formats": [{
                "id": "quotedb", "extensions": ["quotedb"], "reads": ["citations"],
                "magic": ["SQLite format 3"], "binary": True}]}))
            sys.exit(0)
        data = sys.stdin.buffer.read()
        if not data:
            sys.exit(0)
        told = os.path.basename(os.environ.get("CARDPORT_INPUT_PATH", "none"))
        with tempfile.NamedTemporaryFile(suffix=".sqlite") as copy:
            copy.write(data)
            copy.flush()
            for text, author in sqlite3.connect(copy.name).execute("select text, author from quotes order by id"):
                print(json.dumps({"kind": "citation", "text": text, "author": author,
                                  "note": told + " " + hashlib.sha256(data).hexdigest()[:12]}, ensure_ascii=False))
        """

    /// Makes `quotes.db`, a SQLite file with two quotes, and returns its digest's first 12 hex digits.
    static func makeQuoteDatabase(in bench: Bench) throws -> String {
        let made = try CLIRunner.runProgram("/usr/bin/python3", ["-c", """
            import sqlite3
            db = sqlite3.connect("quotes.db")
            db.execute("create table quotes (id integer primary key, text text, author text)")
            db.execute("insert into quotes (text, author) values ('Ἓν οἶδα ὅτι οὐδὲν οἶδα', 'Σωκράτης')")
            db.execute("insert into quotes (text, author) values ('Well begun is half done.', 'Aristotle')")
            db.commit()
            """], environment: [:], directory: bench.folder.path)
        #expect(made.status == 0, "\(made.stderr)")
        let digest = try CLIRunner.runProgram("/usr/bin/sha256sum", ["quotes.db"], environment: [:], directory: bench.folder.path)
        return String(digest.stdout.prefix(12))
    }

    @Test func readsABinaryFormatFromItsUntouchedBytes() throws {
        let bench = try Bench()
        try bench.plugin("cardport-format-quotedb", Self.sqlitePlugin)
        let digest = try Self.makeQuoteDatabase(in: bench)
        func expected(_ told: String) -> String {
            """
            {"kind":"citation","id":"49fa1937-1e3d-85fa-bd98-16159675a0db","text":"Ἓν οἶδα ὅτι οὐδὲν οἶδα","author":"Σωκράτης","tags":[],"favourite":false,"archived":false,"note":"\(told) \(digest)"}
            {"kind":"citation","id":"1174c354-b723-86f2-a358-835699a05e76","text":"Well begun is half done.","author":"Aristotle","tags":[],"favourite":false,"archived":false,"note":"\(told) \(digest)"}

            """
        }
        // No extension claims `.db`: the magic bytes choose the plugin, and the text checks never run.
        let sniffed = try bench.run(["convert", "quotes.db", "-o", "-", "--to", "jsonl"])
        #expect(sniffed.status == 0, "\(sniffed.stderr)")
        #expect(sniffed.stdout == expected("quotes.db"))
        #expect(sniffed.stderr == "read 2 records from quotes.db (quotedb): 2 citations\nwrote 2 records to standard output (jsonl)\n")
        // Standard input, named by --from, has no path to give.
        let piped = try CLIRunner.runProgram("/bin/sh", ["-c", "'\(CLIRunner.binary)' convert - --from quotedb -o - --to jsonl -q < quotes.db"],
                                             environment: bench.environment, directory: bench.folder.path)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout == expected("none"))
        // Without the plugin, the same file is refused as binary, as before.
        let plain = try bench.run(["convert", "quotes.db", "-o", "-", "--to", "jsonl", "--no-plugins"])
        #expect(plain.status == 65)
        #expect(plain.stderr.contains("'quotes.db' looks like an SQLite database"), "\(plain.stderr)")
        let inspected = try bench.run(["inspect", "quotes.db"])
        #expect(inspected.status == 0, "\(inspected.stderr)")
        #expect(inspected.stdout == "quotes.db: quotedb, 2 records (2 citations)\n")
        // Importing goes the same way.
        let store = bench.folder.file("store.sqlite")
        let imported = try bench.run(["import", "quotes.db", "--store", store])
        #expect(imported.status == 0, "\(imported.stderr)")
        let exported = try bench.run(["export", "--store", store, "-o", "-", "--to", "jsonl"])
        #expect(exported.stdout.split(separator: "\n").count == 2)
    }

    @Test func checkReadsABinaryFormatsFile() throws {
        let bench = try Bench()
        let path = try bench.plugin("cardport-format-quotedb", Self.sqlitePlugin)
        _ = try Self.makeQuoteDatabase(in: bench)
        let result = try bench.run(["plugins", "check", path, "quotes.db"])
        #expect(result.stdout == """
            ok   describe: protocol 1, version 2.0, formats quotedb
            ok   quotedb: empty input: no records
            ok   read quotes.db: 2 records as quotedb
            quotedb: every check passed

            """)
        #expect(result.status == 0)
    }

    @Test func formatsJSONSaysWhereEachFormatComesFrom() throws {
        let bench = try Bench()
        let path = try bench.plugin("cardport-format-quotedb", Self.sqlitePlugin)
        let broken = try bench.plugin("newer", "#!/bin/sh\necho '{\"protocol\":99,\"version\":\"1\",\"formats\":[]}'\n")
        let result = try bench.run(["formats", "--json"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("{\n  \"brokenPlugins\" : [\n    {\n      \"name\" : \"newer\",\n      \"path\" : \"\(broken)\",\n      \"reason\" : \"it speaks protocol 99, this Cardport speaks 1\"\n    }\n  ],\n  \"formats\" : [\n"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("""
                {
                  "aliases" : [

                  ],
                  "extensions" : [
                    "quotedb"
                  ],
                  "id" : "quotedb",
                  "mediaType" : "application/octet-stream",
                  "origin" : "plugin",
                  "plugin" : {
                    "name" : "quotedb",
                    "path" : "\(path)",
                    "version" : "2.0"
                  },
                  "reads" : [
                    "citations"
                  ],
                  "summary" : "",
                  "writes" : [

                  ]
                }
              ]
            }

            """), "\(result.stdout)")
        #expect(result.stdout.contains("\"id\" : \"cardport\",\n      \"mediaType\" : \"application/vnd.cardport+json\",\n      \"origin\" : \"built-in\",\n"))
    }

    @Test func aSniffingPluginRunsOnlyWhenNeededAndOncePerInput() throws {
        let bench = try Bench()
        let log = bench.folder.file("sniffs.log")
        try bench.plugin("asks", Self.reader("asks", extensions: "x3", recognise: #","sniff":true"#, body: """
            if [ "$1" = sniff ]; then echo sniffed >> '\(log)'; if grep -q ASKME; then echo certain; else echo no; fi; exit 0; fi
            cat >/dev/null; echo '{"kind":"citation","text":"asked"}'
            """))
        // The extension settles a JSON Lines file: the plugin is not started.
        _ = try bench.folder.write("known.jsonl", Self.oneCitation + "\n")
        #expect(try bench.run(["convert", "known.jsonl", "-o", "-", "--to", "jsonl", "-q"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: log))
        // Two inputs nothing else recognises: asked once each, by convert, merge and import alike.
        _ = try bench.folder.write("one.dat", "well ASKME\n")
        _ = try bench.folder.write("two.dat", "ASKME again\n")
        let converted = try bench.run(["convert", "one.dat", "two.dat", "-o", "-", "--to", "jsonl", "-q"])
        let asked = #"{"kind":"citation","id":"7b068eb4-4424-8989-92f7-3312c467264e","text":"asked","tags":[],"favourite":false,"archived":false}"#
        #expect(converted.stdout == asked + "\n" + asked + "\n", "\(converted.stderr)")
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "sniffed\nsniffed\n")
        #expect(try bench.run(["merge", "one.dat", "two.dat", "-o", "merged.jsonl", "-q"]).status == 0)
        #expect(try bench.run(["import", "one.dat", "--store", bench.folder.file("s.sqlite"), "-q"]).status == 0)
        #expect(try String(contentsOfFile: log, encoding: .utf8) == String(repeating: "sniffed\n", count: 5))
    }

    @Test func stoppingAPluginStopsTheChildrenThatHoldItsOutput() throws {
        let bench = try Bench()
        let cases = [
            // It hangs, and so does the child it started.
            ("hangs", "cat >/dev/null; sleep 120 & echo $! > hangs.child; exec sleep 120"),
            // It exits at once, but leaves a child behind that holds its output open.
            ("leaves", "cat >/dev/null; sleep 120 & echo $! > leaves.child; echo '\(Self.oneCitation)'; exit 0"),
        ]
        for (name, body) in cases {
            try bench.plugin(name, Self.reader(name, extensions: name, body: body))
            _ = try bench.folder.write("in.\(name)", "anything\n")
            let result = try bench.run(["convert", "in.\(name)", "-o", "out.jsonl", "--plugin-timeout", "0.5"])
            #expect(result.status == 74, "\(name): \(result.stderr)")
            #expect(result.stderr.contains("plugin '\(name)' was stopped: no output for 0.5 s (--plugin-timeout)"), "\(name): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: bench.folder.file("out.jsonl")), "\(name)")
            // The output closed only when the child died: it is gone, or a zombie waiting to be reaped.
            let child = try bench.folder.read("\(name).child").trimmingCharacters(in: .whitespacesAndNewlines)
            let state = (try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8))?
                .split(separator: ")").last?.split(separator: " ").first
            #expect(state == nil || state == "Z", "\(name): the child \(child) is still \(state ?? "")")
        }
    }
}
