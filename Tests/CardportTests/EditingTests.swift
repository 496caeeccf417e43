import Cardport
import CardportCore
import CardportStore
import CardportTestSupport
import Foundation
import PropertyBased
import Testing

@Suite struct EditingTests {
    /// A citation and changes to make to it: a new text, note, an added tag, a favourite flip.
    struct Case: Sendable {
        var citation: Citation
        var text: String?
        var note: String?
        var tag: String?
        var favourite: Bool?
    }

    /// A failing case shrinks one part at a time: a change left out, a new text or note shortened
    /// (never to nothing), or the citation simplified as the library generators simplify it.
    static let cases = Generator<Case, Shrinking<Case>>(run: { rng in
        Case(citation: RandomCards.citation(using: &rng),
             text: Bool.random(using: &rng) ? RandomCards.text(using: &rng, nonEmpty: true) : nil,
             note: Bool.random(using: &rng) ? RandomCards.text(using: &rng, nonEmpty: true) : nil,
             tag: Bool.random(using: &rng) ? "tag \(Int.random(in: 0...999, using: &rng))" : nil,
             favourite: Bool.random(using: &rng) ? Bool.random(using: &rng) : nil)
    }, shrink: simpler)

    @Sendable static func simpler(_ test: Case) -> sending Shrinking<Case> {
        @Sendable func changed(_ change: (inout Case) -> Void) -> Case {
            var test = test
            change(&test)
            return test
        }
        var out = Shrinking<Case>()
        out = out + Shrinking<String?>.clearing(test.text, to: nil).map { text in changed { $0.text = text } }
        out = out + Shrinking<String?>.clearing(test.note, to: nil).map { note in changed { $0.note = note } }
        out = out + Shrinking<String?>.clearing(test.tag, to: nil).map { tag in changed { $0.tag = tag } }
        out = out + Shrinking<Bool?>.clearing(test.favourite, to: nil).map { favourite in changed { $0.favourite = favourite } }
        if let text = test.text {
            out = out + Shrinking<String>.removingCharacters(of: text, keeping: 1).map { text in changed { $0.text = text } }
        }
        if let note = test.note {
            out = out + Shrinking<String>.removingCharacters(of: note, keeping: 1).map { note in changed { $0.note = note } }
        }
        let records = Shrinking<Record>(LibraryShrinker.simpler(.citation(test.citation)))
        out = out + records.compactMap { (record: Record) -> Case? in
            guard case .citation(let citation) = record else { return nil }
            return changed { $0.citation = citation }
        }
        return out
    }

    /// The store with `citation` in it, and the citation as the store keeps it.
    private static func store(_ citation: Citation, in directory: TemporaryDirectory) throws -> (Store, Citation) {
        let store = try Store(path: directory.file("store.sqlite"))
        try store.write { _ = try $0.upsert(.citation(citation), policy: .newest, provenance: nil) }
        guard case .citation(let stored)? = try Showing(store: store).run(ids: [citation.id]).first else {
            throw CardportError(.io, "the citation was not stored")
        }
        return (store, stored)
    }

    /// What the edit of `test` should make of `stored`, written out field by field.
    private static func expected(_ stored: Citation, _ test: Case, at now: Timestamp) -> Citation {
        var expected = stored
        if let text = test.text { expected.text = text }
        if let note = test.note { expected.note = note }
        if let tag = test.tag, !expected.tags.contains(where: { Tag(name: $0).identityKey == Tag(name: tag).identityKey }) {
            expected.tags.append(tag)
        }
        if let favourite = test.favourite { expected.isFavourite = favourite }
        if expected != stored { expected.updatedAt = now }
        return expected
    }

    private static func edit(_ test: Case) -> CardEdit {
        var edit = CardEdit()
        edit.text = test.text
        edit.note = test.note
        edit.addTags = test.tag.map { [$0] } ?? []
        edit.favourite = test.favourite
        return edit
    }

    @Test func anEditIsWhatShowShowsNext() async {
        await propertyCheck(count: 60, input: EditingTests.cases) { test in
            let directory = try TemporaryDirectory()
            let (store, stored) = try EditingTests.store(test.citation, in: directory)
            let now = Timestamp(secondsSince1970: 1_800_000_000)
            _ = try Editing(store: store).run(id: stored.id, edit: EditingTests.edit(test), now: now)
            let shown = try Showing(store: store).run(ids: [String(stored.id.prefix(8))])
            #expect(shown == [.citation(EditingTests.expected(stored, test, at: now))])
        }
    }

    @Test func anEditSurvivesABackupAndARestore() async {
        await propertyCheck(count: 40, input: EditingTests.cases) { test in
            let directory = try TemporaryDirectory()
            let (store, stored) = try EditingTests.store(test.citation, in: directory)
            let now = Timestamp(secondsSince1970: 1_800_000_000)
            let edited = try Editing(store: store).run(id: stored.id, edit: EditingTests.edit(test), now: now)
            _ = try Backup(store: store).write(to: directory.file("backup.json"))
            _ = try Restoring.run(directory.file("backup.json"), storePath: directory.file("restored.sqlite"), mode: nil)
            let restored = try Store(path: directory.file("restored.sqlite"))
            #expect(try Showing(store: restored).run(ids: [stored.id]) == [edited])
        }
    }

    @Test func aFieldTheKindLacksIsRefusedAndNothingChanges() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("store.sqlite"))
        try store.write { _ = try $0.upsert(.task(TaskItem(id: "task-1", description: "Write")), policy: .newest, provenance: nil) }
        var edit = CardEdit()
        edit.author = "Someone"
        #expect {
            _ = try Editing(store: store).run(id: "task", edit: edit)
        } throws: { error in
            (error as? CardportError)?.message == "a task has no author"
        }
        #expect(try Showing(store: store).run(ids: ["task-1"]) == [.task(TaskItem(id: "task-1", description: "Write"))])
    }

    @Test func aDocumentThatDoesNotReadChangesNothing() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("store.sqlite"))
        try store.write { _ = try $0.upsert(.task(TaskItem(id: "task-1", description: "Write")), policy: .newest, provenance: nil) }
        let editing = Editing(store: store)
        #expect(throws: CardportError.self) {
            _ = try editing.apply(document: "tasks:\n- id: task-1\n  description: [unclosed\n", id: "task-1", name: "edit")
        }
        #expect(throws: CardportError.self) {
            _ = try editing.apply(document: "tasks:\n- id: task-2\n  description: Other\n", id: "task-1", name: "edit")
        }
        #expect(try Showing(store: store).run(ids: ["task-1"]) == [.task(TaskItem(id: "task-1", description: "Write"))])
    }
}
