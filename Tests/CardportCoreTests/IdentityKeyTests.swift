@testable import CardportCore
import CardportTestSupport
import PropertyBased
import CardportMachinery
import Testing

@Suite struct IdentityKeyTests {
    @Test func citationsMatchOnFoldedTextAndAuthor() {
        let a = Record.citation(Citation(text: "Well begun is half done.", author: "Aristotle", source: "Politics"))
        let b = Record.citation(Citation(text: " “well begun  is half done” ", author: "ARISTOTLE"))
        let c = Record.citation(Citation(text: "Well begun is half done.", author: "Horace"))
        let d = Record.citation(Citation(text: "Well begun is half done."))
        #expect(a.identityKey == b.identityKey)
        #expect(a.identityKey != c.identityKey)
        #expect(a.identityKey != d.identityKey)
    }

    @Test func otherKindsMatchOnTheirFoldedName() {
        #expect(Record.task(TaskItem(description: "Read Walden.")).identityKey
                == Record.task(TaskItem(id: "x", description: "read walden")).identityKey)
        #expect(Record.topic(Topic(title: "Linear Algebra")).identityKey
                == Record.topic(Topic(id: "y", title: "linear  algebra")).identityKey)
        #expect(Record.tag(Tag(name: "Books")).identityKey == Record.tag(Tag(name: "books")).identityKey)
        #expect(Question(text: "What is a vector space?").normalisedText == Question(text: "what is a vector space").normalisedText)
    }

    @Test func kindsNeverShareAKey() {
        #expect(Record.task(TaskItem(description: "books")).identityKey != Record.tag(Tag(name: "books")).identityKey)
        #expect(Record.settings(Settings()).identityKey == Record.settings(Settings(appearance: .dark)).identityKey)
    }

    @Test func theTextFormIsStable() {
        let key = Record.citation(Citation(text: "Carpe diem.", author: "Horace")).identityKey
        #expect(key.description.hasPrefix("citation:"))
        #expect(key.description.count == "citation:".count + 32)
        #expect(key == Record.citation(Citation(text: "carpe diem", author: "horace")).identityKey)
    }

    @Test func theByteLevelCitationKeyIsTheKeyOfTheFoldedStrings() async {
        await propertyCheck(count: 300, input: NormalisationSamples.text) { text in
            for author in [nil, text, "Aristotle"] as [String?] {
                let citation = Citation(text: text, author: author)
                #expect(citation.identityKey
                        == IdentityKey(kind: .citation, parts: TextNormalisation.normalise(text), citation.author.map(TextNormalisation.normalise)))
            }
        }
    }

    @Test func keysNeverReplaceTheContent() {
        let citation = Citation(text: "  “Carpe  Diem.” ", author: "Horace")
        _ = Record.citation(citation).identityKey
        #expect(citation.text == "  “Carpe  Diem.” ")
    }

    @Test func bookmarkKeysUseTheNormalisedURLOrTheNormalisedText() {
        let a = Record.bookmark(Bookmark(text: "https://Example.org/a/?utm_source=feed"))
        let b = Record.bookmark(Bookmark(text: "https://example.org/a"))
        let c = Record.bookmark(Bookmark(text: "http://example.org/a"))
        #expect(a.identityKey == b.identityKey)
        #expect(a.identityKey != c.identityKey)
        let d = Record.bookmark(Bookmark(text: "Read “Walden” again"))
        let e = Record.bookmark(Bookmark(text: "read \"walden\" again."))
        #expect(d.identityKey == e.identityKey)
    }
}
