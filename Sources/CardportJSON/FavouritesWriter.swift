import CardportCore

final class FavouritesWriter: RecordWriter {
    private let output: ByteOutput
    private var writer = JSONWriter(capacity: 1 << 17)
    private var count = 0
    private(set) var losses = LossReport()

    init(output: ByteOutput) {
        self.output = output
        writer.byte(0x5B)
    }

    func write(_ record: Record) throws(CardportError) {
        guard case .citation(let citation) = record else { return }
        count += 1
        writer.raw(count == 1 ? "\n  {\"quote\":" : ",\n  {\"quote\":")
        writer.string(citation.text)
        writer.raw(",\"author\":")
        writer.string(citation.author ?? "")
        writer.byte(0x7D)
        CitationLosses.count(citation, keeping: ["favourite"], into: &losses)
        // Favourites have no ids; reading one back derives its id from the quote and author.
        if citation.id != RecordID.citation(text: citation.text, author: citation.author, source: nil) {
            losses.dropField("id", of: .citation)
        }
        if !citation.isFavourite { losses.dropField("favourite", of: .citation) }
        try writer.flush(to: output)
    }

    func finish() throws(CardportError) {
        writer.raw(count == 0 ? "]\n" : "\n]\n")
        try writer.flush(to: output, threshold: 0)
        try output.flush()
    }
}
