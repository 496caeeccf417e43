import Foundation

/// A search by words in a name or title, as a person types it: case, accents, punctuation and word
/// order do not matter.
///
/// A field matches when it holds every word of the query. An author field may name several people
/// (`Marcus Aurelius; Gregory Hays`); with ``matchesAnyPerson(_:)`` the words must all belong to
/// one of them, so `le guin`, `Ursula K. Le Guin` and `Le Guin, Ursula K.` all find
/// `Le Guin, Ursula K.`, and `Marcus Aurelius` finds `Marcus Aurelius; Gregory Hays`, while
/// `Aurelius Hays` finds nothing.
///
/// ```swift
/// WordQuery("le guin").matchesAnyPerson("Le Guin, Ursula K.")   // true
/// WordQuery("left hand").matches("The Left Hand of Darkness")   // true
/// ```
public struct WordQuery: Sendable, Hashable {
    /// The query's words, normalised.
    public let words: Set<String>

    /// A query for the words of `text`.
    public init(_ text: String) {
        words = Set(WordQuery.words(text))
    }

    /// Whether `field` holds every word of the query (a query without words matches every field that is set).
    public func matches(_ field: String?) -> Bool {
        guard let field else { return false }
        return words.isSubset(of: WordQuery.words(field))
    }

    /// Whether one of the people `field` names holds every word of the query.
    public func matchesAnyPerson(_ field: String?) -> Bool {
        guard let field else { return false }
        return WordQuery.people(field).contains { words.isSubset(of: WordQuery.words($0)) }
    }

    /// The people an author field names: separated by `;`, `&`, `/` or the word `and`.
    static func people(_ field: String) -> [String] {
        field.split(whereSeparator: { $0 == ";" || $0 == "&" || $0 == "/" }).flatMap { part in
            part.components(separatedBy: " and ")
        }
    }

    /// The words of `text`, without case or accents: runs of letters and digits.
    public static func words(_ text: String) -> [String] {
        let normalised = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        return normalised.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
    }
}
