import CardportCore

extension FavouritesFormat {
    /// Writes the favourites array: `[{"quote":…,"author":…}, …]`, one quote per line.
    static func makeQuoteWriter(_ output: ByteOutput) -> QuoteListWriter {
        QuoteListWriter(output: output, opening: "[") { citation, position, writer, losses in
            writer.raw(position == 1 ? "\n  {\"quote\":" : ",\n  {\"quote\":")
            writer.string(citation.text)
            writer.raw(",\"author\":")
            writer.string(citation.author ?? "")
            writer.byte(0x7D)
            CitationLosses.count(citation, keeping: ["favourite"], into: &losses)
            // A non-favourite would read back as a favourite.
            if !citation.isFavourite { losses.dropField("favourite", of: .citation) }
            // Favourites have no ids; reading one back derives its id from the quote and author.
            if citation.id != RecordID.citation(text: citation.text, author: citation.author, source: nil) {
                losses.dropField("id", of: .citation)
            }
        } close: { count, writer in
            writer.raw(count == 0 ? "]\n" : "\n]\n")
        }
    }
}
