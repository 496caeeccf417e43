/// The inline content of a paragraph or heading as text and as lines, the way the reader sees it.
///
/// Text is what a person reads: markup is dropped (the words of `*a*` and `[a](b)` are `a`), a soft
/// line break is a space, a hard line break is `\n`, inline HTML (comments) is left out.
struct MarkdownInlines {
    /// One line of a paragraph: the inline nodes between two line breaks.
    struct Line {
        /// The line's nodes, breaks excluded.
        var nodes: [MarkdownNode]
        /// Whether the line starts after a hard break (`\n`) rather than a soft one (a space).
        var afterHardBreak: Bool

        var text: String { MarkdownInlines.text(of: nodes) }

        /// Whether the line starts like an attribution: an em dash, a horizontal bar, an en dash, `--` or `~`.
        var startsWithDash: Bool {
            guard let first = nodes.first, first.kind == .text else { return false }
            return first.literalStarts(withAnyOf: Line.dashes)
        }

        /// Whether the line starts with `[`, as an Obsidian callout's first line does.
        var startsWithBracket: Bool {
            guard let first = nodes.first, first.kind == .text else { return false }
            return first.literalStarts(withAnyOf: [[0x5B]])
        }

        private static let dashes: [[UInt8]] = [Array("\u{2014}".utf8), Array("\u{2015}".utf8), Array("\u{2013}".utf8),
                                                Array("--".utf8), Array("~".utf8)]
    }

    /// The nodes, breaks included.
    let nodes: [MarkdownNode]

    init(_ block: MarkdownNode) {
        nodes = block.children
    }

    init(nodes: [MarkdownNode]) {
        self.nodes = nodes
    }

    /// The whole text.
    var text: String { MarkdownInlines.text(of: nodes) }

    /// The nodes split at line breaks.
    var lines: [Line] {
        var lines = [Line(nodes: [], afterHardBreak: false)]
        for node in nodes {
            switch node.kind {
            case .softBreak: lines.append(Line(nodes: [], afterHardBreak: false))
            case .lineBreak: lines.append(Line(nodes: [], afterHardBreak: true))
            default: lines[lines.count - 1].nodes.append(node)
            }
        }
        return lines
    }

    /// The text of `lines`, joined with the breaks between them.
    static func text(of lines: ArraySlice<Line>) -> String {
        var out = ""
        for (offset, line) in lines.enumerated() {
            if offset > 0 { out += line.afterHardBreak ? "\n" : " " }
            out += line.text
        }
        return out
    }

    /// The text of inline nodes (and their children).
    static func text(of nodes: some Sequence<MarkdownNode>) -> String {
        var out = ""
        for node in nodes { append(node, to: &out) }
        return out
    }

    /// Walks the node and its descendants in document order through cmark's own links (first
    /// child, next sibling, parent): no recursion, so deeply nested emphasis cannot exhaust the
    /// stack, and no allocation.
    private static func append(_ root: MarkdownNode, to out: inout String) {
        var current = root
        while true {
            switch current.kind {
            case .text, .code: out += current.literal
            case .softBreak: out += " "
            case .lineBreak: out += "\n"
            case .htmlInline: break
            default:
                if let child = current.firstChild {
                    current = child
                    continue
                }
            }
            // Up until there is a next sibling, but never past the root.
            while current.pointer != root.pointer {
                if let next = current.next {
                    current = next
                    break
                }
                guard let parent = current.parent else { return }
                current = parent
            }
            if current.pointer == root.pointer { return }
        }
    }
}
