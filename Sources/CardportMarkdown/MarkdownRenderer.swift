import CardportCore

/// Renders cards as Markdown blocks, the same way in every layout, and counts what Markdown does
/// not hold.
///
/// A citation is a blockquote whose last paragraph is the attribution (`— Author, *Source*`),
/// followed by a line of details in italics (`*Page 12 · Location 120-125 · Added 2024-02-03 21:12:05 · ⭐ · #tag*`) and the reader's note
/// (`**Note:** …`). A task is a GFM task list item; a bookmark a list item with a link; a topic a
/// heading with its status, notes, links and questions.
struct MarkdownRenderer {
    /// Whether tags, the favourite mark and the date added go on the details line (not when front
    /// matter has them).
    var detailsHoldProperties = true
    /// Whether the layout keeps (or counts by itself) when each citation was last changed.
    var keepsUpdatedDates = false
    /// Whether the layout writes a book's chapters as headings above their quotes (the document
    /// does; notes of their own leave chapters to templates).
    var writesChapters = false
    /// What could not be written.
    var losses = LossReport()
    /// Each tag's written form and whether it reads back the same: a library has few tags and
    /// many cards.
    private var tagForms: [String: (form: String?, isExact: Bool)] = [:]

    /// The dash that starts an attribution.
    static let dash = "—"
    /// The separator between the parts of a details line.
    static let separator = " · "
    /// The favourite mark.
    static let star = "⭐"

    // MARK: Citations

    /// Appends a book's heading at `level` (`##` in the document, `#` in a note of its own), then
    /// *by Author* when every citation of the book has the same author.
    func groupHeading<Body>(_ group: CitationGroups<Body>.Group, level: Int, to out: inout [UInt8]) {
        out += "\n" + String(repeating: "#", count: level) + " "
        MarkdownText.append(group.title, to: &out, continuation: nil)
        out += "\n"
        if group.source != nil, let author = group.sharedAuthor {
            out += "\n*by "
            MarkdownText.append(author, to: &out, continuation: nil)
            out += "*\n"
        }
    }

    /// The chapter of `citation` as a heading gives it back: only in a layout that writes chapters,
    /// for a quote from a book, and for a chapter title of letters, digits, spaces and the
    /// punctuation titles use (`Chapter 3: The Sea`, `Book the First—I. The Period`, `第一章`).
    func writtenChapter(of citation: Citation) -> String? {
        guard writesChapters, citation.source != nil, let chapter = citation.chapter,
              MarkdownRenderer.isPlainTitle(chapter) else { return nil }
        return chapter
    }

    /// Whether a heading holds `title` exactly: no space at either end, and nothing Markdown
    /// could read as markup or drop.
    static func isPlainTitle(_ title: String) -> Bool {
        guard let first = title.unicodeScalars.first, let last = title.unicodeScalars.last,
              first != " ", last != " " else { return false }
        return title.unicodeScalars.allSatisfy { scalar in
            scalar == " " || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                || ".,:;'\u{2019}-\u{2013}\u{2014}()!?/\"".unicodeScalars.contains(scalar)
        }
    }

    /// The tags a highlight's colour is written as: `#colour/yellow`.
    static let colourTagPrefix = "colour/"

    /// The colour of `citation` as its details line gives it back, a tag `#colour/NAME`: only where
    /// the details line holds tags, and for a colour of letters, digits and `-` (`yellow`,
    /// `dark-blue`; not `#ffcc00`).
    func writtenColour(of citation: Citation) -> String? {
        guard detailsHoldProperties, let colour = citation.colour, !colour.isEmpty,
              colour.unicodeScalars.allSatisfy({ ($0.properties.isAlphabetic && !$0.properties.isWhitespace)
                  || ("0"..."9").contains($0) || $0 == "-" }),
              MarkdownTag.read(Substring("#" + MarkdownRenderer.colourTagPrefix + colour)) == MarkdownRenderer.colourTagPrefix + colour
        else { return nil }
        return colour
    }

    /// Appends a chapter heading at `level`, one line.
    func chapterHeading(_ chapter: String, level: Int, to out: inout [UInt8]) {
        out += "\n" + String(repeating: "#", count: level) + " "
        MarkdownText.append(chapter, to: &out, continuation: nil)
        out += "\n"
    }

    /// Appends a citation's blockquote, details line and note.
    mutating func citation(_ citation: Citation, to out: inout [UInt8]) {
        countLosses(of: citation)
        out += "> "
        MarkdownText.append(citation.text, to: &out, continuation: "> ")
        out += "\n"
        if citation.author != nil || citation.source != nil || MarkdownRenderer.hasDashLine(citation.text) {
            out += ">\n> "
            out += MarkdownRenderer.dash
            if let author = citation.author {
                out += " "
                MarkdownText.append(author, to: &out, continuation: nil)
                if citation.source != nil { out += "," }
            }
            if let source = citation.source {
                out += " *"
                MarkdownText.append(source, to: &out, continuation: nil)
                out += "*"
            }
            out += "\n"
        }
        // The details line, in italics so it reads as a caption of the quote above it.
        var hasDetails = false
        func part() {
            out += hasDetails ? MarkdownRenderer.separator : "\n*"
            hasDetails = true
        }
        if let location = citation.location, !location.isEmpty {
            if let page = location.page {
                part()
                out += "Page "
                MarkdownText.append(page, to: &out, continuation: nil)
            }
            if let start = location.start {
                part()
                out += "Location "
                out += String(start)
                if let end = location.end, end != start {
                    out.append(0x2D)
                    out += String(end)
                }
            }
        }
        if detailsHoldProperties {
            if let added = citation.createdAt {
                part()
                out += "Added "
                let begin = out.count
                added.appendISO8601(to: &out)
                // A space instead of the `T` reads better and parses back the same.
                if let t = out[begin...].firstIndex(of: 0x54) { out[t] = 0x20 }
            }
            if citation.isFavourite {
                part()
                out += MarkdownRenderer.star
            }
            var tags = writtenTags(citation.tags, of: .citation)
            if let colour = writtenColour(of: citation) { tags.append("#" + MarkdownRenderer.colourTagPrefix + colour) }
            if !tags.isEmpty {
                part()
                for (offset, tag) in tags.enumerated() {
                    if offset > 0 { out.append(0x20) }
                    out += tag
                }
            }
        }
        if hasDetails { out += "*\n" }
        if let note = citation.note {
            out += "\n**Note:** "
            MarkdownText.append(note, to: &out, continuation: "")
            out += "\n"
        }
    }

    /// Whether a line of `text` after a line break starts with a dash, so that a reader could take it
    /// for an attribution unless an attribution paragraph follows.
    static func hasDashLine(_ text: String) -> Bool {
        var afterBreak = false
        for scalar in text.unicodeScalars {
            if afterBreak, MarkdownRenderer.isDash(scalar) || scalar == "-" || scalar == "~" { return true }
            afterBreak = scalar == "\n" || scalar == "\r"
        }
        return false
    }

    /// The dashes an attribution may start with: em dash, horizontal bar, en dash.
    static func isDash(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{2014}" || scalar == "\u{2015}" || scalar == "\u{2013}"
    }

    /// The marks an attribution line starts with, as people and tools write them, longest first:
    /// pandoc's Markdown writes an em dash as `---` and an en dash as `--`; some quote collections
    /// use `~`.
    static let attributionMarks = ["---", "--", "\u{2014}", "\u{2015}", "\u{2013}", "~"]

    /// The attribution mark `text` starts with, if any.
    static func attributionMark(of text: String) -> String? {
        attributionMarks.first { text.hasPrefix($0) }
    }

    private mutating func countLosses(of citation: Citation) {
        if citation.id != RecordID.citation(text: citation.text, author: citation.author, source: citation.source) {
            losses.dropField("id", of: .citation)
        }
        if citation.isArchived { losses.dropField("archived", of: .citation) }
        if !keepsUpdatedDates, citation.updatedAt != nil { losses.dropField("updated_at", of: .citation) }
        if !citation.extras.isEmpty { losses.dropField("extras", of: .citation) }
        // A tag of the colour's form would read back as the colour.
        let colourTags = citation.tags.count { $0.hasPrefix(MarkdownRenderer.colourTagPrefix) }
        if colourTags > 0 { losses.dropField("tags", of: .citation, count: colourTags) }
        for field in citation.highlightFieldNames
        where !(field == "chapter" && writtenChapter(of: citation) != nil) && !(field == "colour" && writtenColour(of: citation) != nil) {
            losses.dropField(field, of: .citation)
        }
        if let location = citation.location, CitationLocation(parsing: location.description) != location
            || (location.page.map { $0.contains("·") || $0.contains(",") } ?? false) {
            losses.dropField("location", of: .citation)
        }
    }

    /// The `#tag` forms of `tags`, counting each that will not read back the same.
    mutating func writtenTags(_ tags: [String], of kind: RecordKind) -> [String] {
        var written: [String] = []
        for tag in tags {
            let known = tagForms[tag] ?? {
                let form = MarkdownTag.written(tag)
                let entry = (form: form, isExact: form.flatMap { MarkdownTag.read(Substring($0)) } == tag)
                if tagForms.count < 100_000 { tagForms[tag] = entry }
                return entry
            }()
            if !known.isExact { losses.dropField("tags", of: kind) }
            if let form = known.form { written.append(form) }
        }
        return written
    }

    // MARK: Tasks

    /// Appends a task list item: checked when done, the progress in italics when between.
    mutating func task(_ task: TaskItem, to out: inout [UInt8]) {
        if task.id != RecordID.task(description: task.description) { losses.dropField("id", of: .task) }
        countDates(task.createdAt, task.updatedAt, extras: task.extras, of: .task)
        out += task.isDone ? "- [x] " : "- [ ] "
        MarkdownText.append(task.description, to: &out, continuation: "  ")
        if !task.isDone, task.progress.percent > 0 {
            out += " — *\(task.progress.percent) %*"
        }
        out += "\n"
    }

    private mutating func countDates(_ created: Timestamp?, _ updated: Timestamp?, extras: [String: String], of kind: RecordKind) {
        if created != nil { losses.dropField("created_at", of: kind) }
        if updated != nil { losses.dropField("updated_at", of: kind) }
        if !extras.isEmpty { losses.dropField("extras", of: kind) }
    }

    // MARK: Bookmarks

    /// Appends a bookmark list item: a link (`[name](url)`, or `<url>`), or for text that is not a
    /// URL the text in italics, then its tags.
    mutating func bookmark(_ bookmark: Bookmark, to out: inout [UInt8]) {
        if bookmark.id != RecordID.bookmark(text: bookmark.text) { losses.dropField("id", of: .bookmark) }
        countDates(bookmark.createdAt, bookmark.updatedAt, extras: bookmark.extras, of: .bookmark)
        out += "- "
        if MarkdownText.hasScheme(bookmark.text) {
            if let name = bookmark.name {
                if name == bookmark.text { losses.dropField("name", of: .bookmark) }
                out += "["
                MarkdownText.append(name, to: &out, continuation: nil)
                out += "]("
                out += MarkdownText.destination(bookmark.text)
                out += ")"
            } else if MarkdownText.isAutolink(bookmark.text) {
                out += "<" + bookmark.text + ">"
            } else {
                out += "["
                MarkdownText.append(bookmark.text, to: &out, continuation: nil)
                out += "]("
                out += MarkdownText.destination(bookmark.text)
                out += ")"
            }
        } else {
            if let name = bookmark.name {
                out += "**"
                MarkdownText.append(name, to: &out, continuation: nil)
                out += "**: "
            }
            out += "*"
            MarkdownText.append(bookmark.text, to: &out, continuation: nil)
            out += "*"
        }
        for tag in writtenTags(bookmark.tags, of: .bookmark) {
            out += " "
            out += tag
        }
        out += "\n"
    }

    // MARK: Topics

    /// Appends a topic: a `##` heading, its status and due date, notes, links and questions.
    mutating func topic(_ topic: Topic, to out: inout [UInt8]) {
        if topic.id != RecordID.topic(title: topic.title) { losses.dropField("id", of: .topic) }
        countDates(topic.createdAt, topic.updatedAt, extras: topic.extras, of: .topic)
        out += "## "
        MarkdownText.append(topic.title, to: &out, continuation: nil)
        out += "\n\n**Status:** "
        out += MarkdownRenderer.statusName(topic.status)
        if let due = topic.dueDate {
            out += MarkdownRenderer.separator
            out += "**Due:** "
            out += due.iso8601
        }
        out += "\n"
        if let notes = topic.notes {
            out += "\n"
            MarkdownText.append(notes, to: &out, continuation: "")
            out += "\n"
        }
        if !topic.links.isEmpty {
            out += "\n### Links\n\n"
            for link in topic.links {
                out += "- "
                if MarkdownText.isAutolink(link) {
                    out += "<" + link + ">"
                } else {
                    MarkdownText.append(link, to: &out, continuation: "  ")
                }
                out += "\n"
            }
        }
        if !topic.questions.isEmpty {
            out += "\n### Questions\n\n"
            for question in topic.questions {
                out += question.isDone ? "- [x] " : "- [ ] "
                MarkdownText.append(question.text, to: &out, continuation: "  ")
                out += "\n"
                if let answer = question.answer {
                    out += "\n  **Answer:** "
                    MarkdownText.append(answer, to: &out, continuation: "  ")
                    out += "\n\n"
                }
            }
        }
    }

    /// The words a topic's status is written as.
    static func statusName(_ status: Topic.Status) -> String {
        switch status {
        case .unstarted: return "not started"
        case .onHold: return "on hold"
        case .inProgress: return "in progress"
        case .done: return "done"
        }
    }

    /// The status `words` name (as written, or the model's own names), ignoring case.
    static func status(named words: String) -> Topic.Status? {
        let key = words.lowercased().filter { $0.isLetter }
        switch key {
        case "notstarted", "unstarted", "todo": return .unstarted
        case "onhold": return .onHold
        case "inprogress", "started": return .inProgress
        case "done", "finished", "complete", "completed": return .done
        default: return nil
        }
    }
}
