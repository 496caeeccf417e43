import CardportTestSupport
import Foundation
import Testing

/// Format plugins as a user meets them: real plugin processes, run by the built binary.
///
/// Threads or child processes that could wait on each other: a time limit turns a hang into a failure.
@Suite(.timeLimit(.minutes(2))) struct PluginCLITests {
    static let samples = PackagePaths.root + "/Samples/plugins"
    static let corpus = PackagePaths.root + "/../shared/corpus/moonreader/learning-a-very-short-introduction.mrexpt"

    /// A scratch folder with a plugin folder and a cache of its own, so no test sees the user's plugins.
    final class Bench {
        let folder: TemporaryDirectory
        let plugins: String
        init() throws {
            folder = try TemporaryDirectory()
            plugins = folder.file("plugins")
            try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        }

        /// Writes an executable plugin named `name` into the plugin folder.
        @discardableResult
        func plugin(_ name: String, _ script: String, in folder: String? = nil) throws -> String {
            let path = (folder ?? plugins) + "/" + name
            try script.write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
            return path
        }

        var environment: [String: String] {
            ["CARDPORT_PLUGIN_PATH": plugins, "XDG_CACHE_HOME": folder.file("cache"), "XDG_DATA_HOME": folder.file("data"),
             "HOME": folder.path, "PATH": "/usr/bin:/bin"]
        }

        func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> CLIRunner.Result {
            try CLIRunner.runWithEnvironment(arguments, environment: environment.merging(extra) { $1 }, directory: folder.path)
        }
    }

    /// A shell plugin that describes one readable format `id` and runs `body` for `read`.
    static func reader(_ id: String, extensions: String = "txt", recognise: String = "", body: String) -> String {
        """
        #!/bin/sh
        if [ "$1" = describe ]; then
          printf '%s\\n' '{"protocol":1,"version":"0.1","formats":[{"id":"\(id)","extensions":["\(extensions)"],"reads":["citations"]\(recognise)}]}'
          exit 0
        fi
        \(body)
        """
    }

    static let oneCitation = #"{"kind":"citation","text":"from the plugin"}"#

    @Test func readsTheMoonReaderExportThroughTheSamplePlugin() throws {
        let bench = try Bench()
        let input = bench.folder.file("x.mrexpt")
        try FileManager.default.copyItem(atPath: Self.corpus, toPath: input)
        let result = try bench.run(["convert", "x.mrexpt", "-o", "x.jsonl"], environment: ["CARDPORT_PLUGIN_PATH": Self.samples])
        #expect(result.status == 0)
        #expect(result.stderr == """
            read 10 records from x.mrexpt (mrexpt): 10 citations
              dropped by plugin: citation: 2
            wrote 10 records to x.jsonl (jsonl)

            """)
        let lines = try bench.folder.read("x.jsonl").split(separator: "\n")
        #expect(lines.count == 10)
        #expect(lines[0].contains(#""text":"Chapter 7 \nSurely there is more to learning than that?""#))
        // The second record's note line is "##": a note, not a record boundary.
        #expect(lines[1].contains(#""text":"Follow the instructions""#))
    }

    @Test func importsTheMoonReaderExportIntoAStore() throws {
        let bench = try Bench()
        let input = bench.folder.file("x.mrexpt")
        try FileManager.default.copyItem(atPath: Self.corpus, toPath: input)
        let store = bench.folder.file("store.sqlite")
        let result = try bench.run(["import", "x.mrexpt", "--store", store], environment: ["CARDPORT_PLUGIN_PATH": Self.samples])
        #expect(result.status == 0)
        let listed = try bench.run(["export", "--store", store, "-o", "-", "--to", "jsonl"])
        #expect(listed.stdout.split(separator: "\n").count == 10)
    }

    @Test func writesAnAnkiDeckThroughTheSamplePlugin() throws {
        let bench = try Bench()
        let result = try bench.run(["convert", PackagePaths.root + "/Samples/backup.json", "-o", "deck.txt", "--to", "anki"],
                                   environment: ["CARDPORT_PLUGIN_PATH": Self.samples])
        // The backup's bookmarks, tasks and topics have no place in a deck: dropped, so exit 3.
        #expect(result.status == 3)
        let deck = try bench.folder.read("deck.txt").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(Array(deck.prefix(4)) == ["#separator:tab", "#html:false", "#tags column:3",
                                          "We are what we repeatedly do. Excellence, then, is not an act, but a habit.\tWill Durant — The Story of Philosophy\thabits philosophy"])
        #expect(deck.count == 3 + 7 + 1)
        #expect(result.stderr.contains("dropped fields the target cannot hold: citation.location (1), citation.note (1)"))
    }

    @Test func checkPassesOnBothSamples() throws {
        let bench = try Bench()
        let reader = try bench.run(["plugins", "check", Self.samples + "/cardport-format-moonreader", Self.corpus])
        #expect(reader.status == 0, "\(reader.stdout)")
        #expect(reader.stdout.hasSuffix("moonreader: every check passed\n"))
        #expect(reader.stdout.contains("ok   read \(Self.corpus): 10 records as mrexpt"))
        let writer = try bench.run(["plugins", "check", Self.samples + "/cardport-format-anki"])
        #expect(writer.status == 0, "\(writer.stdout)")
        #expect(writer.stdout.hasSuffix("anki: every check passed\n"))
    }

    @Test func descriptionsAreCachedUntilThePluginChanges() throws {
        let bench = try Bench()
        let log = bench.folder.file("describes.log")
        let script = Self.reader("counted", body: "exit 0").replacingOccurrences(
            of: "if [ \"$1\" = describe ]; then\n", with: "if [ \"$1\" = describe ]; then\n  echo asked >> '\(log)'\n")
        let path = try bench.plugin("counted", script)
        for _ in 0..<2 { #expect(try bench.run(["formats"]).status == 0) }
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "asked\n")
        // A changed file (here: a larger one) is asked again.
        try bench.plugin("counted", script + "\n# changed\n")
        #expect(try bench.run(["formats"]).stdout.contains("counted 0.1  \(path)"))
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "asked\nasked\n")
    }

    @Test func theExampleInPluginsMDPassesTheCheck() throws {
        let bench = try Bench()
        let doc = try String(contentsOfFile: PackagePaths.root + "/Plugins.md", encoding: .utf8)
        let start = try #require(doc.range(of: "```python\n"))
        let end = try #require(doc.range(of: "\n```", range: start.upperBound..<doc.endIndex))
        let source = String(doc[start.upperBound..<end.lowerBound]) + "\n"
        #expect(source.split(separator: "\n", omittingEmptySubsequences: false).count < 60)
        let path = try bench.plugin("cardport-format-quotes", source)
        let result = try bench.run(["plugins", "check", path])
        #expect(result.stdout.hasSuffix("quotes: every check passed\n"), "\(result.stdout)")
        #expect(result.status == 0)
    }

    @Test func checkFailsOnABrokenPluginAndSaysWhy() throws {
        let bench = try Bench()
        let path = try bench.plugin("cardport-format-liar", Self.reader("liar", body: "echo '{\"kind\":\"citation\",\"text\":\"invented\"}'"))
        let result = try bench.run(["plugins", "check", path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("FAIL liar: empty input: an empty input gave 1 records, not none"))
        #expect(result.stdout.hasSuffix("liar: 1 of 3 checks failed\n"))
    }

    @Test func failuresLeaveNoOutput() throws {
        let bench = try Bench()
        let cases: [(String, String, [String], String)] = [
            ("exits", "cat >/dev/null; echo 'something broke' >&2; exit 3", [], "plugin 'exits' exited with status 3"),
            ("crashes", "cat >/dev/null; echo '\(Self.oneCitation)'; kill -9 $$", [], "plugin 'crashes' was killed by signal 9"),
            ("garbles", "cat >/dev/null; echo '\(Self.oneCitation)'; echo 'not json'", [], "plugin 'garbles' wrote output that is not Cardport JSON Lines"),
            ("hangs", "cat >/dev/null; exec sleep 600", ["--plugin-timeout", "0.5"], "plugin 'hangs' was stopped: no output for 0.5 s (--plugin-timeout)"),
            ("floods", "cat >/dev/null; while :; do echo '\(Self.oneCitation)'; done", ["--max-records", "100"],
             "plugin 'floods' was stopped: it wrote more than 100 records (--max-records)"),
        ]
        for (name, body, flags, message) in cases {
            try bench.plugin(name, Self.reader(name, extensions: name, body: body))
            _ = try bench.folder.write("in.\(name)", "anything\n")
            let result = try bench.run(["convert", "in.\(name)", "-o", "out.jsonl"] + flags)
            #expect(result.status != 0, "\(name)")
            #expect(result.stderr.contains(message), "\(name): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: bench.folder.file("out.jsonl")), "\(name)")
            let store = bench.folder.file("store-\(name).sqlite")
            let imported = try bench.run(["import", "in.\(name)", "--store", store] + flags)
            #expect(imported.status != 0, "\(name)")
            let count = try bench.run(["export", "--store", store, "-o", "-", "--to", "jsonl"])
            #expect(count.stdout.isEmpty, "\(name): \(count.stderr)")
        }
        let exits = try bench.run(["convert", "in.exits", "-o", "out.jsonl"])
        #expect(exits.stderr.contains("  | something broke"))
    }

    @Test func writerFailuresLeaveNoOutput() throws {
        let bench = try Bench()
        let cases: [(String, String, [String], String)] = [
            ("wexits", "cat >/dev/null; echo 'half a deck'; echo 'disk on fire' >&2; exit 4", [], "plugin 'wexits' exited with status 4"),
            ("whangs", "exec sleep 600", ["--plugin-timeout", "0.5"], "plugin 'whangs' was stopped: no output for 0.5 s (--plugin-timeout)"),
            ("wrefuses", "cat >/dev/null; echo '{\"level\":\"error\",\"message\":\"no room for tags\"}' >&2", [],
             "plugin 'wrefuses' reported an error: no room for tags"),
        ]
        for (name, body, flags, message) in cases {
            try bench.plugin(name, """
                #!/bin/sh
                if [ "$1" = describe ]; then
                  echo '{"protocol":1,"version":"1","formats":[{"id":"\(name)","extensions":["\(name)"],"writes":["citations"]}]}'
                  exit 0
                fi
                \(body)
                """)
            let result = try bench.run(["convert", PackagePaths.root + "/Samples/backup.json", "-o", "out.\(name)"] + flags)
            #expect(result.status != 0, "\(name)")
            #expect(result.stderr.contains(message), "\(name): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: bench.folder.file("out.\(name)")), "\(name)")
        }
        let plain = try bench.run(["convert", PackagePaths.root + "/Samples/backup.json", "-o", "out.wexits", "--no-plugins"])
        #expect(plain.status == 64)
        #expect(plain.stderr.contains("no format writes '.wexits' files"))
    }

    @Test func problemsShowTheInputsLineAndCaret() throws {
        let bench = try Bench()
        try bench.plugin("picky", Self.reader("picky", extensions: "pk", body: """
            cat >/dev/null
            echo '\(Self.oneCitation)'
            echo '{"level":"error","message":"no date here","line":2,"column":7}' >&2
            exit 65
            """))
        _ = try bench.folder.write("in.pk", "first line\nsecond line\n")
        let result = try bench.run(["convert", "in.pk", "-o", "out.jsonl"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("in.pk:2:7: error: no date here (plugin 'picky')\n    2 | second line\n      |       ^\n"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: bench.folder.file("out.jsonl")))
    }

    @Test func sniffsByMagicPatternAndThePluginItself() throws {
        let bench = try Bench()
        try bench.plugin("magic", Self.reader("magic", extensions: "x1", recognise: #","magic":["MAGIC1"]"#,
                                              body: "cat >/dev/null; echo '{\"kind\":\"citation\",\"text\":\"magic\"}'"))
        try bench.plugin("pattern", Self.reader("pattern", extensions: "x2", recognise: #","pattern":"[0-9]+ apples""#,
                                                body: "cat >/dev/null; echo '{\"kind\":\"citation\",\"text\":\"pattern\"}'"))
        try bench.plugin("asks", Self.reader("asks", extensions: "x3", recognise: #","sniff":true"#, body: """
            if [ "$1" = sniff ]; then if grep -q ASKME; then echo certain; else echo no; fi; exit 0; fi
            cat >/dev/null; echo '{"kind":"citation","text":"asked"}'
            """))
        for (content, text) in [("MAGIC1 rest\n", "magic"), ("12 apples\n", "pattern"), ("well ASKME\n", "asked")] {
            _ = try bench.folder.write("unknown.dat", content)
            let result = try bench.run(["convert", "unknown.dat", "-o", "-", "--to", "jsonl", "-q"])
            #expect(result.status == 0, "\(text): \(result.stderr)")
            #expect(result.stdout.contains("\"text\":\"\(text)\""), "\(text)")
        }
    }

    @Test func discoveryOrderShadowingAndConflicts() throws {
        let bench = try Bench()
        let later = bench.folder.file("data/cardport/plugins")
        try FileManager.default.createDirectory(atPath: later, withIntermediateDirectories: true)
        let onPath = bench.folder.file("bin")
        try FileManager.default.createDirectory(atPath: onPath, withIntermediateDirectories: true)
        // The same file name later in the search is shadowed; the current directory is never searched.
        try bench.plugin("cardport-format-same", Self.reader("first", body: "exit 0"))
        try bench.plugin("cardport-format-same", Self.reader("second", body: "exit 0"), in: later)
        try bench.plugin("cardport-format-path", Self.reader("frompath", body: "exit 0"), in: onPath)
        try bench.plugin("cardport-format-here", Self.reader("here", body: "exit 0"), in: bench.folder.path)
        try bench.plugin("builtin", Self.reader("jsonl", body: "exit 0"))
        try bench.plugin("newer", "#!/bin/sh\necho '{\"protocol\":99,\"version\":\"1\",\"formats\":[]}'\n")
        let path = "\(onPath):.:/usr/bin:/bin"
        let list = try bench.run(["plugins", "list"], environment: ["PATH": path])
        #expect(list.stdout == """
            builtin 0.1  \(bench.plugins)/builtin
              formats: jsonl
            same 0.1  \(bench.plugins)/cardport-format-same
              formats: first
            path 0.1  \(onPath)/cardport-format-path
              formats: frompath
            newer (broken)  \(bench.plugins)/newer
              it speaks protocol 99, this Cardport speaks 1

            """)
        let formats = try bench.run(["formats"], environment: ["PATH": path])
        #expect(formats.stdout.hasSuffix("""

            Broken plugins (skipped):
              \(bench.plugins)/newer: it speaks protocol 99, this Cardport speaks 1
              \(bench.plugins)/builtin: its format 'jsonl' would replace the built-in format of that name

            """), "\(formats.stdout)")
        let plain = try bench.run(["formats", "--no-plugins"], environment: ["PATH": path])
        #expect(!plain.stdout.contains("Broken plugins"))
        // Two plugins with one format id stop every command that resolves formats, naming both.
        try bench.plugin("twin", Self.reader("first", body: "exit 0"))
        let twins = try bench.run(["formats"], environment: ["PATH": path])
        #expect(twins.status == 64)
        #expect(twins.stderr.contains("two plugins provide the format 'first': \(bench.plugins)/cardport-format-same and \(bench.plugins)/twin"))
    }
}
