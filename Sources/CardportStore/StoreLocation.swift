/// Where the store file is: `--store`, else `CARDPORT_STORE`, else the XDG data directory.
///
/// ```swift
/// StoreLocation.resolve(option: nil, environment: ["HOME": "/home/ada"])
/// // "/home/ada/.local/share/cardport/store.sqlite"
/// ```
public enum StoreLocation {
    /// The store file's name inside the data directory.
    public static let fileName = "store.sqlite"

    /// The path of the store: the option when given, else `CARDPORT_STORE`, else
    /// `$XDG_DATA_HOME/cardport/store.sqlite`, else `~/.local/share/cardport/store.sqlite`.
    ///
    /// Returns `nil` only when none of these is set (no `HOME` either).
    public static func resolve(option: String?, environment: [String: String]) -> String? {
        if let option, !option.isEmpty { return option }
        if let path = environment["CARDPORT_STORE"], !path.isEmpty { return path }
        // The XDG base directory specification ignores a relative XDG_DATA_HOME.
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/cardport/" + fileName }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.local/share/cardport/" + fileName }
        return nil
    }
}
