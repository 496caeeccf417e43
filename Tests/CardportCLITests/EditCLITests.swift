import CardportTestSupport
import Foundation
import Testing

/// `edit` (by flags and in a scripted `$EDITOR`) and `tag`, run as a user runs them.
@Suite struct EditCLITests {
    /// A store holding Samples/backup.json.
    private func store(_ scratch: TemporaryDirectory) throws -> String {
        let store = scratch.file("store.sqlite")
        #expect(try CLIRunner.run(["import", "Samples/backup.json", "--store", store, "-q"]).status == 0)
        return store
    }

    /// `text` without its `updated_at` lines, which hold the time of the edit.
    private func withoutEditTime(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("updated_at: ") }.joined(separator: "\n")
    }

    @Test func flagsChangeFieldsAndShowShowsThem() throws {
        let scratch = try TemporaryDirectory()
        let store = try store(scratch)
        #expect(try CLIRunner.run(["edit", "1174c3", "--add-tag", "classics", "--no-favourite", "--note", "Politics", "--store", store])
                == CLIRunner.Result(status: 0, stdout: "", stderr: "edited citation 1174c354-b723-86f2-a358-835699a05e76\n"))
        let shown = try CLIRunner.run(["show", "1174c3", "--store", store])
        #expect(shown.stdout.contains("  updated_at: \"20"))
        #expect(withoutEditTime(shown.stdout) == """
            format: cardport
            version: 1
            citations:
            - id: 1174c354-b723-86f2-a358-835699a05e76
              text: Well begun is half done.
              author: Aristotle
              tags: [classics]
              favourite: false
              archived: false
              note: Politics

            """)
        #expect(try CLIRunner.run(["edit", "85d869", "--question", "2", "--done", "--answer", "By craving.", "--status", "done",
                                   "--store", store]).status == 0)
        let topic = try CLIRunner.run(["show", "85d869", "--json", "--store", store]).stdout
        #expect(topic.contains("{\"text\":\"How does Seneca define poverty?\",\"answer\":\"By craving.\",\"done\":true}"))
        #expect(topic.contains("\"status\":\"done\""))
        #expect(try CLIRunner.run(["edit", "a20226", "--progress", "60", "--store", store]).status == 0)
        #expect(try CLIRunner.run(["list", "--kind", "tasks", "--done", "--store", store]).stderr == "no cards match\n")
    }

    @Test func aFlagForAFieldTheKindLacksIsAUsageError() throws {
        let scratch = try TemporaryDirectory()
        let store = try store(scratch)
        #expect(try CLIRunner.run(["edit", "a20226", "--author", "Someone", "--store", store]) == CLIRunner.Result(status: 64, stdout: "", stderr: """
            error: a task has no author
              hint: 'cardport show ID' shows the card's fields

            """))
        #expect(try CLIRunner.run(["edit", "a20226", "--progress", "33", "--store", store]).status == 65)
    }

    /// Runs `edit ID` with `EDITOR` set to a shell script.
    private func editWithScript(_ script: String, id: String, store: String, scratch: TemporaryDirectory) throws -> CLIRunner.Result {
        let path = try scratch.write("editor.sh", "#!/bin/sh\n" + script)
        #expect(chmod(path, 0o755) == 0)
        return try CLIRunner.runWithEnvironment(["edit", id, "--store", store],
                                                environment: ["EDITOR": path, "VISUAL": "", "STATE": scratch.path])
    }

    @Test func theEditorChangesTheCardAsSaved() throws {
        let scratch = try TemporaryDirectory()
        let store = try store(scratch)
        let result = try editWithScript("sed -i 's/Well begun/Well started/' \"$1\"\n", id: "1174c3", store: store, scratch: scratch)
        #expect(result == CLIRunner.Result(status: 0, stdout: "", stderr: "edited citation 1174c354-b723-86f2-a358-835699a05e76\n"))
        #expect(try CLIRunner.run(["show", "1174c3", "--store", store]).stdout.contains("  text: Well started is half done.\n"))
    }

    @Test func aBadEditIsShownAgainWithTheErrorAndNeverHalfApplied() throws {
        let scratch = try TemporaryDirectory()
        let store = try store(scratch)
        // First round: save a broken document with a changed author. Second: the error must be at the
        // top and the store unchanged; then save the original with only the text changed.
        let script = """
            if [ ! -f "$STATE/original" ]; then
              cp "$1" "$STATE/original"
              sed -i -e 's/Aristotle/Plato/' -e 's/^  text: .*/  text: [unclosed/' "$1"
            else
              head -n 1 "$1" > "$STATE/second-round-first-line"
              "\(CLIRunner.binary)" show 1174c3 --store "\(store)" > "$STATE/between"
              sed 's/Well begun/Well started/' "$STATE/original" > "$1"
            fi

            """
        let result = try editWithScript(script, id: "1174c3", store: store, scratch: scratch)
        #expect(result.status == 0)
        #expect(result.stderr.hasSuffix("edited citation 1174c354-b723-86f2-a358-835699a05e76\n"))
        #expect(result.stderr.hasPrefix("edit of 1174c354-b723-86f2-a358-835699a05e76:"))
        #expect(try scratch.read("second-round-first-line").hasPrefix("# error: "))
        #expect(try scratch.read("between").contains("  author: Aristotle\n"))
        let shown = try CLIRunner.run(["show", "1174c3", "--store", store]).stdout
        #expect(shown.contains("  text: Well started is half done.\n") && shown.contains("  author: Aristotle\n"))
    }

    @Test func anEditSavedUnchangedChangesNothing() throws {
        let scratch = try TemporaryDirectory()
        let store = try store(scratch)
        let before = try CLIRunner.run(["show", "1174c3", "--store", store]).stdout
        #expect(try editWithScript("true\n", id: "1174c3", store: store, scratch: scratch)
                == CLIRunner.Result(status: 0, stdout: "", stderr: "nothing changed\n"))
        #expect(try CLIRunner.run(["show", "1174c3", "--store", store]).stdout == before)
    }

    @Test func tagListsRenamesRecoloursAndDeletes() throws {
        let scratch = try TemporaryDirectory()
        let store = try store(scratch)
        #expect(try CLIRunner.run(["tag", "--store", store]) == CLIRunner.Result(status: 0, stdout: """
            TAG         COLOUR  CARDS
            habits              1
            philosophy          1
            stoicism    teal    2
            to-read             1

            """, stderr: ""))
        #expect(try CLIRunner.run(["tag", "rename", "stoicism", "Stoics", "--store", store])
                == CLIRunner.Result(status: 0, stdout: "", stderr: "renamed 'stoicism' to 'Stoics' on 2 cards\n"))
        #expect(try CLIRunner.run(["tag", "colour", "habits", "#FF0000", "--store", store])
                == CLIRunner.Result(status: 0, stdout: "", stderr: "'habits' is now #FF0000\n"))
        #expect(try CLIRunner.run(["tag", "colour", "habits", "beige", "--store", store]).status == 65)
        #expect(try CLIRunner.run(["tag", "rename", "to-read", "philosophy", "--store", store]).status == 0)
        #expect(try CLIRunner.run(["tag", "delete", "habits", "--store", store])
                == CLIRunner.Result(status: 0, stdout: "", stderr: "deleted 'habits' from 1 card\n"))
        #expect(try CLIRunner.run(["tag", "list", "--store", store]).stdout == """
            TAG         COLOUR  CARDS
            Stoics      teal    2
            philosophy          2

            """)
        #expect(try CLIRunner.run(["tag", "delete", "nothing", "--store", store]).status == 65)
        let exported = try CLIRunner.run(["export", "-o", "-", "--to", "jsonl", "--kind", "settings", "--store", store])
        #expect(exported.stdout.contains("\"widget_tags\":[\"Stoics\"]"))
    }

    @Test func anEditIsAStoreEditThatAReImportKeeps() throws {
        // The edit adds a tag; the source then adds a note: the three-way merge keeps both.
        let scratch = try TemporaryDirectory()
        let store = scratch.file("store.sqlite")
        let line = #"{"kind":"citation","id":"c1","text":"Well begun is half done.","author":"Aristotle","tags":[],"favourite":false,"archived":false"#
        let source = try scratch.write("cards.jsonl", line + "}\n")
        #expect(try CLIRunner.run(["import", source, "--store", store, "-q"]).status == 0)
        #expect(try CLIRunner.run(["edit", "c1", "--add-tag", "wisdom", "--store", store]).status == 0)
        _ = try scratch.write("cards.jsonl", line + #","note":"From Politics"}"# + "\n")
        #expect(try CLIRunner.run(["import", source, "--store", store, "-q"]).status == 0)
        let shown = try CLIRunner.run(["show", "c1", "--store", store])
        #expect(withoutEditTime(shown.stdout) == """
            format: cardport
            version: 1
            citations:
            - id: c1
              text: Well begun is half done.
              author: Aristotle
              tags: [wisdom]
              favourite: false
              archived: false
              note: From Politics

            """)
    }
}
