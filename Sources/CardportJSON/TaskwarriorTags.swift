import CardportCore

/// What Taskwarrior's `tags` carry beside the tags themselves: todo.txt contexts as `@name` tags,
/// and the mark of a topic, the tag ``topicTag``.
///
/// Taskwarrior 2.6 stores an attribute it has no definition for as text and lists it as an orphan
/// UDA, so a list of contexts, or a marker attribute, would come back as the text `["desk"]`.
/// Tags are Taskwarrior's own list: `task +@desk list` and `task +cardport_topic list` work.
enum TaskwarriorTags {
    /// The tag that marks a task Cardport wrote for a topic.
    static let topicTag = "cardport_topic"

    /// Takes the contexts (`@name` tags) and the topic mark out of `extras["tags"]`: the contexts go
    /// to `extras["contexts"]` as a JSON list; returns whether the topic mark was there.
    static func read(_ extras: inout [String: String]) -> Bool {
        guard let kept = extras["tags"], let names = strings(kept) else { return false }
        var tags: [String] = [], contexts: [String] = [], isTopic = false
        for name in names {
            if name == topicTag {
                isTopic = true
            } else if name.count > 1, name.hasPrefix("@") {
                contexts.append(String(name.dropFirst()))
            } else {
                tags.append(name)
            }
        }
        extras["tags"] = tags.isEmpty ? nil : text(tags)
        if !contexts.isEmpty { extras["contexts"] = text(contexts) }
        return isTopic
    }

    /// A kept JSON list of strings, or `nil` when the text is not one.
    static func strings(_ kept: String) -> [String]? {
        guard let parsed = TaskwarriorWriter.parse(kept), case .array(let elements) = parsed else { return nil }
        var values: [String] = []
        for element in elements {
            guard case .string(let value) = element else { return nil }
            values.append(value)
        }
        return values
    }

    /// A JSON list of strings, as extras keep lists.
    static func text(_ values: [String]) -> String {
        let writer = JSONWriter()
        writer.stringArray(values)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// `description` without the `+tag` and `@context` words at its end that the tags hold, as
    /// todo.txt writes them: Taskwarrior takes such words out of a description itself (`task add
    /// Revise +exam` has the description `Revise`).
    static func description(_ description: String, tags: Set<String>, contexts: Set<String>) -> String {
        var words = description.split(separator: " ", omittingEmptySubsequences: false)
        while words.count > 1, let last = words.last, last.count > 1 {
            let name = String(last.dropFirst())
            guard (last.first == "+" && tags.contains(name)) || (last.first == "@" && contexts.contains(name)) else { break }
            words.removeLast()
        }
        return words.joined(separator: " ")
    }
}
