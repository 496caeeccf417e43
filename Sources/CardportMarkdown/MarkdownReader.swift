import CardportCore
import CardportMachinery

/// Reads cards from a Markdown document through cmark-gfm's node tree.
///
/// The document is parsed whole (Markdown has no record boundaries a stream could cut at), then
/// its blocks are walked in order, a few at a time as records are asked for:
///
/// - a blockquote is a citation (with its attribution line, details line and note);
/// - a GFM task list item, at any depth, is a task;
/// - a list item that is a link is a bookmark (buku's `<!-- TAGS: … -->` comment gives tags);
/// - under a `Topics` heading, each heading one level down is a topic;
/// - code blocks, HTML blocks and tables are never read.
///
/// Front matter (through ``NoteProperties``) fills in what the body leaves out. A quote inside a
/// vault block (``NoteBlock``) takes the block's id as its citation's id.
final class MarkdownReader: RecordReader {
    private enum Section: Equatable {
        case citations, bookmarks, tasks, topics, other

        init(title: String) {
            switch title.lowercased() {
            case "citations", "quotes", "highlights": self = .citations
            case "bookmarks", "links": self = .bookmarks
            case "tasks", "to do", "todo": self = .tasks
            case "topics": self = .topics
            default: self = .other
            }
        }
    }

    private enum TopicPart {
        case notes, links, questions, other
    }

    private enum Item {
        case record(Record)
        case failure(CardportError)
    }

    private let input: ByteInput
    private let strict: Bool
    private var document: CmarkDocument?
    private var properties = NoteProperties()
    private var bodyOffset = 0
    private var bodyLine = 1
    private var lineStarts: [Int]?
    private var cursor: MarkdownNode?
    private var queue: [Item] = []
    private var queueIndex = 0
    private var section = Section.other
    private var sectionLevel = 0
    /// The chapter the quotes that follow are in: a heading two levels below the section's (one
    /// below a book's heading), until the next book or section.
    private var chapter: String?
    private var pending: CitationBlock?
    /// The id of the vault block (``NoteBlock``) whose begin marker came last, until its quote.
    private var blockID: String?
    private var topic: Topic?
    private var topicPart = TopicPart.notes
    private var isFinished = false
    private(set) var notes = ReaderNotes()

    private let limits: ReadLimits

    init(input: ByteInput, strict: Bool, limits: ReadLimits) {
        self.input = input
        self.strict = strict
        self.limits = limits
    }

    func next() throws(CardportError) -> Record? {
        if document == nil, !isFinished { try parse() }
        while true {
            if queueIndex < queue.count {
                let item = queue[queueIndex]
                queueIndex += 1
                if queueIndex == queue.count {
                    queue.removeAll(keepingCapacity: true)
                    queueIndex = 0
                }
                switch item {
                case .record(let record): return record
                case .failure(let error): throw error
                }
            }
            guard let node = cursor else {
                if isFinished { return nil }
                flushPending()
                flushTopic()
                isFinished = true
                document = nil
                continue
            }
            cursor = node.next
            try block(node)
        }
    }

    // MARK: Parsing

    private func parse() throws(CardportError) {
        try input.fillToEnd()
        let bytes = input.available
        if let found = try NoteProperties.extract(from: bytes, name: input.name, limits: limits) {
            properties = found.properties
            bodyOffset = found.bodyOffset
            bodyLine = found.bodyLine
        }
        let body = UnsafeRawBufferPointer(rebasing: bytes[bodyOffset...])
        if let bad = UTF8Validation.firstInvalidOffset(body) {
            throw input.error(.malformedInput, "this is not UTF-8 text", at: input.offset + bodyOffset + bad,
                              hint: "Cardport reads UTF-8; convert the file first (e.g. with iconv)")
        }
        let parsed = CmarkDocument(bytes: body)
        document = parsed
        cursor = parsed.root.firstChild
    }

    /// An error at a node, with the line and column in the whole file.
    private func error(_ code: CardportError.Code, _ message: String, at node: MarkdownNode, hint: String) -> CardportError {
        if lineStarts == nil {
            var starts = [0]
            let body = UnsafeRawBufferPointer(rebasing: input.available[bodyOffset...])
            for (index, byte) in body.enumerated() where byte == 0x0A { starts.append(index + 1) }
            lineStarts = starts
        }
        let line = min(max(node.startLine, 1), lineStarts!.count)
        let offset = input.offset + bodyOffset + lineStarts![line - 1] + max(node.startColumn - 1, 0)
        return input.error(code, message, at: offset, hint: hint, isRecoverable: true)
    }

    // MARK: Blocks

    private func block(_ node: MarkdownNode) throws(CardportError) {
        switch node.kind {
        case .heading:
            flushPending()
            heading(node)
        case .blockQuote:
            flushPending()
            if topic == nil {
                pending = CitationBlock(quote: node)
                pending?.id = blockID
                pending?.chapter = chapter
                blockID = nil
            }
        case .paragraph:
            if pending != nil, pending!.attach(node) { return }
            flushPending()
            if topic != nil { topicParagraph(node) }
        case .list:
            flushPending()
            try list(node)
        default:
            // Code blocks, HTML, tables and rules hold no cards; a vault block's markers give the
            // id of the quote inside.
            flushPending()
            if node.kind == .htmlBlock { marker(node) }
            if node.next == nil, let fence = node.fence, !endsWithFence(fence) {
                notes.warn(error(.malformedInput, "this code block is never closed, so everything after it was read as code",
                                 at: node, hint: "close it with a line of \(fence.length) '\(UnicodeScalar(fence.character))', or mark its fence as text"))
            }
        }
    }

    /// Whether the text's last non-blank line closes a fence opened with `fence` (CommonMark: at most
    /// three spaces, at least as many of the same character, nothing after them but spaces).
    private func endsWithFence(_ fence: (character: UInt8, length: Int)) -> Bool {
        let body = UnsafeRawBufferPointer(rebasing: input.available[bodyOffset...])
        var end = body.count
        while end > 0, [0x20, 0x09, 0x0A, 0x0D].contains(body[end - 1]) { end -= 1 }
        var start = end
        while start > 0, body[start - 1] != 0x0A { start -= 1 }
        var index = start
        while index < end, body[index] == 0x20 { index += 1 }
        guard index - start <= 3 else { return false }
        var run = 0
        while index < end, body[index] == fence.character { run += 1; index += 1 }
        return run >= fence.length && index == end
    }

    /// Notes the id of a vault block's begin marker; its end marker (or any other HTML) ends it.
    private func marker(_ node: MarkdownNode) {
        let literal = node.literal
        let line = literal.split(separator: "\n", maxSplits: 1).first ?? ""
        blockID = NoteBlock.parseBegin(line)?.id
    }

    private func heading(_ node: MarkdownNode) {
        let title = MarkdownInlines(node).text
        let level = node.headingLevel
        if section == .topics, level == sectionLevel + 1 {
            flushTopic()
            topic = Topic(title: title)
            topicPart = .notes
            return
        }
        if topic != nil, level > sectionLevel + 1 {
            switch title.lowercased() {
            case "links": topicPart = .links
            case "questions": topicPart = .questions
            default: topicPart = .other
            }
            return
        }
        flushTopic()
        let named = Section(title: title)
        if named != .other || level <= sectionLevel {
            section = named
            sectionLevel = level
            chapter = nil
            return
        }
        if level == sectionLevel + 1 {
            chapter = nil
        } else if level == sectionLevel + 2, section == .citations || section == .other {
            chapter = title
        }
    }

    private func flushPending() {
        guard let block = pending else { return }
        pending = nil
        queue.append(.record(.citation(block.citation(with: properties))))
    }

    private func flushTopic() {
        guard let done = topic else { return }
        topic = nil
        queue.append(.record(.topic(done)))
    }

    // MARK: Topics

    private func topicParagraph(_ node: MarkdownNode) {
        let inlines = MarkdownInlines(node)
        if let first = inlines.nodes.first, first.kind == .strong, MarkdownInlines.text(of: [first]) == "Status:" {
            for part in inlines.text.split(separator: MarkdownRenderer.separator, omittingEmptySubsequences: false) {
                if part.hasPrefix("Status:"), let status = MarkdownRenderer.status(named: String(part.dropFirst(7))) {
                    topic?.status = status
                } else if part.hasPrefix("Due:"), let due = Timestamp(parsing: part.dropFirst(4).trimmingCharacters(in: " ")) {
                    topic?.dueDate = due
                }
            }
            return
        }
        guard topicPart == .notes else { return }
        let text = inlines.text
        let notes = topic?.notes
        topic?.notes = notes.map { $0 + "\n\n" + text } ?? text
    }

    private func topicItem(_ item: MarkdownNode) {
        let paragraphs = item.children.filter { $0.kind == .paragraph }
        guard let first = paragraphs.first else { return }
        let inlines = MarkdownInlines(first)
        switch topicPart {
        case .links:
            if inlines.nodes.count == 1, inlines.nodes[0].kind == .link {
                topic?.links.append(inlines.nodes[0].url)
            } else {
                topic?.links.append(inlines.text)
            }
        case .questions:
            var answer: String?
            for paragraph in paragraphs.dropFirst() {
                let nodes = MarkdownInlines(paragraph).nodes
                if let strong = nodes.first, strong.kind == .strong, MarkdownInlines.text(of: [strong]) == "Answer:" {
                    var rest = MarkdownInlines.text(of: nodes.dropFirst())
                    if rest.first == " " { rest.removeFirst() }
                    answer = rest
                }
            }
            topic?.questions.append(Question(text: inlines.text, answer: answer, isDone: item.isTaskItem && item.isChecked))
        case .notes, .other:
            break
        }
    }

    // MARK: Lists

    private func list(_ node: MarkdownNode, depth: Int = 1) throws(CardportError) {
        guard depth <= limits.maximumDepth else {
            var located = error(.limitExceeded, limits.message(.depth, "lists nest deeper than"), at: node,
                                hint: limits.hint(for: .depth))
            located.isRecoverable = false
            throw located
        }
        var item = node.firstChild
        while let current = item {
            item = current.next
            if topic != nil {
                topicItem(current)
            } else {
                try listItem(current, depth: depth)
            }
        }
    }

    private func listItem(_ item: MarkdownNode, depth: Int) throws(CardportError) {
        let children = item.children
        let nested = children.filter { $0.kind == .list }
        let paragraph = children.first { $0.kind == .paragraph }
        if item.isTaskItem {
            if let paragraph { queue.append(task(from: paragraph, checked: item.isChecked)) }
        } else if let paragraph {
            switch bookmark(from: paragraph) {
            case .bookmark(let bookmark): queue.append(.record(.bookmark(bookmark)))
            case .link: break
            case .none:
                if strict, nested.isEmpty {
                    let text = MarkdownInlines(paragraph).text
                    let shown = text.count > 60 ? String(text.prefix(57)) + "…" : text
                    queue.append(.failure(error(
                        .malformedInput, "this list item is neither a task nor a link: '\(shown)'", at: item,
                        hint: "write a task as '- [ ] …' or a link as '- [name](url)', or read without --strict to pass over it")))
                }
            }
        }
        for list in nested { try self.list(list, depth: depth + 1) }
    }

    private func task(from paragraph: MarkdownNode, checked: Bool) -> Item {
        var nodes = MarkdownInlines(paragraph).nodes
        var percent: Int?
        if let last = nodes.last, last.kind == .emphasis,
           let value = MarkdownReader.percent(MarkdownInlines.text(of: [last])) {
            percent = value
            nodes.removeLast()
        }
        var description = MarkdownInlines.text(of: nodes)
        if percent != nil {
            // The separator before the progress, however a tool rewrote the writer's ` — ` (pandoc: ` --- `).
            if let mark = MarkdownRenderer.attributionMarks.first(where: { description.hasSuffix(" \($0) ") }) {
                description.removeLast(mark.count + 2)
            } else {
                while description.last == " " { description.removeLast() }
            }
        }
        let progress: TaskProgress
        if checked {
            progress = .done
        } else if let percent {
            do {
                progress = try TaskProgress(percent: percent)
            } catch {
                return .failure(self.error(.invalidValue, error.message, at: paragraph,
                                           hint: "progress is a percentage in steps of 5, like *45 %*"))
            }
        } else {
            progress = .zero
        }
        return .record(.task(TaskItem(description: description, progress: progress)))
    }

    /// The number in `45 %`, `45%` or `(45%)`.
    static func percent(_ text: String) -> Int? {
        var body = Substring(text)
        if body.first == "(", body.last == ")" { body = body.dropFirst().dropLast() }
        guard body.last == "%" else { return nil }
        body = body.dropLast()
        if body.last == " " { body = body.dropLast() }
        guard (1...3).contains(body.count), body.allSatisfy(\.isASCII) else { return nil }
        return Int(body)
    }

    private enum BookmarkShape {
        case bookmark(Bookmark)
        /// A link that is not a bookmark (a link to a heading of the same page).
        case link
        case none
    }

    private func bookmark(from paragraph: MarkdownNode) -> BookmarkShape {
        let nodes = MarkdownInlines(paragraph).nodes
        guard let first = nodes.first else { return .none }
        var name: String?
        var text: String
        var rest: ArraySlice<MarkdownNode>
        if first.kind == .link {
            text = first.url
            guard !text.isEmpty, !text.hasPrefix("#") else { return .link }
            let label = MarkdownInlines.text(of: [first])
            name = label == text ? nil : label
            rest = nodes.dropFirst()
        } else if section == .bookmarks, first.kind == .emphasis {
            text = MarkdownInlines.text(of: [first])
            rest = nodes.dropFirst()
        } else if section == .bookmarks, first.kind == .strong, nodes.count >= 3, nodes[1].kind == .text,
                  nodes[1].literal == ": ", nodes[2].kind == .emphasis {
            name = MarkdownInlines.text(of: [first])
            text = MarkdownInlines.text(of: [nodes[2]])
            rest = nodes.dropFirst(3)
        } else {
            let plain = MarkdownInlines.text(of: nodes)
            guard MarkdownText.hasScheme(plain), !plain.contains(" ") else { return .none }
            return .bookmark(Bookmark(text: plain))
        }
        var tags: [String] = []
        for token in MarkdownInlines.text(of: rest).split(separator: " ") {
            if let tag = MarkdownTag.read(token) { tags.append(tag) }
        }
        for node in rest where node.kind == .htmlInline {
            tags += MarkdownReader.bukuTags(node.literal)
        }
        return .bookmark(Bookmark(name: name, text: text, tags: tags))
    }

    /// The tags in buku's `<!-- TAGS: a,b -->` comment.
    static func bukuTags(_ html: String) -> [String] {
        guard html.hasPrefix("<!--"), html.hasSuffix("-->") else { return [] }
        let body = html.dropFirst(4).dropLast(3).trimmingCharacters(in: " ")
        guard body.hasPrefix("TAGS:") else { return [] }
        return body.dropFirst(5).split(separator: ",").map { $0.trimmingCharacters(in: " ") }.filter { !$0.isEmpty }
    }
}
