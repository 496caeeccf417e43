/// The citation app's settings, carried by backups so a restore brings the app back as it was.
public struct Settings: Sendable, Hashable, Codable {
    /// The app's colour scheme.
    public enum Appearance: String, Sendable, Hashable, CaseIterable, Codable {
        case light, dark, automatic
    }

    /// Whether the app shows a favourite citation at the top of its list.
    public var showFavouriteOnTop: Bool
    /// The tags whose citations the widgets draw from (all citations when empty).
    public var widgetTags: [String]
    /// Light, dark, or following the system.
    public var appearance: Appearance
    /// The app's language as a BCP 47 code (`en`, `pt-BR`); `nil` follows the system.
    public var language: String?

    /// Settings with the app's defaults unless given.
    public init(showFavouriteOnTop: Bool = false, widgetTags: [String] = [],
                appearance: Appearance = .automatic, language: String? = nil) {
        self.showFavouriteOnTop = showFavouriteOnTop
        self.widgetTags = widgetTags
        self.appearance = appearance
        self.language = language.nonEmpty
    }
}
