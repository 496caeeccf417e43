import CardportCore

/// Writes the native document as block-style YAML through libyaml's emitter.
///
/// The first kind it is given streams straight out; other kinds are held until ``finish()`` and
/// written in kind order after it, then the settings, as the JSON document does.
final class YAMLWriter: RecordWriter {
    private let output: ByteOutput
    private let emitter = YAMLEmitter()
    private var streamingKind: RecordKind?
    private var held: [RecordKind: [Record]] = [:]
    private var settings: Settings?
    private(set) var losses = LossReport()
    private var isFinished = false

    /// Output collects in the emitter up to this many bytes before it goes to the file.
    private static let drainThreshold = 1 << 16

    init(output: ByteOutput) {
        self.output = output
        emitter.streamStart()
        emitter.documentStart()
        emitter.mappingStart()
        emitter.plain("format")
        emitter.plain("cardport")
        emitter.plain("version")
        emitter.plain(String(YAMLFormat.version))
    }

    func write(_ record: Record) throws(CardportError) {
        precondition(!isFinished, "write after finish")
        if case .settings(let value) = record {
            if settings != nil { losses.dropRecord(of: .settings) }
            settings = value
            return
        }
        let kind = record.kind
        if streamingKind == nil {
            streamingKind = kind
            emitter.plain(kind.pluralName)
            emitter.sequenceStart()
        } else if kind != streamingKind {
            held[kind, default: []].append(record)
            return
        }
        RecordYAMLEncoder.encode(record, into: emitter)
        if emitter.bytes.count >= YAMLWriter.drainThreshold { try drain() }
    }

    func finish() throws(CardportError) {
        guard !isFinished else { return }
        isFinished = true
        if streamingKind != nil { emitter.sequenceEnd() }
        for kind in RecordKind.allCases {
            guard let records = held.removeValue(forKey: kind) else { continue }
            emitter.plain(kind.pluralName)
            emitter.sequenceStart()
            for record in records {
                RecordYAMLEncoder.encode(record, into: emitter)
                if emitter.bytes.count >= YAMLWriter.drainThreshold { try drain() }
            }
            emitter.sequenceEnd()
        }
        if let settings {
            emitter.plain("settings")
            RecordYAMLEncoder.encode(.settings(settings), into: emitter)
        }
        emitter.mappingEnd()
        emitter.documentEnd()
        emitter.streamEnd()
        try drain()
        try output.flush()
    }

    private func drain() throws(CardportError) {
        let bytes = emitter.take()
        if let failure = emitter.failure {
            throw CardportError(.io, "could not write YAML to '\(output.name)': \(failure)")
        }
        try output.write(bytes)
    }
}
