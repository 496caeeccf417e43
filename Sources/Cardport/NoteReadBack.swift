import CardportCore
import CardportMarkdown
import CardportStore

/// Turns the highlights read from a vault note (a Markdown note with `cardport-source` in its front
/// matter) into what the store takes from that note: its edits to a highlight's text, note, tags
/// and favourite mark.
///
/// Each highlight arrives with its block id (`^1a2b3c4d`) as its id. When the id's letters and
/// digits begin exactly one citation id of the store, the highlight is that card: it takes the
/// card's id, and the fields a note does not carry (or carries only as text, such as dates and
/// locations) from the card, so that only what the user can edit in the note reads as changed. A
/// block id that names no card (a highlight the user wrote in the same shape) or several keeps
/// the block id as its id, and the import folds it by content as it folds any other card.
struct NoteReadBack {
    /// Each citation id of the store as block ids see it, in order; read at the first highlight.
    private var index: [(letters: String, id: String)]?

    /// The citation the store takes for `citation`, a highlight read from a note.
    mutating func resolve(_ citation: Citation, in transaction: StoreTransaction) throws(CardportError) -> Citation {
        if index == nil {
            index = try transaction.citationIDs().map { (MarkdownFormat.blockLetters(of: $0), $0) }
                .sorted { $0.letters < $1.letters }
        }
        let candidates = NoteReadBack.ids(startingWith: citation.id, in: index ?? [])
        guard candidates.count == 1, case .citation(var card)? = try transaction.card(id: candidates[0]) else {
            return citation
        }
        card.text = citation.text
        card.note = citation.note
        card.tags = citation.tags
        card.isFavourite = citation.isFavourite
        return card
    }

    /// The ids whose letters start with `prefix`, at most two (two already make it ambiguous).
    static func ids(startingWith prefix: String, in index: [(letters: String, id: String)]) -> [String] {
        guard !prefix.isEmpty else { return [] }
        var low = 0
        var high = index.count
        while low < high {
            let middle = (low + high) / 2
            if index[middle].letters < prefix { low = middle + 1 } else { high = middle }
        }
        var found: [String] = []
        while low < index.count, found.count < 2, index[low].letters.hasPrefix(prefix) {
            found.append(index[low].id)
            low += 1
        }
        return found
    }
}
