/// Which plugin: the name people see (its file name without `cardport-format-`) and its path.
public struct PluginIdentity: Sendable, Hashable, Codable {
    /// The plugin's name, as messages and `cardport plugins list` show it.
    public var name: String
    /// The executable's absolute path.
    public var path: String

    /// Names the plugin at `path`: its file name, less a leading `cardport-format-`.
    public init(path: String) {
        self.path = path
        let file = path.split(separator: "/").last.map(String.init) ?? path
        name = file.hasPrefix("cardport-format-") ? String(file.dropFirst("cardport-format-".count)) : file
    }
}
