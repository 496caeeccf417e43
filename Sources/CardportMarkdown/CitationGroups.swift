import CardportCore

/// Citations gathered by book, in the order each book first appears: the unit both Markdown
/// layouts are organised by.
///
/// A citation's book is its source; one without a source goes with others by the same author, and
/// one with neither with the other unattributed ones.
struct CitationGroups {
    /// One book (or author) and its citations, in input order.
    struct Group {
        var source: String?
        var author: String?
        var citations: [Citation]

        /// The author every citation of the group shares, if they all have the same one.
        var sharedAuthor: String? {
            guard let first = citations.first?.author else { return nil }
            return citations.allSatisfy { $0.author == first } ? first : nil
        }

        /// The tags every citation carries, in the first citation's order.
        var sharedTags: [String] {
            guard let first = citations.first else { return [] }
            return first.tags.filter { tag in citations.allSatisfy { $0.tags.contains(tag) } }
        }

        /// The heading the group is shown under.
        var title: String { source ?? author ?? "Other citations" }
    }

    private(set) var groups: [Group] = []
    private var index: [GroupKey: Int] = [:]
    private var lastKey: (key: GroupKey, position: Int)?

    private enum GroupKey: Hashable {
        case source(String), author(String), none
    }

    /// Whether no citation was added.
    var isEmpty: Bool { groups.isEmpty }

    /// Adds a citation to its book's group.
    mutating func add(_ citation: Citation) {
        let key: GroupKey = citation.source.map(GroupKey.source) ?? citation.author.map(GroupKey.author) ?? .none
        // Highlights come book by book, so the last group is usually the one.
        if let last = lastKey, last.key == key {
            groups[last.position].citations.append(citation)
        } else if let position = index[key] {
            groups[position].citations.append(citation)
            lastKey = (key, position)
        } else {
            lastKey = (key, groups.count)
            index[key] = groups.count
            groups.append(Group(source: citation.source, author: citation.source == nil ? citation.author : nil,
                                citations: [citation]))
        }
    }
}
