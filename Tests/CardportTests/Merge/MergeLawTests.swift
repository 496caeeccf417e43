import Cardport
import CardportCore
import CardportTestSupport
import PropertyBased
import Testing

/// The laws Merging.md states for two copies of one card, each checked against a model written
/// here from the text of the law: `newest` takes the copy with the later `updatedAt` and keeps the
/// existing one on a tie or without dates; `createdAt` is the earliest; extras are joined; and every
/// record read is counted in exactly one column of the report.
@Suite struct MergeLawTests {
    /// Two copies of one citation (the same text and author, so the same card) that disagree on the
    /// other fields the winner decides, with dates from a small set so ties are common.
    struct Pair: Sendable, CustomTestStringConvertible {
        var existing: Citation
        var incoming: Citation
        var testDescription: String { "existing \(existing)\nincoming \(incoming)" }
    }

    static let dates: [Timestamp?] = [nil, Timestamp(year: 2020, month: 1, day: 1, isDateOnly: true),
                                      Timestamp(year: 2021, month: 6, day: 1, hour: 12, minute: 0, second: 0, zone: .utc),
                                      Timestamp(year: 2023, month: 3, day: 5, isDateOnly: true)]

    /// A failing pair shrinks one copy's field at a time: an extra left out, a date cleared, the
    /// archived flag cleared; the text and author stay, so the copies stay one card.
    static let pairs = Generator<Pair, Shrinking<Pair>>(run: { rng in
        func copy(_ label: String, using rng: inout some RandomNumberGenerator) -> Citation {
            var extras: [String: String] = [:]
            for key in ["shared", label] where Bool.random(using: &rng) {
                extras[key] = Bool.random(using: &rng) ? "same" : "\(label) value"
            }
            return Citation(text: "Well begun is half done.", author: "Aristotle", source: "\(label) source",
                            isArchived: Bool.random(using: &rng),
                            createdAt: dates.randomElement(using: &rng)!, updatedAt: dates.randomElement(using: &rng)!,
                            location: CitationLocation(page: label), extras: extras)
        }
        return Pair(existing: copy("existing", using: &rng), incoming: copy("incoming", using: &rng))
    }, shrink: { pair in
        simpler(pair.existing).map { Pair(existing: $0, incoming: pair.incoming) }
            + simpler(pair.incoming).map { Pair(existing: pair.existing, incoming: $0) }
    })

    static func simpler(_ copy: Citation) -> Shrinking<Citation> {
        Shrinking.removing(from: copy.extras.keys.sorted()).map { keys in
            var copy = copy
            copy.extras = copy.extras.filter { keys.contains($0.key) }
            return copy
        }
            + Shrinking.clearing(copy.createdAt, to: nil).map { var copy = copy; copy.createdAt = $0; return copy }
            + Shrinking.clearing(copy.updatedAt, to: nil).map { var copy = copy; copy.updatedAt = $0; return copy }
            + Shrinking.clearing(copy.isArchived, to: false).map { var copy = copy; copy.isArchived = $0; return copy }
    }

    static func merged(_ pair: Pair, policy: MergePolicy) throws -> Citation {
        var engine = MergeEngine(options: MergeOptions(policy: policy))
        engine.addExisting(.citation(pair.existing))
        let input = engine.beginInput(name: "in")
        engine.addIncoming(.citation(pair.incoming), input: input)
        let records = engine.finish().records
        #expect(records.count == 1)
        guard case .citation(let citation) = try #require(records.first) else {
            Issue.record("not a citation: \(records)")
            return pair.existing
        }
        return citation
    }

    @Test func newestTakesTheLaterUpdateAndKeepsTheExistingCopyOnATie() async {
        await propertyCheck(count: 200, input: Self.pairs) { pair in
            let result = try Self.merged(pair, policy: .newest)
            // The law, written out: the incoming copy wins only with an updatedAt later than the existing one's.
            let incomingWins: Bool
            switch (pair.existing.updatedAt, pair.incoming.updatedAt) {
            case (let existing?, let incoming?): incomingWins = incoming > existing
            case (nil, _?): incomingWins = true
            default: incomingWins = false
            }
            let winner = incomingWins ? pair.incoming : pair.existing
            #expect(result.source == winner.source)
            #expect(result.isArchived == winner.isArchived)
            #expect(result.location == winner.location)
            #expect(result.updatedAt == (winner.updatedAt ?? (incomingWins ? pair.existing : pair.incoming).updatedAt))
            #expect(result.id == pair.existing.id, "the merged card keeps the first copy's id")
        }
    }

    @Test(arguments: MergePolicy.allCases)
    func createdAtIsTheEarliest(policy: MergePolicy) async {
        await propertyCheck(count: 100, input: Self.pairs) { pair in
            let result = try Self.merged(pair, policy: policy)
            let dates = [pair.existing.createdAt, pair.incoming.createdAt].compactMap { $0 }
            #expect(result.createdAt == dates.min())
        }
    }

    @Test(arguments: MergePolicy.allCases)
    func extrasAreJoinedNeverDropped(policy: MergePolicy) async {
        await propertyCheck(count: 100, input: Self.pairs) { pair in
            let result = try Self.merged(pair, policy: policy)
            #expect(Set(result.extras.keys) == Set(pair.existing.extras.keys).union(pair.incoming.extras.keys))
            for (key, value) in result.extras {
                let values = [pair.existing.extras[key], pair.incoming.extras[key]].compactMap { $0 }
                // One value per line, each once.
                let lines = value.split(separator: "\n").map(String.init)
                #expect(Set(lines) == Set(values), "\(key): \(value)")
                #expect(lines.count == Set(lines).count, "\(key) repeats a value: \(value)")
            }
        }
    }

    @Test(arguments: [false, true])
    func everyRecordReadIsInExactlyOneColumn(near: Bool) async {
        await propertyCheck(count: 150, input: MergeSamples.records) { records in
            var engine = MergeEngine(options: MergeOptions(foldsNearDuplicates: near))
            let half = records.count / 2
            for record in records.prefix(half) { engine.addExisting(record) }
            let input = engine.beginInput(name: "in")
            for record in records.dropFirst(half) { engine.addIncoming(record, input: input) }
            let result = engine.finish()
            let counts = result.report.total
            #expect(counts.read == records.count - half)
            #expect(counts.added + counts.updated + counts.unchanged + counts.exactDuplicates + counts.nearDuplicates
                    + counts.rejected == counts.read, "\(counts)")
        }
    }
}
