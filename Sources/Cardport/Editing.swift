public import CardportCore
public import CardportStore
import CardportYAML
import Foundation

/// Changes one card, named by id or unique id prefix, in one transaction: by fields
/// (``CardEdit``) or by a YAML document a person edited.
///
/// Every change is a store edit (``CardportStore/StoreTransaction/edit(id:to:now:)``): it sets
/// the card's `updated_at`, so a later import tells it from what the source changed.
///
/// ```swift
/// var edit = CardEdit()
/// edit.favourite = true
/// let card = try Editing(store: store).run(id: "1174c3", edit: edit)
/// ```
public struct Editing: Sendable {
    /// The store to change.
    public let store: Store

    /// Creates an editing of `store`.
    public init(store: Store) {
        self.store = store
    }

    /// Opens the store in `file` to change one card (``StoreFile/Access/editing``).
    public init(opening file: StoreFile) throws(CardportError) {
        self.init(store: try file.open(.editing))
    }

    /// The whole id of the card `prefix` names (an unknown or ambiguous prefix is an error listing candidates).
    public func resolve(_ prefix: String) throws(CardportError) -> String {
        try store.read { (reader) in try reader.resolve([prefix]) }[0].id
    }

    /// Applies `edit` to the card `id` (or a unique prefix of it); returns the card as it now is.
    public func run(id: String, edit: CardEdit, now: Timestamp? = nil) throws(CardportError) -> CardportCore.Record {
        let whole = try resolve(id)
        return try store.write { (transaction) in
            guard let card = try transaction.card(id: whole) else {
                throw CardportError(.invalidValue, "the card '\(whole)' went away while it was being edited")
            }
            let changed = try edit.applied(to: card)
            guard changed != card else { return card }
            return try transaction.edit(id: whole, to: changed, now: now ?? Timestamp(Date()))
        }
    }

    /// The card `id` names, as the YAML document a person edits (what `cardport show` prints).
    public func document(id: String) throws(CardportError) -> (id: String, text: String) {
        let whole = try resolve(id)
        let cards = try Showing(store: store).run(ids: [whole])
        return (whole, try Showing.yaml(cards))
    }

    /// Replaces the card `id` (a whole id) with the one card the YAML `document` holds; returns it,
    /// or `nil` when the document changes nothing.
    ///
    /// The document is read whole before anything is written, so a bad one changes nothing; its
    /// errors carry the line and column in `name`.
    public func apply(document: String, id: String, name: String,
                      now: Timestamp? = nil) throws(CardportError) -> CardportCore.Record? {
        let reader = try YAMLFormat().makeReader(try ByteInput(string: document, name: name), options: ReadOptions())
        var records: [CardportCore.Record] = []
        while let record = try reader.next() { records.append(record) }
        guard records.count == 1, let edited = records.first else {
            throw CardportError(.invalidValue, "the document holds \(records.count) cards; an edit changes exactly one",
                                hint: "keep the one card it opened with")
        }
        guard edited.id == id else {
            throw CardportError(.invalidValue, "the card's id changed from '\(id)' to '\(edited.id)'",
                                hint: "an edit keeps the id; to make a new card, import it")
        }
        return try store.write { (transaction) in
            guard let card = try transaction.card(id: id) else {
                throw CardportError(.invalidValue, "the card '\(id)' went away while it was being edited")
            }
            guard edited != card else { return nil }
            return try transaction.edit(id: id, to: edited, now: now ?? Timestamp(Date()))
        }
    }
}
