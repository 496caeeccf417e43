import CardportCore

/// Writes the native document as block-style YAML.
///
/// The first kind it is given streams straight out; other kinds are held (as their YAML) until
/// ``finish()`` and written in kind order after it, then the settings, as the JSON document does.
final class YAMLWriter: RecordWriter {
    private let output: ByteOutput
    private var writer = YAMLBlockWriter()
    private var streamingKind: RecordKind?
    private var held: [RecordKind: YAMLBlockWriter] = [:]
    private var settings: Settings?
    private(set) var losses = LossReport()

    /// Output collects up to this many bytes before it goes to the file.
    private static let flushThreshold = 1 << 16

    init(output: ByteOutput) {
        self.output = output
        writer.append("format: cardport\nversion: 1\n")
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
            YAMLWriter.openSection(kind, into: &writer)
        } else if kind != streamingKind {
            var section = held[kind] ?? YAMLBlockWriter(capacity: 1 << 12)
            RecordYAMLEncoder.item(record, indent: 0, into: &section)
            held[kind] = section
            return
        }
        RecordYAMLEncoder.item(record, indent: 0, into: &writer)
        if writer.bytes.count >= YAMLWriter.flushThreshold { try flush() }
    }

    private static func openSection(_ kind: RecordKind, into writer: inout YAMLBlockWriter) {
        writer.key(text: kind.pluralName, indent: 0)
        writer.nested()
    }

    func finish() throws(CardportError) {
        for kind in RecordKind.allCases {
            guard let section = held.removeValue(forKey: kind) else { continue }
            YAMLWriter.openSection(kind, into: &writer)
            try flush()
            try output.write(section.bytes)
        }
        if let settings {
            writer.append("settings:\n")
            RecordYAMLEncoder.mapping(.settings(settings), indent: 2, into: &writer)
        }
        try flush()
        try output.flush()
    }

    private func flush() throws(CardportError) {
        try output.write(writer.bytes)
        writer.removeAll()
    }
}
