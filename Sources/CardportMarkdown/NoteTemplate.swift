import CardportCore
import Foundation
internal import Stencil

/// A note layout in Stencil's template language (Jinja-like), from a user's file (`--template`) or
/// built in, parsed once and rendered for every note of an export.
///
/// Each highlight's generated block comes from the `{% highlight h %}…{% endhighlight %}` tag: it
/// renders what it encloses and wraps it in the block's markers and Obsidian id (``NoteBlock``),
/// so the note can be updated later. Whitespace is trimmed the "smart" way: a line that holds only
/// a `{% … %}` tag leaves nothing in the output. Formats.md lists every variable.
///
/// ```swift
/// let template = try NoteTemplate(text: "{{ frontmatter }}{% for h in highlights %}…", name: "Book.stencil")
/// let note = try template.render(context)
/// ```
final class NoteTemplate {
    /// The template's file as the user gave it (or the built-in template's name), for errors.
    let name: String
    private let text: String
    private let environment: Environment
    private let nodes: [any NodeType]

    /// Reads and parses the template in the file at `path`.
    convenience init(path: String) throws(CardportError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw CardportError(exists ? .io : .fileNotFound, "cannot read the template '\(path)'",
                                hint: exists ? "check its permissions" : "check the path given to --template")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CardportError(.malformedInput, "the template '\(path)' is not UTF-8 text",
                                hint: "save it as UTF-8 (iconv converts it)")
        }
        try self.init(text: text, name: path)
    }

    /// Parses `text`, a template named `name` in errors.
    init(text: String, name: String) throws(CardportError) {
        self.name = name
        self.text = text
        let ext = Extension()
        ext.registerTag("highlight", parser: HighlightBlockNode.parse)
        ext.registerFilter("markdown") { value in
            guard let value else { return "" }
            var out: [UInt8] = []
            MarkdownText.append(String(describing: value), to: &out, continuation: nil)
            return String(decoding: out, as: UTF8.self)
        }
        environment = Environment(extensions: [ext], trimBehaviour: .smart)
        let template = Template(templateString: text, environment: environment, name: name)
        do {
            nodes = try TokenParser(tokens: template.tokens, environment: environment).parse()
        } catch {
            throw NoteTemplate.error(error, name: name, text: text)
        }
    }

    /// The note for `context` (the variables Formats.md lists).
    func render(_ context: [String: Any]) throws(CardportError) -> String {
        do {
            return try renderNodes(nodes, Context(dictionary: context, environment: environment))
        } catch {
            throw NoteTemplate.error(error, name: name, text: text)
        }
    }

    /// A Stencil error as a Cardport one, at the template's line and column when Stencil knows them.
    private static func error(_ error: any Error, name: String, text: String) -> CardportError {
        let reason = (error as? TemplateSyntaxError)?.reason ?? String(describing: error)
        let hint = "Formats.md lists the template's tags, filters and variables"
        guard let token = (error as? TemplateSyntaxError)?.token, token.sourceMap.location.lineNumber > 0 else {
            return CardportError(.invalidValue, "in the template '\(name)': \(reason)", hint: hint)
        }
        let place = token.sourceMap.location
        let line = Int(place.lineNumber)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let content = line <= lines.count ? String(lines[line - 1]) : place.content
        let before = content.prefix(place.lineOffset)
        let offset = lines.prefix(line - 1).reduce(0) { $0 + $1.utf8.count + 1 } + before.utf8.count
        let location = SourceLocation(file: name, line: line, column: before.unicodeScalars.count + 1, offset: offset)
        return CardportError(.invalidValue, reason, location: location, sourceLine: content, hint: hint)
    }

    /// The built-in layout of a note per book: what Cardport writes without `--template`.
    static let book = """
        {# The built-in layout of a note per book (cardport export --split book).
           frontmatter          the note's YAML front matter, `cardport-source` included
           book.title           the book's title (its author's name when it has none)
           book.author          the author every highlight shares, if they do
           book.source          the book's title, when the highlights name one
           book.tags            the tags every highlight carries
           book.id              the note's `cardport-source`
           highlights           the highlights, in book order; each one has:
             h.id               the block id (`^id`)
             h.text h.note      the highlight and the reader's note
             h.author h.source  its author and book
             h.chapter          the chapter, as the reader named it
             h.colour           the colour, as the reader named it
             h.location         "Page 12 · Location 120-125"; h.page the page alone
             h.created          when it was made (ISO 8601); h.updated when last changed
             h.tags             a list: {{ h.tags|join:" " }}
             h.favourite        true for a favourite
             h.markdown         the built-in rendering: quote, details line and note
           {% highlight h %}…{% endhighlight %} writes one highlight's block: keep it, it is
           how the next export finds the highlight. The `markdown` filter escapes text.
        #}{{ frontmatter }}
        # {{ book.title|markdown }}
        {% if book.source and book.author %}

        *by {{ book.author|markdown }}*
        {% endif %}
        {% for h in highlights %}

        {% highlight h %}{{ h.markdown }}{% endhighlight %}
        {% endfor %}
        """

    /// The built-in layout of a note per citation: `highlight` is the one highlight, `highlights`
    /// holds it alone.
    static let citation = """
        {# The built-in layout of a note per citation (cardport export --split citation): the
           variables are those of a note per book, and `highlight`, the note's one highlight. #}{{ frontmatter }}
        {% highlight highlight %}{{ highlight.markdown }}{% endhighlight %}
        """
}

/// `{% highlight h %}…{% endhighlight %}`: one highlight's generated block, its markers and
/// Obsidian block id around what the tag encloses.
private final class HighlightBlockNode: NodeType {
    let highlight: any Resolvable
    let nodes: [any NodeType]
    let token: Token?

    init(highlight: any Resolvable, nodes: [any NodeType], token: Token) {
        self.highlight = highlight
        self.nodes = nodes
        self.token = token
    }

    static func parse(_ parser: TokenParser, token: Token) throws -> any NodeType {
        let components = token.components
        guard components.count == 2 else {
            throw TemplateSyntaxError("'highlight' takes one highlight: {% highlight h %}…{% endhighlight %}")
        }
        let highlight = try parser.compileResolvable(components[1], containedIn: token)
        let nodes = try parser.parse(until(["endhighlight"]))
        guard parser.nextToken() != nil else {
            throw TemplateSyntaxError(reason: "'highlight' is never closed by {% endhighlight %}", token: token)
        }
        return HighlightBlockNode(highlight: highlight, nodes: nodes, token: token)
    }

    func render(_ context: Context) throws -> String {
        // Nothing to write for no highlight: a note whose highlights are all archived is rendered
        // without them, to tell what its user added.
        guard let value = try highlight.resolve(context) else { return "" }
        guard let fields = value as? [String: Any], let id = fields["id"] as? String else {
            throw TemplateSyntaxError(reason: "'highlight' needs one of `highlights`, as in {% for h in highlights %}{% highlight h %}",
                                      token: token)
        }
        var body = try renderNodes(nodes, context)
        while body.hasSuffix("\n") { body.removeLast() }
        body += body.isEmpty ? "^\(id)\n" : "\n\n^\(id)\n"
        return NoteBlock(id: id, body: body).rendered
    }
}
