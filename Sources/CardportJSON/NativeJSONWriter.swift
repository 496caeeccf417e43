import CardportCore
import CardportMachinery

final class NativeJSONWriter: ProvenanceWriter {
    private let output: ByteOutput
    private let writer = JSONWriter(capacity: 1 << 17)
    // A writer belongs to one thread at a time: the fields touched per record go without run-time
    // exclusivity checks.
    @exclusivity(unchecked) private var sections = SectionedRecords<JSONWriter>()
    @exclusivity(unchecked) private(set) var losses = LossReport()
    var provenance: [Provenance] = []
    var origins = OriginLedger()
    private(set) var checksum: String?
    private var started = false

    init(output: ByteOutput) {
        self.output = output
    }

    /// Opens the document: version 2 when it carries origins, else 1 (see ``NativeJSONFormat/version``).
    private func start() {
        guard !started else { return }
        started = true
        writer.raw("{\n  \"format\": \"cardport\",\n  \"version\": ")
        writer.int(origins.isEmpty ? 1 : 2)
    }

    func write(_ record: Record) throws(CardportError) {
        start()
        switch sections.place(record, losses: &losses) {
        case .settings:
            return
        case .opening(let kind):
            NativeJSONWriter.openSection(kind, into: writer)
        case .streaming:
            writer.raw(",\n    ")
        case .holding(let kind):
            sections.hold(kind, make: { JSONWriter() }) { section, isFirst in
                if !isFirst { section.raw(",\n    ") }
                RecordJSONEncoder.encode(record, kind: false, into: section)
            }
            return
        }
        RecordJSONEncoder.encode(record, kind: false, into: writer)
        try writer.flush(to: output)
    }

    private static func openSection(_ kind: RecordKind, into writer: JSONWriter) {
        writer.raw(",\n  ")
        writer.string(kind.pluralName)
        writer.raw(": [\n    ")
    }

    func finish() throws(CardportError) {
        start()
        if sections.isStreaming { writer.raw("\n  ]") }
        for (kind, section) in sections.takeHeld() {
            NativeJSONWriter.openSection(kind, into: writer)
            try writer.flush(to: output, threshold: 0)
            try output.write(section.bytes)
            writer.raw("\n  ]")
        }
        if let settings = sections.settings {
            writer.raw(",\n  \"settings\": ")
            RecordJSONEncoder.encode(.settings(settings), kind: false, into: writer)
        }
        try list(",\n  \"provenance\": [", provenance, ProvenanceJSON.encode)
        try list(",\n  \"sources\": [", origins.sources, OriginLedgerJSON.encode)
        try list(",\n  \"origins\": [", origins.entries, OriginLedgerJSON.encode)
        let traced = RecordKind.allCases.filter { origins.addedBy[$0] != nil }
        if !traced.isEmpty {
            writer.raw(",\n  \"added_by\": {")
            for (i, kind) in traced.enumerated() {
                writer.raw(i == 0 ? "\n    " : ",\n    ")
                writer.string(kind.pluralName)
                writer.raw(": [")
                for (j, place) in origins.addedBy[kind]!.enumerated() {
                    if j > 0 { writer.byte(0x2C) }
                    if let place { writer.int(place) } else { writer.raw("null") }
                    try writer.flush(to: output)
                }
                writer.byte(0x5D)
            }
            writer.raw("\n  }")
        }
        if output.digest != nil {
            // The checksum covers every byte before its opening quote.
            writer.raw(",\n  \"checksum\": ")
            try writer.flush(to: output, threshold: 0)
            let hex = output.digest!.hex
            checksum = hex
            writer.raw("\"sha256:")
            writer.unescaped(hex)
            writer.byte(0x22)
        }
        writer.raw("\n}\n")
        try writer.flush(to: output, threshold: 0)
        try output.flush()
    }

    /// Writes a backup section of one object per line, opened by `opening`; nothing for no items.
    private func list<Item>(_ opening: StaticString, _ items: [Item],
                            _ encode: (Item, JSONWriter) -> Void) throws(CardportError) {
        guard !items.isEmpty else { return }
        writer.raw(opening)
        for (i, item) in items.enumerated() {
            writer.raw(i == 0 ? "\n    " : ",\n    ")
            encode(item, writer)
            try writer.flush(to: output)
        }
        writer.raw("\n  ]")
    }
}
