import CardportCore

extension DummyJSONFormat {
    /// Writes the page object: `{"quotes":[…],"total":N,"skip":0,"limit":N}`, one quote per line.
    static func makeQuoteWriter(_ output: ByteOutput) -> QuoteListWriter {
        QuoteListWriter(output: output, opening: "{\"quotes\":[") { citation, position, writer, losses in
            writer.raw(position == 1 ? "\n{\"id\":" : ",\n{\"id\":")
            let kept = citation.extras[idKey]
            let number = kept.flatMap { Int($0) } ?? position
            writer.int(number)
            writer.raw(",\"quote\":")
            writer.string(citation.text)
            writer.raw(",\"author\":")
            writer.string(citation.author ?? "")
            writer.byte(0x7D)
            // A DummyJSON id that is not a number cannot be written; it counts with the other extras.
            CitationLosses.count(citation, keeping: [], extrasKept: kept.flatMap { Int($0) } != nil ? [idKey] : [],
                                 into: &losses)
            // What reading this quote back gives as its id; anything else is an id the format cannot keep.
            if citation.id != RecordID.foreign(namespace: "dummyjson", id: String(number)) {
                losses.dropField("id", of: .citation)
            }
        } close: { count, writer in
            writer.raw(count == 0 ? "]" : "\n]")
            writer.raw(",\"total\":")
            writer.int(count)
            writer.raw(",\"skip\":0,\"limit\":")
            writer.int(count)
            writer.raw("}\n")
        }
    }
}
