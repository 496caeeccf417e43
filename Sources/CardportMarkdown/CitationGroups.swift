import CardportCore

/// Citations gathered by book, in the order each book first appears: the unit both Markdown
/// layouts are organised by.
///
/// A citation's book is its source; one without a source goes with others by the same author, and
/// one with neither with the other unattributed ones. What a group keeps of its citations is up to
/// the writer: the citations themselves (`CitationGroups<[Citation]>`), or their rendered Markdown,
/// so a large document does not hold every citation until the end.
struct CitationGroups<Body> {
    /// One book (or author) and what was kept of its citations, in input order.
    struct Group {
        var source: String?
        var author: String?
        /// What was kept of the group's citations.
        var body: Body
        private var firstAuthor: String?
        private var authorsAgree = true

        init(_ citation: Citation, body: Body) {
            source = citation.source
            author = citation.source == nil ? citation.author : nil
            firstAuthor = citation.author
            self.body = body
        }

        mutating func note(_ citation: Citation) {
            if authorsAgree, citation.author != firstAuthor { authorsAgree = false }
        }

        /// The author every citation of the group shares, if they all have the same one.
        var sharedAuthor: String? { authorsAgree ? firstAuthor : nil }

        /// The heading the group is shown under.
        var title: String { source ?? author ?? "Other citations" }
    }

    /// The groups, in the order their books first appeared.
    var groups: [Group] = []
    private var index: [GroupKey: Int] = [:]
    private var lastKey: (key: GroupKey, position: Int)?

    private enum GroupKey: Hashable {
        case source(String), author(String), none
    }

    /// Whether no citation was added.
    var isEmpty: Bool { groups.isEmpty }

    /// Files a citation under its book (starting the group with `empty` when it is the book's
    /// first) and returns the group's position; the caller then adds what it keeps to the body.
    mutating func add(_ citation: Citation, empty: @autoclosure () -> Body) -> Int {
        let key: GroupKey = citation.source.map(GroupKey.source) ?? citation.author.map(GroupKey.author) ?? .none
        let position: Int
        // Highlights come book by book, so the last group is usually the one.
        if let last = lastKey, last.key == key {
            position = last.position
        } else if let found = index[key] {
            position = found
        } else {
            position = groups.count
            index[key] = position
            groups.append(Group(citation, body: empty()))
        }
        lastKey = (key, position)
        groups[position].note(citation)
        return position
    }
}

extension CitationGroups where Body == [Citation] {
    /// Files a citation under its book, keeping the citation.
    mutating func add(_ citation: Citation) {
        let position = add(citation, empty: [])
        groups[position].body.append(citation)
    }
}

extension CitationGroups.Group where Body == [Citation] {
    /// The group's citations, in input order.
    var citations: [Citation] { body }

    /// The tags every citation carries, in the first citation's order.
    var sharedTags: [String] {
        guard let first = body.first else { return [] }
        return first.tags.filter { tag in body.allSatisfy { $0.tags.contains(tag) } }
    }
}
