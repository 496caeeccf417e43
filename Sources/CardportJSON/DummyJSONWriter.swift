import CardportCore

final class DummyJSONWriter: RecordWriter {
    private let output: ByteOutput
    private var writer = JSONWriter(capacity: 1 << 17)
    private var count = 0
    private(set) var losses = LossReport()

    init(output: ByteOutput) {
        self.output = output
        writer.raw("{\"quotes\":[")
    }

    func write(_ record: Record) throws(CardportError) {
        guard case .citation(let citation) = record else { return }
        count += 1
        writer.raw(count == 1 ? "\n" : ",\n")
        writer.raw("{\"id\":")
        let kept = citation.extras[DummyJSONFormat.idKey]
        let number = kept.flatMap { Int($0) } ?? count
        writer.int(number)
        // What reading this quote back gives as its id; anything else is an id the format cannot keep.
        if citation.id != RecordID.foreign(namespace: "dummyjson", id: String(number)) {
            losses.dropField("id", of: .citation)
        }
        if kept != nil, Int(kept!) == nil { losses.dropField("extras", of: .citation) }
        writer.raw(",\"quote\":")
        writer.string(citation.text)
        writer.raw(",\"author\":")
        writer.string(citation.author ?? "")
        writer.byte(0x7D)
        CitationLosses.count(citation, keeping: [], extrasKept: [DummyJSONFormat.idKey], into: &losses)
        try writer.flush(to: output)
    }

    func finish() throws(CardportError) {
        writer.raw(count == 0 ? "]" : "\n]")
        writer.raw(",\"total\":")
        writer.int(count)
        writer.raw(",\"skip\":0,\"limit\":")
        writer.int(count)
        writer.raw("}\n")
        try writer.flush(to: output, threshold: 0)
        try output.flush()
    }
}
