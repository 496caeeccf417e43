import CardportMachinery

extension Record {
    /// The record's identity key: what it is compared on when collections are merged.
    ///
    /// - citation: the normalised text and the normalised author;
    /// - bookmark: the normalised URL (lower-cased scheme and host, the host in ASCII, no default port,
    ///   no tracking parameters, sorted query; Merging.md), or the normalised text when it is not a URL;
    /// - task: the normalised description; topic: the normalised title; tag: the normalised name;
    /// - settings: one key, since a collection has one set of settings.
    ///
    /// Normalising a text lower-cases it, maps it through NFKC, collapses its whitespace, unifies its
    /// quotes, dashes and ellipses, and trims the punctuation at its edges (Merging.md, "Normalising text").
    public var identityKey: IdentityKey {
        switch self {
        case .settings: return IdentityKey(kind: .settings, parts: nil)
        case .tag(let tag): return tag.identityKey
        case .citation(let citation): return citation.identityKey
        case .bookmark(let bookmark): return bookmark.identityKey
        case .task(let task): return task.identityKey
        case .topic(let topic): return topic.identityKey
        }
    }
}

extension Citation {
    /// The normalised text and normalised author; see ``Record/identityKey``.
    ///
    /// The same digest as `IdentityKey(kind: .citation, parts: normalise(text), author.map(normalise))`, built
    /// from bytes without a string.
    public var identityKey: IdentityKey {
        var normalised = NormalisationBuffer()
        TextNormalisation.normalise(text, into: &normalised)
        return normalised.withBytes { text in
            guard let author else { return Citation.identityKey(normalisedText: text, normalisedAuthor: nil) }
            var normalisedAuthor = NormalisationBuffer()
            TextNormalisation.normalise(author, into: &normalisedAuthor)
            return normalisedAuthor.withBytes { Citation.identityKey(normalisedText: text, normalisedAuthor: $0) }
        }
    }

    /// The key of a citation whose text and author (`nil`: none) are already normalised.
    package static func identityKey(normalisedText: UnsafeBufferPointer<UInt8>, normalisedAuthor: UnsafeBufferPointer<UInt8>?) -> IdentityKey {
        var hasher = StableHash()
        hasher.combine(RecordKind.citation.rawValue)
        hasher.combine(bytes: normalisedText)
        if let normalisedAuthor {
            hasher.combine(bytes: normalisedAuthor)
        } else {
            hasher.combine(nil as String?)
        }
        return IdentityKey(kind: .citation, hasher: hasher)
    }
}

extension Bookmark {
    /// The normalised URL, or the normalised text when it is not a URL; see ``Record/identityKey``.
    public var identityKey: IdentityKey { IdentityKey(kind: .bookmark, parts: Bookmark.keyText(text)) }

    /// The text a bookmark's key is made of: its normalised URL, else its normalised text.
    static func keyText(_ text: String) -> String {
        URLNormalisation.normalise(text) ?? TextNormalisation.normalise(text)
    }
}

extension TaskItem {
    /// The normalised description; see ``Record/identityKey``.
    public var identityKey: IdentityKey { IdentityKey(kind: .task, parts: TextNormalisation.normalise(description)) }
}

extension Topic {
    /// The normalised title; see ``Record/identityKey``.
    public var identityKey: IdentityKey { IdentityKey(kind: .topic, parts: TextNormalisation.normalise(title)) }
}

extension Question {
    /// The normalised question text: two questions of one topic with the same key are one question.
    public var normalisedText: String { TextNormalisation.normalise(text) }
}

extension Tag {
    /// The normalised name; see ``Record/identityKey``.
    public var identityKey: IdentityKey { IdentityKey(kind: .tag, parts: TextNormalisation.normalise(name)) }
}
