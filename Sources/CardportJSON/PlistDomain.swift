import CardportCore

/// The keys of the apps' `UserDefaults` domains that Cardport reads and writes (Formats.md,
/// "plist").
enum PlistDomain {
    /// The citation app's cards: JSON data, an array of native records.
    static let cards = "cards"
    /// The citation app's tags: JSON data, an array of `{"name", "colour"}`.
    static let tags = "tags"
    /// The quotes app's favourites: JSON data, an array of `{"quote", "author"}`.
    static let favourites = "favourites"
    /// The citation app's settings, one key each.
    static let showFavouriteOnTop = "showFavouriteOnTop"
    static let widgetTags = "widgetTags"
    static let appearance = "appearance"
    static let language = "language"

    static let settingsKeys: Set<String> = [showFavouriteOnTop, widgetTags, appearance, language]
}
