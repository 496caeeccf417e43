import CardportCore
import CardportYAML
import Testing

@Suite struct FrontMatterTests {
    func extract(_ text: String, name: String = "note.md") throws(CardportError)
        -> (frontMatter: FrontMatter, bodyOffset: Int, bodyLine: Int)?
    {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBytes { raw in
            Result { () throws(CardportError) in try FrontMatter.extract(from: raw, name: name) }
        }.get()
    }

    @Test func readsTypedEntriesInOrder() throws {
        let text = """
            ---
            title: Meditations
            author: Marcus Aurelius
            draft: false
            tags: [no, on, stoic]
            date: 2024-05-01
            ---
            # Body

            """
        let found = try #require(try extract(text))
        #expect(found.frontMatter.entries == [
            .init(key: "title", value: .string("Meditations")),
            .init(key: "author", value: .string("Marcus Aurelius")),
            .init(key: "draft", value: .bool(false)),
            .init(key: "tags", value: .list(["no", "on", "stoic"])),
            .init(key: "date", value: .string("2024-05-01")),
        ])
        #expect(found.bodyOffset == text.utf8.count - "# Body\n".utf8.count)
        #expect(found.bodyLine == 8)
    }

    @Test func yesAndOnStayTextWhileTrueIsAFlag() throws {
        let found = try #require(try extract("---\na: yes\nb: on\nc: true\nd: \"true\"\ne:\n---\n"))
        #expect(found.frontMatter["a"] == .string("yes"))
        #expect(found.frontMatter["b"] == .string("on"))
        #expect(found.frontMatter["c"] == .bool(true))
        #expect(found.frontMatter["d"] == .string("true"))
        #expect(found.frontMatter["e"] == .string(""))
    }

    @Test func keepsOtherShapesAsTheirYAMLText() throws {
        let text = "---\nbook:\n  title: Walden\n  year: 1854\nmatrix: [[1, 2], [3]]\n---\nBody\n"
        let found = try #require(try extract(text))
        #expect(found.frontMatter["book"] == .string("title: Walden\nyear: 1854"))
        #expect(found.frontMatter["matrix"] == .string("[[1, 2], [3]]"))
        #expect(found.bodyLine == 7)
    }

    @Test func followsAliasesAndBlockLists() throws {
        let text = "---\nauthor: &a Seneca\nby: *a\ntags:\n  - letters\n  - stoic\n...\n"
        let found = try #require(try extract(text))
        #expect(found.frontMatter["by"] == .string("Seneca"))
        #expect(found.frontMatter["tags"] == .list(["letters", "stoic"]))
        #expect(found.bodyOffset == text.utf8.count)
    }

    @Test(arguments: ["# Just a heading\n", "", "---\ntitle: unterminated\n", "--- \n", "----\na: b\n----\n"])
    func findsNothingWithoutAClosedBlockAtTheStart(_ text: String) throws {
        #expect(try extract(text) == nil)
    }

    @Test func skipsAByteOrderMarkAndAcceptsAnEmptyBlock() throws {
        let found = try #require(try extract("\u{FEFF}---\n---\nBody"))
        #expect(found.frontMatter.entries.isEmpty)
        #expect(found.bodyOffset == 11)
        #expect(found.bodyLine == 3)
    }

    @Test func locatesYAMLErrorsInTheWholeFile() throws {
        let text = "---\ntitle: ok\nauthor: [unclosed\n---\nBody\n"
        do {
            _ = try extract(text, name: "notes/a.md")
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .malformedInput)
            #expect(error.location?.file == "notes/a.md")
            #expect(error.location?.line == 4)
            #expect(error.location?.column == 1)
            #expect(error.sourceLine == "---")
        }
    }

    @Test func refusesAListAsFrontMatter() throws {
        do {
            _ = try extract("---\n- a\n- b\n---\n", name: "x.md")
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .invalidValue)
            #expect(error.location?.line == 2)
            #expect(error.location?.column == 1)
            #expect(error.sourceLine == "- a")
        }
    }

    @Test func rendersDeterministicallyQuotingOnlyWhatNeedsIt() {
        var front = FrontMatter()
        front["title"] = .string("Meditations")
        front["tags"] = .list(["stoic", "no"])
        front["draft"] = .bool(true)
        front["date"] = .string("2024-05-01")
        front["summary"] = .string("Line one\nLine two\n")
        front["note"] = .string("a: b")
        front["links"] = .list(["https://example.com/a-rather-long-address", "https://example.com/another-long-one"])
        front["empty"] = .list([])
        #expect(front.rendered() == """
            ---
            title: Meditations
            tags: [stoic, "no"]
            draft: true
            date: "2024-05-01"
            summary: |
              Line one
              Line two
            note: "a: b"
            links:
            - https://example.com/a-rather-long-address
            - https://example.com/another-long-one
            empty: []
            ---

            """)
    }

    @Test func rendersWhatItReadsBack() throws {
        var front = FrontMatter()
        front["title"] = .string("  spaced  ")
        front["kept"] = .string("ends with newlines\n\n")
        front["trailing"] = .string("trailing \nspaces")
        front["flags"] = .list(["yes", "1.5", "~", "", "a, b"])
        front["x"] = .bool(false)
        front["x"] = nil
        front["y"] = .bool(false)
        front["emoji"] = .string("📚 reading")
        #expect(front.rendered().contains("\nemoji: 📚 reading\n"))
        let found = try #require(try extract(front.rendered() + "Body\n"))
        #expect(found.frontMatter == front)
        #expect(FrontMatter().rendered() == "---\n---\n")
    }
}
