import CardportTestSupport
import Foundation
import Testing

/// `search`, run as a user runs it, with exact output.
@Suite struct SearchCLITests {
    func store(_ scratch: TemporaryDirectory) throws -> String {
        let store = scratch.file("store.sqlite")
        #expect(try CLIRunner.run(["import", "Samples/kindle-clippings.txt", "Samples/backup.json", "--store", store, "-q"]).status == 0)
        return store
    }

    @Test func searchFindsEveryWordWhateverTheCaseAndAccentsAndMarksTheMatches() throws {
        let scratch = try TemporaryDirectory()
        let store = try store(scratch)
        #expect(try CLIRunner.run(["search", "LEFT hand", "--store", store]) == CLIRunner.Result(status: 0, stdout: """
            7a2813  citation  Light is the *left* *hand* of darkness, and darkness the right *hand* of light.
            92e3e9  citation  The *Left* *Hand* of Darkness

            """, stderr: ""))
        #expect(try CLIRunner.run(["search", "garcia", "--store", store]).stdout == "26c759  citation  Gabriel *García* Márquez\n")
        #expect(try CLIRunner.run(["search", "seneca", "--kind", "topics", "--store", store]).stdout
                == "85d869  topic  Compare *Seneca* and Epictetus. Focus on the dichotomy of control.\n")
        #expect(try CLIRunner.run(["search", "nothing-like-this", "--store", store])
                == CLIRunner.Result(status: 0, stdout: "", stderr: "no cards match\n"))
    }

    @Test func searchFindsTagsAndFollowsEditsAndFilters() throws {
        let scratch = try TemporaryDirectory()
        let store = try store(scratch)
        #expect(try CLIRunner.run(["search", "stoicism", "--store", store]).stdout == """
            39955c  citation  tag: *stoicism*
            e5b7cd  bookmark  tag: *stoicism*

            """)
        #expect(try CLIRunner.run(["edit", "1174c3", "--text", "Well begun is half done, said the philosopher.", "--store", store]).status == 0)
        #expect(try CLIRunner.run(["search", "philosopher", "--favourites", "--store", store]).stdout
                == "1174c3  citation  Well begun is half done, said the *philosopher*.\n")
        #expect(try CLIRunner.run(["search", "begun", "--store", store]).stdout.contains("said the philosopher"))
        #expect(try CLIRunner.run(["archive", "1174c3", "--store", store]).status == 0)
        #expect(try CLIRunner.run(["search", "philosopher", "--store", store]).stdout == "")
        #expect(try CLIRunner.run(["search", "philosopher", "--archived", "--format", "jsonl", "--store", store]).stdout
                .hasPrefix("{\"kind\":\"citation\",\"id\":\"1174c354-b723-86f2-a358-835699a05e76\""))
        // FTS5's query syntax is never read from what is typed: quotes and brackets are not words.
        #expect(try CLIRunner.run(["search", "\"darkness) (*", "--store", store]).stdout.split(separator: "\n").count == 2)
        #expect(try CLIRunner.run(["search", "\" ( *", "--store", store]) == CLIRunner.Result(status: 64, stdout: "", stderr: """
            error: '" ( *' has no words to search for
              hint: search for letters or digits

            """))
    }

    @Test func wordsOfScriptsWrittenWithoutSpacesAreFoundInsideARun() throws {
        let scratch = try TemporaryDirectory()
        let store = try store(scratch)
        // The whole Japanese sentence is one word to the index; 先生 is found inside it, as typed.
        #expect(try CLIRunner.run(["search", "先生", "--store", store])
                == CLIRunner.Result(status: 0, stdout: "4b9a51  citation  私はその人を常に*先生*と呼んでいた。\n", stderr: ""))
        #expect(try CLIRunner.run(["search", "漱石", "--store", store]).stdout == "4b9a51  citation  夏目*漱石*\n")
        // Every word must be there, the spaced ones as the index finds them.
        #expect(try CLIRunner.run(["search", "先生 darkness", "--store", store])
                == CLIRunner.Result(status: 0, stdout: "", stderr: "no cards match\n"))
        #expect(try CLIRunner.run(["search", "呼んで", "--kind", "bookmarks", "--store", store]).stdout == "")
    }

    @Test func aStoreMadeBeforeTheSearchIndexGetsOneBuiltFromItsCards() throws {
        let scratch = try TemporaryDirectory()
        let store = try store(scratch)
        // The store as the version before the index left it.
        var dropped = "DROP TABLE search_state; DELETE FROM grdb_migrations WHERE identifier = '3-search';"
        for table in ["citation", "bookmark", "task", "topic"] {
            dropped += " DROP TABLE \(table)_search; DROP INDEX \(table)_id;"
            for event in ["insert", "update", "delete"] { dropped += " DROP TRIGGER \(table)_search_\(event);" }
        }
        let made = try CLIRunner.runProgram("/usr/bin/sqlite3", [store, dropped], environment: [:], directory: scratch.path)
        #expect(made.status == 0)
        #expect(try CLIRunner.run(["search", "darkness", "--format", "jsonl", "--store", store]).stdout.split(separator: "\n").count == 2)
    }
}

extension SearchCLITests {
    @Test func theIndexStaysInStepThroughEditsPurgesAndRestores() throws {
        let scratch = try TemporaryDirectory()
        let store = try store(scratch)
        #expect(try CLIRunner.run(["edit", "1174c3", "--text", "Well begun, half done.", "--store", store]).status == 0)
        #expect(try CLIRunner.run(["archive", "--author", "le guin", "--store", store]).status == 0)
        #expect(try CLIRunner.run(["purge", "--archived", "--store", store]).status == 0)
        // The last card deleted and a new one added in its place, under the same primary key.
        #expect(try CLIRunner.run(["backup", "-o", scratch.file("b.json"), "--store", store]).status == 0)
        #expect(try CLIRunner.run(["restore", scratch.file("b.json"), "--replace", "--store", store]).status == 0)
        #expect(try CLIRunner.run(["import", "Samples/kindle-clippings.txt", "--store", store, "-q"]).status == 0)
        var check = ""
        for table in ["citation", "bookmark", "task", "topic"] {
            check += "INSERT INTO \(table)_search (\(table)_search) VALUES ('integrity-check'); "
        }
        let checked = try CLIRunner.runProgram("/usr/bin/sqlite3", [store, check], environment: [:], directory: scratch.path)
        #expect(checked == CLIRunner.Result(status: 0, stdout: "", stderr: ""))
        #expect(try CLIRunner.run(["search", "half done", "--format", "jsonl", "--store", store]).stdout.split(separator: "\n").count == 1)
        #expect(try CLIRunner.run(["search", "darkness", "--format", "jsonl", "--store", store]).stdout.split(separator: "\n").count == 2)
    }
}
