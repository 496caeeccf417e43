import CardportCore
import CardportJSON

/// Writes the native document as block-style YAML.
///
/// Records go in the native document's order (`SectionedRecords`, as in the JSON document): the
/// first kind streams straight out, other kinds are held as their YAML until ``finish()``.
final class YAMLWriter: RecordWriter {
    private let output: ByteOutput
    private var writer = YAMLBlockWriter()
    private var sections = SectionedRecords<YAMLBlockWriter>()
    private(set) var losses = LossReport()

    /// Output collects up to this many bytes before it goes to the file.
    private static let flushThreshold = 1 << 16

    init(output: ByteOutput) {
        self.output = output
        writer.append("format: cardport\nversion: 1\n")
    }

    func write(_ record: Record) throws(CardportError) {
        switch sections.place(record, losses: &losses) {
        case .settings:
            return
        case .opening(let kind):
            YAMLWriter.openSection(kind, into: &writer)
        case .streaming:
            break
        case .holding(let kind):
            sections.hold(kind, make: { YAMLBlockWriter(capacity: 1 << 12) }) { section, _ in
                RecordYAMLEncoder.item(record, indent: 0, into: &section)
            }
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
        for (kind, section) in sections.takeHeld() {
            YAMLWriter.openSection(kind, into: &writer)
            try flush()
            try output.write(section.bytes)
        }
        if let settings = sections.settings {
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
