internal import CCmarkGFM

/// A Markdown text parsed by cmark-gfm (with the task list, table and strikethrough extensions):
/// owns the parser and the node tree, and frees both when it goes away.
///
/// Nodes handed out (``root`` and every ``MarkdownNode`` reached from it) are valid only while the
/// document is alive.
final class CmarkDocument {
    private let parser: OpaquePointer
    /// The document node.
    let root: MarkdownNode

    /// The extensions are registered in one process-wide step; cmark's own registration is not
    /// safe to run from two threads at once, so it runs once, behind Swift's lazy global.
    private static let extensionsRegistered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    /// Parses `bytes`, which the caller has checked to be UTF-8.
    init(bytes: UnsafeRawBufferPointer) {
        _ = CmarkDocument.extensionsRegistered
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else {
            preconditionFailure("cmark could not allocate a parser")
        }
        self.parser = parser
        for name in ["tasklist", "table", "strikethrough"] {
            if let extensionPointer = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, extensionPointer)
            }
        }
        if let base = bytes.baseAddress, !bytes.isEmpty {
            cmark_parser_feed(parser, base.assumingMemoryBound(to: CChar.self), bytes.count)
        }
        guard let node = cmark_parser_finish(parser) else { preconditionFailure("cmark returned no document") }
        root = MarkdownNode(node)
    }

    deinit {
        cmark_node_free(root.pointer)
        cmark_parser_free(parser)
    }
}
