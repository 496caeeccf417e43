import Cardport
import CardportCore
import Foundation
import PropertyBased
import CardportMachinery
import Testing

@Suite struct MergeEngineTests {
    static func dedupe(_ records: [Record], options: MergeOptions = MergeOptions()) -> MergeResult {
        var engine = MergeEngine(options: options)
        let input = engine.beginInput(name: "in")
        for record in records { engine.addIncoming(record, input: input) }
        return engine.finish()
    }

    static func merge(existing: [Record], incoming: [Record], policy: MergePolicy, near: Bool = false) -> MergeResult {
        var engine = MergeEngine(options: MergeOptions(policy: policy, foldsNearDuplicates: near))
        for record in existing { engine.addExisting(record) }
        let input = engine.beginInput(name: "in")
        for record in incoming { engine.addIncoming(record, input: input) }
        return engine.finish()
    }

    static func encoded(_ records: [Record]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(records)
    }

    @Test func reservingRoomChangesNothingButRoom() throws {
        let records: [Record] = (0..<50).map { number in
            .citation(Citation(text: "Line \(number % 20) of the poem and more", author: "Anon", source: "Poems"))
        } + [.citation(Citation(text: "Line 3 of the poem", author: "Anon", source: "Poems"))]
        var engine = MergeEngine(options: MergeOptions(foldsNearDuplicates: true))
        engine.reserveCapacity(7)
        let input = engine.beginInput(name: "in")
        for record in records { engine.addIncoming(record, input: input) }
        let reserved = engine.finish()
        let plain = Self.dedupe(records, options: MergeOptions(foldsNearDuplicates: true))
        #expect(reserved.records == plain.records)
        #expect(reserved.report == plain.report)
        #expect(reserved.records.count == 20)
    }

    @Test func foldsExactCopiesIntoTheFirst() throws {
        let result = Self.dedupe([
            .citation(Citation(text: "Well begun is half done.", author: "Aristotle", tags: ["wisdom"])),
            .citation(Citation(text: "“well begun is half done”", author: "ARISTOTLE", tags: ["Wisdom", "start"], isFavourite: true)),
            .citation(Citation(text: "Carpe diem.", author: "Horace")),
        ])
        #expect(result.records.count == 2)
        guard case .citation(let first) = result.records[0] else { Issue.record("not a citation"); return }
        #expect(first.text == "Well begun is half done.")
        #expect(first.tags == ["wisdom", "start"])
        #expect(first.isFavourite)
        let counts = result.report.total
        #expect((counts.read, counts.added, counts.exactDuplicates, counts.nearDuplicates) == (3, 2, 1, 0))
    }

    @Test func nearDuplicatesAreGroupedByTheSourceAMergeLeaves() {
        let records: [Record] = [
            .citation(Citation(text: "Well begun is half done, they say.", author: "Aristotle", source: "Odes",
                               updatedAt: Timestamp(parsing: "2020-01-01T00:00:00Z"))),
            .citation(Citation(text: "well begun is half done, they say", author: "Aristotle", source: "Politics",
                               updatedAt: Timestamp(parsing: "2021-01-01T00:00:00Z"))),
            .citation(Citation(text: "Well begun is half", author: "Aristotle", source: "Politics")),
        ]
        let result = Self.dedupe(records, options: MergeOptions(foldsNearDuplicates: true))
        #expect(result.report.total.exactDuplicates == 1)
        #expect(result.report.total.nearDuplicates == 1)
        #expect(result.records.count == 1)
    }

    @Test func reportsNearDuplicatesAndFoldsThemOnlyWhenAsked() {
        let records: [Record] = [
            .citation(Citation(text: "Well begun is half", author: "Aristotle", source: "Politics")),
            .citation(Citation(text: "Well begun is half done, they say.", author: "Aristotle", source: "Politics")),
            .citation(Citation(text: "begun is half done", author: "Aristotle", source: "Odes")),
            .citation(Citation(text: "gun is half", author: "Aristotle", source: "Politics")),
        ]
        let reported = Self.dedupe(records)
        #expect(reported.records.count == 4)
        #expect(reported.report.total.nearDuplicatesFound == 1)
        let folded = Self.dedupe(records, options: MergeOptions(foldsNearDuplicates: true))
        #expect(folded.records.count == 3)
        #expect(folded.report.total.nearDuplicates == 1)
        guard case .citation(let kept) = folded.records[0] else { Issue.record("not a citation"); return }
        // The first copy keeps its place and id, and takes the longer text that contains it.
        #expect(kept.text == "Well begun is half done, they say.")
        #expect(kept.id == Citation(text: "Well begun is half", author: "Aristotle", source: "Politics").id)
    }

    @Test func bookmarksThatDifferOnlyByWWWAreNearDuplicates() {
        let records: [Record] = [
            .bookmark(Bookmark(text: "https://www.example.org/a")),
            .bookmark(Bookmark(text: "https://example.org/a/?utm_source=feed")),
            .bookmark(Bookmark(text: "http://example.org/a")),
        ]
        #expect(Self.dedupe(records).report.total.nearDuplicatesFound == 1)
        let folded = Self.dedupe(records, options: MergeOptions(foldsNearDuplicates: true))
        #expect(folded.records.count == 2)
    }

    @Test func countsUpdatedAndUnchangedAgainstExistingRecords() {
        let existing: [Record] = [
            .citation(Citation(text: "Carpe diem.", author: "Horace")),
            .citation(Citation(text: "Know thyself.")),
        ]
        let incoming: [Record] = [
            .citation(Citation(text: "carpe diem", author: "horace", tags: ["latin"])),
            .citation(Citation(text: "Know thyself.")),
            .citation(Citation(text: "New one.")),
        ]
        let result = Self.merge(existing: existing, incoming: incoming, policy: .newest)
        #expect(result.statuses == [.updated, .unchanged, .added])
        let counts = result.report.total
        #expect((counts.updated, counts.unchanged, counts.added) == (1, 1, 1))
        #expect(result.report.existingUpdated == 1)
    }

    @Test func listsTheGroupsItFolds() {
        let result = Self.dedupe([
            .citation(Citation(text: "Carpe diem.", author: "Horace")),
            .citation(Citation(text: "Other.")),
            .citation(Citation(text: "CARPE DIEM", author: "Horace")),
        ], options: MergeOptions(collectsGroups: true))
        #expect(result.groups.count == 1)
        #expect(result.groups.first?.kept.ordinal == 1)
        #expect(result.groups.first?.folded.map(\.ordinal) == [3])
        #expect(result.groups.first?.folded.map(\.match) == [.exact])
    }

    @Test func rejectedRecordsAreCountedWithTheirLocation() {
        var engine = MergeEngine()
        let input = engine.beginInput(name: "in.jsonl", format: "jsonl")
        engine.reject(CardportError(.malformedInput, "bad line", location: SourceLocation(file: "in.jsonl", line: 2, column: 1, offset: 10)), input: input)
        let report = engine.finish().report
        #expect(report.total.rejected == 1)
        #expect(report.total.read == 1)
        #expect(report.rejections.first?.location?.line == 2)
        #expect(report.rejections.first?.reason == "bad line")
    }

    // MARK: Laws

    @Test(arguments: [false, true])
    func mergingAResultWithItselfChangesNothing(near: Bool) async {
        await propertyCheck(count: 150, input: MergeSamples.records) { records in
            let result = Self.dedupe(records, options: MergeOptions(foldsNearDuplicates: near)).records
            let again = Self.merge(existing: result, incoming: result, policy: .newest, near: near)
            #expect(again.records == result)
            #expect(again.statuses.allSatisfy { $0 == .unchanged })
            #expect(Self.dedupe(result, options: MergeOptions(foldsNearDuplicates: near)).records == result)
        }
    }

    @Test func theSameInputsGiveByteIdenticalOutput() async {
        await propertyCheck(count: 150, input: MergeSamples.records) { records in
            for policy in MergePolicy.allCases {
                let options = MergeOptions(policy: policy, foldsNearDuplicates: true)
                let first = try Self.encoded(Self.dedupe(records, options: options).records)
                let second = try Self.encoded(Self.dedupe(records, options: options).records)
                #expect(first == second)
            }
        }
    }

    @Test(arguments: MergePolicy.allCases)
    func noContentIsLost(policy: MergePolicy) async {
        await propertyCheck(count: 150, input: MergeSamples.records) { records in
            let output = Self.dedupe(records, options: MergeOptions(policy: policy, foldsNearDuplicates: true)).records
            let outputCitations = output.compactMap { record -> Citation? in
                if case .citation(let c) = record { return c } else { return nil }
            }
            for case .citation(let input) in records {
                let text = TextNormalisation.normalise(input.text)
                let author = input.author.map(TextNormalisation.normalise)
                let homes = outputCitations.filter { output in
                    output.author.map(TextNormalisation.normalise) == author && Self.containsWords(TextNormalisation.normalise(output.text), text)
                }
                #expect(!homes.isEmpty, "'\(input.text)' is nowhere in the output")
                // Tags are united, favourite is OR, notes are joined: the record it went into has them.
                #expect(homes.contains { home in
                    let tags = Set(home.tags.map(TextNormalisation.normalise))
                    return input.tags.allSatisfy { tags.contains(TextNormalisation.normalise($0)) }
                        && (!input.isFavourite || home.isFavourite)
                        && (input.note.map { home.note?.contains($0) == true } ?? true)
                }, "'\(input.text)' lost its tags, favourite or note")
            }
        }
    }

    @Test func existingNeverChangesAnExistingField() async {
        await propertyCheck(count: 150, input: MergeSamples.records) { records in
            let existing = Self.dedupe(Array(records.prefix(records.count / 2))).records
            let incoming = Array(records.dropFirst(records.count / 2))
            let result = Self.merge(existing: existing, incoming: incoming, policy: .existing)
            for (before, after) in zip(existing, result.records) {
                switch (before, after) {
                case (.citation(let b), .citation(let a)):
                    #expect(a.id == b.id && a.text == b.text && a.isArchived == b.isArchived)
                    if b.author != nil { #expect(a.author == b.author) }
                    if b.source != nil { #expect(a.source == b.source) }
                    if b.updatedAt != nil { #expect(a.updatedAt == b.updatedAt) }
                    #expect(Array(a.tags.prefix(b.tags.count)) == b.tags)
                case (.bookmark(let b), .bookmark(let a)):
                    #expect(a.text == b.text)
                    if b.name != nil { #expect(a.name == b.name) }
                case (.tag(let b), .tag(let a)):
                    #expect(a.name == b.name)
                    if b.colour != nil { #expect(a.colour == b.colour) }
                default:
                    #expect(before.kind == after.kind)
                }
            }
        }
    }

    @Test func incomingAlwaysTakesTheIncomingField() async {
        await propertyCheck(count: 150, input: MergeSamples.records) { records in
            let existing = Self.dedupe(Array(records.prefix(records.count / 2))).records
            // One incoming copy per card, so "the incoming field" is well defined.
            let incoming = Self.dedupe(Array(records.dropFirst(records.count / 2))).records
            let result = Self.merge(existing: existing, incoming: incoming, policy: .incoming)
            let byKey = Dictionary(result.records.map { ($0.identityKey, $0) }, uniquingKeysWith: { first, _ in first })
            for record in incoming {
                guard let merged = byKey[record.identityKey] else {
                    Issue.record("incoming record missing")
                    continue
                }
                switch (record, merged) {
                case (.citation(let i), .citation(let m)):
                    #expect(m.text == i.text && m.isArchived == i.isArchived)
                    if i.author != nil { #expect(m.author == i.author) }
                    if i.source != nil { #expect(m.source == i.source) }
                    if i.updatedAt != nil { #expect(m.updatedAt == i.updatedAt) }
                case (.bookmark(let i), .bookmark(let m)):
                    #expect(m.text == i.text)
                    if i.name != nil { #expect(m.name == i.name) }
                case (.tag(let i), .tag(let m)):
                    if i.colour != nil { #expect(m.colour == i.colour) }
                default:
                    #expect(record.kind == merged.kind)
                }
            }
        }
    }

    /// Whether `needle` occurs in `haystack` as whole words.
    static func containsWords(_ haystack: String, _ needle: String) -> Bool {
        haystack == needle || (" " + haystack + " ").contains(" " + needle + " ")
    }
}
