import CardportCore
@testable import CardportMarkdown

/// What a library becomes after a round trip through each Markdown layout: the fields Markdown
/// holds, as Formats.md lists them.
enum MarkdownProjection {
    /// The single document: citations regrouped by book, without ids, update dates, archive flags
    /// or extras; tags as Obsidian tags give them back.
    static func document(_ library: Library) -> Library {
        var result = others(library)
        result.citations = grouped(library.citations).map { citation in
            Citation(text: citation.text, author: citation.author, source: citation.source,
                     tags: citation.tags.compactMap(MarkdownTag.normalised), isFavourite: citation.isFavourite,
                     createdAt: citation.createdAt, note: citation.note, location: citation.location)
        }
        return result
    }

    /// One note per book: as the document, plus the update date when every citation of the book has it.
    static func books(_ library: Library) -> Library {
        var result = others(library)
        var groups = CitationGroups<[Citation]>()
        for citation in library.citations { groups.add(citation) }
        for group in groups.groups {
            let updated = group.citations.allSatisfy { $0.updatedAt == group.citations[0].updatedAt }
            // A book's highlights come in book order: by location (or numeric page) when all have one.
            let order = group.citations.map { $0.location?.start ?? $0.location?.page.flatMap { Int($0) } }
            var inOrder = Array(group.citations.enumerated())
            if order.allSatisfy({ $0 != nil }) { inOrder.sort { (order[$0.offset]!, $0.offset) < (order[$1.offset]!, $1.offset) } }
            for citation in inOrder.map(\.element) {
                result.citations.append(Citation(
                    text: citation.text, author: citation.author, source: citation.source,
                    tags: citation.tags.compactMap(MarkdownTag.normalised), isFavourite: citation.isFavourite,
                    createdAt: citation.createdAt, updatedAt: updated ? citation.updatedAt : nil,
                    note: citation.note, location: citation.location))
            }
        }
        return result
    }

    /// One note per citation: front matter holds tags and dates exactly.
    static func citations(_ library: Library) -> Library {
        var result = others(library)
        result.citations = grouped(library.citations).map { citation in
            Citation(text: citation.text, author: citation.author, source: citation.source,
                     tags: citation.tags, isFavourite: citation.isFavourite,
                     createdAt: citation.createdAt, updatedAt: citation.updatedAt,
                     note: citation.note, location: citation.location)
        }
        return result
    }

    private static func grouped(_ citations: [Citation]) -> [Citation] {
        var groups = CitationGroups<[Citation]>()
        for citation in citations { groups.add(citation) }
        return groups.groups.flatMap(\.citations)
    }

    /// Bookmarks, tasks and topics, the same in every layout.
    private static func others(_ library: Library) -> Library {
        var result = Library()
        result.bookmarks = library.bookmarks.map { bookmark in
            let name = MarkdownText.hasScheme(bookmark.text) && bookmark.name == bookmark.text ? nil : bookmark.name
            return Bookmark(name: name, text: bookmark.text, tags: bookmark.tags.compactMap(MarkdownTag.normalised))
        }
        result.tasks = library.tasks.map { TaskItem(description: $0.description, progress: $0.progress) }
        result.topics = library.topics.map { topic in
            Topic(title: topic.title, dueDate: topic.dueDate, status: topic.status, notes: topic.notes,
                  links: topic.links, questions: topic.questions)
        }
        return result
    }
}
