import CardportCore

extension FormatCatalogue {
    /// What `cardport formats --json` prints: every format with where it comes from, and the plugins
    /// that were skipped, with why.
    ///
    /// ```json
    /// {"formats": [{"id": "mrexpt", "origin": "plugin", "plugin": {"name": "moonreader", …}, …}],
    ///  "brokenPlugins": [{"name": "newer", "path": "…/newer", "reason": "it speaks protocol 99, …"}]}
    /// ```
    public struct Document: Sendable, Hashable, Codable {
        /// Every format, in registry order (built-in ones first).
        public var formats: [Entry]
        /// The plugins skipped, in search order.
        public var brokenPlugins: [BrokenPlugin]
    }

    /// A plugin that was skipped, and why.
    public struct BrokenPlugin: Sendable, Hashable, Codable {
        /// The plugin's name.
        public var name: String
        /// The executable's path.
        public var path: String
        /// Why it was skipped.
        public var reason: String
    }

    /// The document for these formats and the `broken` plugins.
    public func document(broken: [PluginSet.Broken]) -> Document {
        Document(formats: entries,
                 brokenPlugins: broken.map { BrokenPlugin(name: $0.identity.name, path: $0.identity.path, reason: $0.reason) })
    }
}
