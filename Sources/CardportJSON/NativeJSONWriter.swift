import CardportCore
import CardportMachinery

final class NativeJSONWriter: ProvenanceWriter {
    private let output: ByteOutput
    private let writer = JSONWriter(capacity: 1 << 17)
    private var streamingKind: RecordKind?
    private var held: [RecordKind: JSONWriter] = [:]
    private var settings: Settings?
    private(set) var losses = LossReport()
    var provenance: [Provenance] = []
    private(set) var checksum: String?

    init(output: ByteOutput) {
        self.output = output
        writer.raw("{\n  \"format\": \"cardport\",\n  \"version\": 1")
    }

    func write(_ record: Record) throws(CardportError) {
        if case .settings(let value) = record {
            if settings != nil { losses.dropRecord(of: .settings) }
            settings = value
            return
        }
        let kind = record.kind
        if streamingKind == nil {
            streamingKind = kind
            NativeJSONWriter.openSection(kind, into: writer)
        } else if kind == streamingKind {
            writer.raw(",\n    ")
        } else {
            let section: JSONWriter
            if let known = held[kind] {
                section = known
                section.raw(",\n    ")
            } else {
                section = JSONWriter()
                held[kind] = section
            }
            RecordJSONEncoder.encode(record, kind: false, into: section)
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
        if streamingKind != nil { writer.raw("\n  ]") }
        for kind in RecordKind.allCases {
            guard let section = held[kind] else { continue }
            NativeJSONWriter.openSection(kind, into: writer)
            try writer.flush(to: output, threshold: 0)
            try output.write(section.bytes)
            writer.raw("\n  ]")
        }
        held = [:]
        if let settings {
            writer.raw(",\n  \"settings\": ")
            RecordJSONEncoder.encode(.settings(settings), kind: false, into: writer)
        }
        if !provenance.isEmpty {
            writer.raw(",\n  \"provenance\": [")
            for (i, entry) in provenance.enumerated() {
                writer.raw(i == 0 ? "\n    " : ",\n    ")
                ProvenanceJSON.encode(entry, into: writer)
            }
            writer.raw("\n  ]")
        }
        if output.digest != nil {
            // The checksum covers every byte before its opening quote.
            writer.raw(",\n  \"checksum\": ")
            try writer.flush(to: output, threshold: 0)
            let hex = output.digest!.finalize().hex
            checksum = hex
            writer.raw("\"sha256:")
            writer.unescaped(hex)
            writer.byte(0x22)
        }
        writer.raw("\n}\n")
        try writer.flush(to: output, threshold: 0)
        try output.flush()
    }
}
