import CardportMachinery
import Foundation

/// Where Cardport looks for plugins, where it caches their descriptions, and how long it waits for one.
///
/// In order: each entry of `$CARDPORT_PLUGIN_PATH` (a `:` list of folders or executables), then
/// `$XDG_DATA_HOME/cardport/plugins` (else `~/.local/share/cardport/plugins`), then every
/// `cardport-format-*` executable on `PATH`. A plugin file name found earlier shadows the same name
/// found later, as `PATH` does for commands. The current directory is never searched unless it is
/// named: empty and relative `PATH` entries are skipped.
public struct PluginSearch: Sendable, Hashable {
    /// Entries of `$CARDPORT_PLUGIN_PATH`: folders, or plugin executables named one by one.
    public var pluginPath: [String]
    /// The user's plugin folder.
    public var dataFolder: String?
    /// Entries of `PATH`, searched for `cardport-format-*`.
    public var executablePath: [String]
    /// The description cache's folder, or nil for no cache.
    public var cacheFolder: String?
    /// How long a plugin may go without output before it is stopped.
    public var timeout: Double

    /// The default timeout: a minute.
    public static let defaultTimeout: Double = 60

    /// Searches as `environment` says (see the type's discussion).
    public init(environment: [String: String], timeout: Double = PluginSearch.defaultTimeout) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
        pluginPath = (environment["CARDPORT_PLUGIN_PATH"] ?? "").split(separator: ":").map(String.init)
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            dataFolder = data + "/cardport/plugins"
        } else {
            dataFolder = home.map { $0 + "/.local/share/cardport/plugins" }
        }
        executablePath = (environment["PATH"] ?? "").split(separator: ":", omittingEmptySubsequences: false)
            .map(String.init).filter { $0.hasPrefix("/") }
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            cacheFolder = cache + "/cardport"
        } else {
            cacheFolder = home.map { $0 + "/.cache/cardport" }
        }
        self.timeout = timeout
    }

    /// This process's environment.
    public static var `default`: PluginSearch { PluginSearch(environment: ProcessInfo.processInfo.environment) }

    /// The candidate executables, in search order, each name once (the first shadows the rest).
    func candidates() -> [PluginIdentity] {
        var found: [PluginIdentity] = []
        var names: Set<String> = []
        func add(_ path: String) {
            let identity = PluginIdentity(path: path)
            let file = path.split(separator: "/").last.map(String.init) ?? path
            guard names.insert(file).inserted else { return }
            found.append(identity)
        }
        let cwd = FileManager.default.currentDirectoryPath
        for entry in pluginPath {
            let absolute = entry.hasPrefix("/") ? entry : cwd + "/" + entry
            if Self.isDirectory(absolute) {
                for file in Self.executables(in: absolute, prefix: nil) { add(file) }
            } else if Self.isExecutableFile(absolute) {
                add(absolute)
            }
        }
        if let dataFolder {
            for file in Self.executables(in: dataFolder, prefix: nil) { add(file) }
        }
        for folder in executablePath {
            for file in Self.executables(in: folder, prefix: "cardport-format-") { add(file) }
        }
        return found
    }

    static func isDirectory(_ path: String) -> Bool {
        POSIXCalls.kind(of: path) == .directory
    }

    static func isExecutableFile(_ path: String) -> Bool {
        POSIXCalls.isExecutableFile(path)
    }

    private static func executables(in folder: String, prefix: String?) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        // Sorted after the filter: a folder on PATH holds a thousand names and no plugin.
        return names.filter { name in
            !name.hasPrefix(".") && (prefix.map { name.hasPrefix($0) && name.count > $0.count } ?? true)
        }.sorted().map { folder + "/" + $0 }.filter(isExecutableFile)
    }
}
