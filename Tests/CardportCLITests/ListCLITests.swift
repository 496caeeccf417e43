import CardportTestSupport
import Foundation
import Testing

/// `list`, `show` and id prefixes, run as a user runs them, with exact output.
@Suite struct ListCLITests {
    /// Five cards whose ids share prefixes: `abcdef01` and `abcdef02` differ only in their eighth character.
    static let cards = """
        {"kind":"citation","id":"abcdef01","text":"One","author":"Le Guin, Ursula K.","tags":["a","b"]}
        {"kind":"citation","id":"abcdef02","text":"Two","author":"Marcus Aurelius; Gregory Hays","tags":["a"],"favourite":true}
        {"kind":"citation","id":"abcd99","text":"Three","author":"Ursula Meier","tags":["b"]}
        {"kind":"task","id":"task-1","description":"Write","progress":100}
        {"kind":"task","id":"task-2","description":"Read","progress":50}

        """

    /// A store holding ``cards``.
    private func store(_ scratch: TemporaryDirectory) throws -> String {
        let store = scratch.file("store.sqlite")
        let input = try scratch.write("cards.jsonl", ListCLITests.cards)
        #expect(try CLIRunner.run(["import", input, "--store", store, "-q"]).status == 0)
        return store
    }

    @Test func listShowsEveryCardWithItsShortestUniqueIDOfAtLeastSixCharacters() throws {
        let scratch = try TemporaryDirectory()
        let store = try store(scratch)
        #expect(try CLIRunner.run(["list", "--store", store]) == CLIRunner.Result(status: 0, stdout: """
            ID        KIND      TEXT                  BY                        TAGS
            abcdef01  citation  One                   Le Guin, Ursula K.        a, b
            abcdef02  citation  ★ Two                 Marcus Aurelius; Gregor…  a
            abcd99    citation  Three                 Ursula Meier              b
            task-1    task      Write                 100%
            task-2    task      Read                  50%

            """, stderr: ""))
        #expect(try CLIRunner.run(["ls", "--tag", "nothing", "--store", store])
                == CLIRunner.Result(status: 0, stdout: "", stderr: "no cards match\n"))
    }

    @Test func repeatedTagsSelectCardsWithAllOfThemOrAnyWithAnyTag() throws {
        let scratch = try TemporaryDirectory()
        let store = try store(scratch)
        let all = try CLIRunner.run(["list", "--tag", "a", "--tag", "B", "--format", "jsonl", "--store", store])
        #expect(all == CLIRunner.Result(status: 0, stdout: """
            {"kind":"citation","id":"abcdef01","text":"One","author":"Le Guin, Ursula K.","tags":["a","b"],"favourite":false,"archived":false}

            """, stderr: ""))
        let any = try CLIRunner.run(["list", "--tag", "a", "--tag", "b", "--any-tag", "--format", "jsonl", "--store", store])
        #expect(any.stdout.split(separator: "\n").count == 3)
        #expect(try CLIRunner.run(["list", "--tag", "a", "--tag", "missing", "--format", "jsonl", "--store", store]).stdout == "")
    }

    @Test func tasksFilterByDoneOrOpen() throws {
        let scratch = try TemporaryDirectory()
        let store = try store(scratch)
        #expect(try CLIRunner.run(["list", "--open", "--store", store]).stdout == """
            ID      KIND  TEXT                  BY   TAGS
            task-2  task  Read                  50%

            """)
        #expect(try CLIRunner.run(["list", "--done", "--open", "--store", store]).status == 64)
    }

    @Test func anAmbiguousPrefixIsAnErrorListingTheCandidates() throws {
        let scratch = try TemporaryDirectory()
        let store = try store(scratch)
        #expect(try CLIRunner.run(["show", "abcdef", "--store", store]) == CLIRunner.Result(status: 65, stdout: "", stderr: """
            error: the id 'abcdef' is ambiguous: 2 cards start with it
              hint: give more of the id; the candidates are:
              abcdef01  citation  One
              abcdef02  citation  Two

            """))
        #expect(try CLIRunner.run(["archive", "zzzz", "--store", store]) == CLIRunner.Result(status: 65, stdout: "", stderr: """
            error: no card has an id that starts with 'zzzz'
              hint: 'cardport list' shows the cards and their ids; nothing was changed

            """))
        #expect(try CLIRunner.run(["archive", "abc", "--store", store]) == CLIRunner.Result(status: 65, stdout: "", stderr: """
            error: 'abc' is too short to name a card
              hint: give at least 4 characters of the id; nothing was changed

            """))
        #expect(try CLIRunner.run(["archive", "abcd9", "--store", store])
                == CLIRunner.Result(status: 0, stdout: "", stderr: "archived 1 citation\n"))
        #expect(try CLIRunner.run(["list", "--archived", "--format", "jsonl", "--store", store]).stdout
                == "{\"kind\":\"citation\",\"id\":\"abcd99\",\"text\":\"Three\",\"author\":\"Ursula Meier\",\"tags\":[\"b\"],"
                + "\"favourite\":false,\"archived\":true}\n")
    }

    @Test func showPrintsCardsWholeAsYAMLOrJSON() throws {
        let scratch = try TemporaryDirectory()
        let store = try store(scratch)
        #expect(try CLIRunner.run(["show", "task-2", "abcdef02", "--store", store]) == CLIRunner.Result(status: 0, stdout: """
            format: cardport
            version: 1
            tasks:
            - id: task-2
              description: Read
              progress: 50
            citations:
            - id: abcdef02
              text: Two
              author: Marcus Aurelius; Gregory Hays
              tags: [a]
              favourite: true
              archived: false

            """, stderr: ""))
        #expect(try CLIRunner.run(["show", "task-1", "--json", "--store", store]).stdout == """
            [
              {"kind":"task","id":"task-1","description":"Write","progress":100}
            ]

            """)
    }

    @Test func authorMatchesAnyAuthorByWordsWhateverTheCaseAccentsAndOrder() throws {
        let scratch = try TemporaryDirectory()
        let store = scratch.file("store.sqlite")
        #expect(try CLIRunner.run(["import", "Samples/kindle-clippings.txt", "--store", store, "-q"]).status == 0)
        let leGuin = "Light is the left hand of darkness, and darkness the right hand of light."
        for spelling in ["le guin", "Ursula K. Le Guin", "Le Guin, Ursula K.", "LE GÜIN"] {
            let result = try CLIRunner.run(["list", "--author", spelling, "--format", "jsonl", "--store", store])
            #expect(result.status == 0)
            #expect(result.stdout.contains(leGuin), "\(spelling)")
        }
        let marcus = try CLIRunner.run(["list", "--author", "Marcus Aurelius", "--format", "jsonl", "--store", store])
        #expect(marcus.stdout.contains("You have power over your mind"))
        #expect(try CLIRunner.run(["list", "--author", "Aurelius Hays", "--store", store]).stderr == "no cards match\n")
        let exported = try CLIRunner.run(["export", "-o", "-", "--to", "jsonl", "--author", "marcus aurelius", "--store", store])
        #expect(exported.stdout.contains("You have power over your mind"))
    }
}
