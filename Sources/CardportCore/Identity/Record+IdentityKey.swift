import CardportMachinery

extension Record {
    /// The record's identity key: what it is compared on when collections are merged.
    ///
    /// - citation: the folded text and the folded author;
    /// - bookmark: the normalised URL (``URLNormalisation``), or the folded text when it is not a URL;
    /// - task: the folded description; topic: the folded title; tag: the folded name;
    /// - settings: one key, since a collection has one set of settings.
    ///
    /// Folding is ``TextFolding/fold(_:)``.
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
    /// The folded text and folded author; see ``Record/identityKey``.
    ///
    /// The same digest as `IdentityKey(kind: .citation, parts: fold(text), author.map(fold))`, built
    /// from bytes without a string.
    public var identityKey: IdentityKey {
        var folded = FoldBuffer()
        TextFolding.fold(text, into: &folded)
        return folded.withBytes { text in
            guard let author else { return Citation.identityKey(foldedText: text, foldedAuthor: nil) }
            var foldedAuthor = FoldBuffer()
            TextFolding.fold(author, into: &foldedAuthor)
            return foldedAuthor.withBytes { Citation.identityKey(foldedText: text, foldedAuthor: $0) }
        }
    }

    /// The key of a citation whose text and author (`nil`: none) are already folded.
    package static func identityKey(foldedText: UnsafeBufferPointer<UInt8>, foldedAuthor: UnsafeBufferPointer<UInt8>?) -> IdentityKey {
        var hasher = StableHash()
        hasher.combine(RecordKind.citation.rawValue)
        hasher.combine(bytes: foldedText)
        if let foldedAuthor {
            hasher.combine(bytes: foldedAuthor)
        } else {
            hasher.combine(nil as String?)
        }
        return IdentityKey(kind: .citation, hasher: hasher)
    }
}

extension Bookmark {
    /// The normalised URL, or the folded text when it is not a URL; see ``Record/identityKey``.
    public var identityKey: IdentityKey { IdentityKey(kind: .bookmark, parts: Bookmark.keyText(text)) }

    /// The text a bookmark's key is made of: its normalised URL, else its folded text.
    static func keyText(_ text: String) -> String {
        URLNormalisation.normalise(text) ?? TextFolding.fold(text)
    }
}

extension TaskItem {
    /// The folded description; see ``Record/identityKey``.
    public var identityKey: IdentityKey { IdentityKey(kind: .task, parts: TextFolding.fold(description)) }
}

extension Topic {
    /// The folded title; see ``Record/identityKey``.
    public var identityKey: IdentityKey { IdentityKey(kind: .topic, parts: TextFolding.fold(title)) }
}

extension Question {
    /// The folded question text: two questions of one topic with the same key are one question.
    public var foldedText: String { TextFolding.fold(text) }
}

extension Tag {
    /// The folded name; see ``Record/identityKey``.
    public var identityKey: IdentityKey { IdentityKey(kind: .tag, parts: TextFolding.fold(name)) }
}
