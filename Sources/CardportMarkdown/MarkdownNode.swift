internal import CCmarkGFM

/// A view of one node of a ``CmarkDocument``'s tree; valid while the document is alive.
struct MarkdownNode {
    /// What a node is, as far as the reader cares.
    enum Kind: Equatable {
        case document, blockQuote, list, item, codeBlock, htmlBlock, paragraph, heading, thematicBreak
        case table, otherBlock
        case text, softBreak, lineBreak, code, htmlInline, emphasis, strong, link, image, otherInline
    }

    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    var kind: Kind {
        switch cmark_node_get_type(pointer) {
        case CMARK_NODE_DOCUMENT: return .document
        case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
        case CMARK_NODE_LIST: return .list
        case CMARK_NODE_ITEM: return .item
        case CMARK_NODE_CODE_BLOCK: return .codeBlock
        case CMARK_NODE_HTML_BLOCK: return .htmlBlock
        case CMARK_NODE_PARAGRAPH: return .paragraph
        case CMARK_NODE_HEADING: return .heading
        case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
        case CMARK_NODE_TEXT: return .text
        case CMARK_NODE_SOFTBREAK: return .softBreak
        case CMARK_NODE_LINEBREAK: return .lineBreak
        case CMARK_NODE_CODE: return .code
        case CMARK_NODE_HTML_INLINE: return .htmlInline
        case CMARK_NODE_EMPH: return .emphasis
        case CMARK_NODE_STRONG: return .strong
        case CMARK_NODE_LINK: return .link
        case CMARK_NODE_IMAGE: return .image
        default:
            // Extension nodes (tables, strikethrough) have types allocated at run time.
            if let name = cmark_node_get_type_string(pointer), String(cString: name) == "table" { return .table }
            return cmark_node_get_type(pointer).rawValue & UInt32(CMARK_NODE_TYPE_INLINE) == UInt32(CMARK_NODE_TYPE_INLINE)
                ? .otherInline : .otherBlock
        }
    }

    var firstChild: MarkdownNode? { cmark_node_first_child(pointer).map(MarkdownNode.init) }
    var parent: MarkdownNode? { cmark_node_parent(pointer).map(MarkdownNode.init) }
    var next: MarkdownNode? { cmark_node_next(pointer).map(MarkdownNode.init) }

    /// The node's children, in order.
    var children: [MarkdownNode] {
        var result: [MarkdownNode] = []
        var child = firstChild
        while let node = child {
            result.append(node)
            child = node.next
        }
        return result
    }

    /// The text of a text, code, HTML or code block node.
    var literal: String { cmark_node_get_literal(pointer).map { String(cString: $0) } ?? "" }

    /// Whether the node's text starts with one of `prefixes` (UTF-8), checked on cmark's own
    /// bytes without making a string.
    func literalStarts(withAnyOf prefixes: [[UInt8]]) -> Bool {
        guard let literal = cmark_node_get_literal(pointer) else { return false }
        return prefixes.contains { prefix in
            // The terminating NUL differs from every prefix byte, so the comparison stops in time.
            prefix.indices.allSatisfy { UInt8(bitPattern: literal[$0]) == prefix[$0] }
        }
    }

    /// A link's or image's destination.
    var url: String { cmark_node_get_url(pointer).map { String(cString: $0) } ?? "" }

    /// A heading's level, 1–6.
    var headingLevel: Int { Int(cmark_node_get_heading_level(pointer)) }

    /// The 1-based line the node starts on, in the text cmark was given.
    var startLine: Int { Int(cmark_node_get_start_line(pointer)) }

    /// The 1-based byte column the node starts at.
    var startColumn: Int { Int(cmark_node_get_start_column(pointer)) }

    /// A fenced code block's fence: its character (`` ` `` or `~`) and length; `nil` for any other node.
    var fence: (character: UInt8, length: Int)? {
        var length: Int32 = 0
        var offset: Int32 = 0
        var character: CChar = 0
        guard cmark_node_get_fenced(pointer, &length, &offset, &character) != 0, length > 0 else { return nil }
        return (UInt8(bitPattern: character), Int(length))
    }

    /// Whether a list item is a GFM task item (`- [ ]` or `- [x]`).
    var isTaskItem: Bool {
        guard let name = cmark_node_get_type_string(pointer) else { return false }
        return String(cString: name) == "tasklist"
    }

    /// Whether a task item is checked.
    var isChecked: Bool { cmark_gfm_extensions_get_tasklist_item_checked(pointer) }
}
