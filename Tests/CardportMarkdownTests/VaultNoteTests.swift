@testable import CardportMarkdown
import Foundation
import Testing

/// Updating a note's generated blocks while keeping everything else byte for byte.
@Suite struct VaultNoteTests {
    static func block(_ id: String, _ text: String) -> NoteBlock {
        NoteBlock(id: id, body: "> \(text)\n\n^\(id)\n")
    }

    static func fenced(_ id: String, _ text: String) -> String {
        let body = "> \(text)\n\n^\(id)\n"
        return "<!-- cardport:begin \(id) fp=\(NoteBlock.fingerprint(body)) -->\n\(body)<!-- cardport:end -->\n"
    }

    @Test func parsingAndPrintingGiveBackTheSameText() {
        let text = "---\nkey: 1\ncardport-source: b\n---\n\n# Title\n\n" + Self.fenced("aa", "One.") + "\nMine.\n"
            + "<!-- cardport:begin bb fp=0 -->\nnever closed\n"
        let note = VaultNote(parsing: text)
        #expect(note.text == text)
        #expect(note.frontMatter == "---\nkey: 1\ncardport-source: b\n---\n")
        #expect(note.segments.filter { if case .block = $0 { true } else { false } }.count == 1)
        #expect(VaultNote.source(in: Substring(text)) == "b")
    }

    @Test func addsInBookOrderAndRemovesWhatIsNoLongerWanted() {
        var note = VaultNote(parsing: "# T\n\n" + Self.fenced("bb", "Two.") + "\n" + Self.fenced("dd", "Four.") + "\nMine.\n")
        let update = note.update(to: [Self.block("aa", "One."), Self.block("bb", "Two."), Self.block("cc", "Three.")], force: false)
        #expect(update.conflicts.isEmpty)
        #expect(note.text == "# T\n\n" + Self.fenced("aa", "One.") + "\n" + Self.fenced("bb", "Two.") + "\n"
            + Self.fenced("cc", "Three.") + "\nMine.\n")
    }

    @Test func aHandEditedBlockIsKeptUnlessForced() {
        let edited = Self.fenced("aa", "One.").replacingOccurrences(of: "One.", with: "One, my way.")
        var note = VaultNote(parsing: "# T\n\n" + edited)
        #expect(note.update(to: [Self.block("aa", "One!")], force: false).conflicts == ["aa"])
        #expect(note.text == "# T\n\n" + edited)
        #expect(note.update(to: [Self.block("aa", "One!")], force: true).conflicts.isEmpty)
        #expect(note.text == "# T\n\n" + Self.fenced("aa", "One!"))
    }

    @Test func aNoteWithoutBlocksGetsThemAtTheEnd() {
        var note = VaultNote(parsing: "---\ncardport-source: b\n---\nMine.")
        _ = note.update(to: [Self.block("aa", "One."), Self.block("bb", "Two.")], force: false)
        #expect(note.text == "---\ncardport-source: b\n---\nMine.\n\n" + Self.fenced("aa", "One.") + "\n" + Self.fenced("bb", "Two."))
    }
}
