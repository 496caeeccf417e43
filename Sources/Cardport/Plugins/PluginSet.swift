public import CardportCore
import Foundation

/// The plugins found on this machine: those that work, with their descriptions, and those that do not, with why.
///
/// ``discover(_:)`` asks each candidate of a ``PluginSearch`` for its description (or takes it from
/// the cache); ``FormatRegistry/addingPlugins(_:)`` registers the formats of the working ones.
public struct PluginSet: Sendable {
    /// A plugin that answered `describe` with a description this Cardport accepts.
    public struct Plugin: Sendable {
        /// Which plugin.
        public var identity: PluginIdentity
        /// What it said it provides.
        public var description: PluginDescription
    }

    /// A plugin that is skipped, and why.
    public struct Broken: Sendable, Hashable, Codable {
        /// Which plugin.
        public var identity: PluginIdentity
        /// Why it is skipped, for `cardport formats` and `cardport plugins list`.
        public var reason: String
    }

    /// The working plugins, in search order.
    public var plugins: [Plugin] = []
    /// The skipped plugins, in search order.
    public var broken: [Broken] = []
    /// How long a plugin may go without output.
    public var timeout: Double

    /// No plugins: what `--no-plugins` runs with.
    public static let none = PluginSet(timeout: PluginSearch.defaultTimeout)

    init(timeout: Double) {
        self.timeout = timeout
    }

    /// Finds the plugins `search` names and reads their descriptions, from the cache when the file is unchanged.
    public static func discover(_ search: PluginSearch) -> PluginSet {
        var set = PluginSet(timeout: search.timeout)
        var cache = PluginDescriptionCache(folder: search.cacheFolder)
        for identity in search.candidates() {
            guard let key = PluginDescriptionCache.key(of: identity.path) else { continue }
            let entry = cache.entry(for: identity.path, key: key) ?? {
                let fresh = describe(identity, timeout: search.timeout, key: key)
                cache.store(fresh, for: identity.path)
                return fresh
            }()
            if let description = entry.description {
                set.plugins.append(Plugin(identity: identity, description: description))
            } else {
                set.broken.append(Broken(identity: identity, reason: entry.broken ?? "it gave no description"))
            }
        }
        cache.save()
        return set
    }

    /// Asks one plugin for its description, never using the cache: what `plugins check` does.
    public static func describe(_ identity: PluginIdentity, timeout: Double) -> Result<PluginDescription, CardportError> {
        Result { () throws(CardportError) in
            let output = try PluginProcess.collect(identity, arguments: ["describe"], timeout: timeout)
            return try PluginDescription.decode(output)
        }
    }

    private static func describe(_ identity: PluginIdentity, timeout: Double,
                                 key: PluginDescriptionCache.Key) -> PluginDescriptionCache.Entry {
        switch describe(identity, timeout: timeout) {
        case .success(let description):
            return PluginDescriptionCache.Entry(key: key, description: description, broken: nil)
        case .failure(let error):
            return PluginDescriptionCache.Entry(key: key, description: nil, broken: error.message)
        }
    }
}
