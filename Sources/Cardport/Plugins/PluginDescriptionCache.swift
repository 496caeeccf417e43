import CardportMachinery
import Foundation

/// Plugin descriptions kept between runs, keyed by the executable's path, size and modification time.
///
/// Starting Cardport must not run every plugin: a description is asked for again only when the file
/// changed. Broken answers are kept too, with why, so a broken plugin costs nothing either. The cache
/// is one JSON file, `plugins.json`, replaced atomically; a cache that cannot be read is ignored.
struct PluginDescriptionCache {
    struct Key: Hashable, Codable {
        var size: Int
        var modified: Int
    }

    struct Entry: Codable {
        var key: Key
        var description: PluginDescription?
        var broken: String?
    }

    private let file: String?
    private var entries: [String: Entry]
    private var changed = false

    init(folder: String?) {
        file = folder.map { $0 + "/plugins.json" }
        if let file, let data = FileManager.default.contents(atPath: file),
           let decoded = try? JSONDecoder().decode([String: Entry].self, from: data) {
            entries = decoded
        } else {
            entries = [:]
        }
    }

    /// The key of the file at `path` now, or nil when it cannot be read.
    static func key(of path: String) -> Key? {
        POSIXCalls.stamp(of: path).map { Key(size: $0.size, modified: $0.modified) }
    }

    func entry(for path: String, key: Key) -> Entry? {
        guard let entry = entries[path], entry.key == key else { return nil }
        return entry
    }

    mutating func store(_ entry: Entry, for path: String) {
        entries[path] = entry
        changed = true
    }

    /// Writes the cache back when it changed; a cache that cannot be written only costs time.
    func save() {
        guard changed, let file else { return }
        let folder = String(file[..<file.lastIndex(of: "/")!])
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(entries) else { return }
        try? data.write(to: URL(fileURLWithPath: file), options: .atomic)
    }
}
