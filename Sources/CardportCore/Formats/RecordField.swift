/// The field names every format's record mapping knows, with their aliases gathered under each.
///
/// The native JSON and YAML documents, JSON Lines and hand-written lists share one vocabulary:
/// the canonical names (`text`, `author`, `created_at`, …) and what people write instead
/// (`quote` or `highlight` for the text, `by` for the author, `book` for the source, `link` or
/// `href` for a URL, `favorite` or `starred`, camelCase dates). A reader looks a key up once and
/// switches on the field; what a field means for each kind stays with the reader.
///
/// ```swift
/// RecordField("favorite")   // .favourite
/// RecordField("by")         // .author
/// RecordField("rating")     // nil: the reader keeps it in extras
/// ```
public enum RecordField: UInt8, Sendable, Hashable, CaseIterable {
    /// `kind`: which record kind an object is.
    case kind
    /// `id`.
    case id
    /// `text`: a citation's quote, a bookmark's URL or text.
    case text
    /// `quote`, `highlight`: a citation's text under the names quote lists use.
    case quote
    /// `author`, `by`.
    case author
    /// `source`, `book`.
    case source
    /// `tags`.
    case tags
    /// `favourite`, `favorite`, `starred`, `isFavourite`, `is_favourite`.
    case favourite
    /// `archived`, `isArchived`, `is_archived`.
    case archived
    /// `created_at`, `createdAt`.
    case createdAt
    /// `updated_at`, `updatedAt`.
    case updatedAt
    /// `note`: a citation's own note.
    case note
    /// `location`: where a citation sits in its source.
    case location
    /// `chapter`: the chapter a citation's highlight is in.
    case chapter
    /// `position`: a citation's position in its source's own notation.
    case position
    /// `source_id`, `sourceId`, `sourceID`: the source's own id of a citation.
    case sourceID
    /// `extras`: fields kept for formats that have them.
    case extras
    /// `name`: a bookmark's or tag's name.
    case name
    /// `url`, `uri`, `href`, `link`.
    case url
    /// `description`: a task's text.
    case description
    /// `progress`: a task's progress in percent.
    case progress
    /// `title`: a topic's title, a bookmark's name, a citation's source in hand-written lists.
    case title
    /// `due`, `due_date`, `dueDate`.
    case due
    /// `status`: a topic's status.
    case status
    /// `notes`: a topic's notes.
    case notes
    /// `links`: a topic's links.
    case links
    /// `questions`: a topic's questions.
    case questions
    /// `colour`, `color`.
    case colour
    /// `show_favourite_on_top`, `showFavouriteOnTop`.
    case showFavouriteOnTop
    /// `widget_tags`, `widgetTags`.
    case widgetTags
    /// `appearance`.
    case appearance
    /// `language`.
    case language

    /// The field a key names, or `nil` for a key no record has; matched exactly (case matters).
    ///
    /// Matches by length first, so a look-up costs at most a few comparisons of small strings.
    public init?(_ key: String) {
        let field: RecordField?
        switch key.utf8.count {
        case 2:
            switch key {
            case "id": field = .id
            case "by": field = .author
            default: field = nil
            }
        case 3:
            switch key {
            case "url": field = .url
            case "uri": field = .url
            case "due": field = .due
            default: field = nil
            }
        case 4:
            switch key {
            case "kind": field = .kind
            case "text": field = .text
            case "tags": field = .tags
            case "note": field = .note
            case "name": field = .name
            case "href": field = .url
            case "book": field = .source
            case "link": field = .url
            default: field = nil
            }
        case 5:
            switch key {
            case "quote": field = .quote
            case "title": field = .title
            case "notes": field = .notes
            case "links": field = .links
            case "color": field = .colour
            default: field = nil
            }
        case 6:
            switch key {
            case "author": field = .author
            case "source": field = .source
            case "extras": field = .extras
            case "status": field = .status
            case "colour": field = .colour
            default: field = nil
            }
        case 7:
            switch key {
            case "dueDate": field = .due
            case "starred": field = .favourite
            case "chapter": field = .chapter
            default: field = nil
            }
        case 8:
            switch key {
            case "favorite": field = .favourite
            case "archived": field = .archived
            case "location": field = .location
            case "progress": field = .progress
            case "due_date": field = .due
            case "language": field = .language
            case "position": field = .position
            case "sourceId": field = .sourceID
            case "sourceID": field = .sourceID
            default: field = nil
            }
        case 9:
            switch key {
            case "favourite": field = .favourite
            case "createdAt": field = .createdAt
            case "updatedAt": field = .updatedAt
            case "questions": field = .questions
            case "highlight": field = .quote
            case "source_id": field = .sourceID
            default: field = nil
            }
        case 10:
            switch key {
            case "isArchived": field = .archived
            case "created_at": field = .createdAt
            case "updated_at": field = .updatedAt
            case "widgetTags": field = .widgetTags
            case "appearance": field = .appearance
            default: field = nil
            }
        case 11:
            switch key {
            case "isFavourite": field = .favourite
            case "is_archived": field = .archived
            case "description": field = .description
            case "widget_tags": field = .widgetTags
            default: field = nil
            }
        case 12:
            switch key {
            case "is_favourite": field = .favourite
            default: field = nil
            }
        case 18:
            switch key {
            case "showFavouriteOnTop": field = .showFavouriteOnTop
            default: field = nil
            }
        case 21:
            switch key {
            case "show_favourite_on_top": field = .showFavouriteOnTop
            default: field = nil
            }
        default: field = nil
        }
        guard let field else { return nil }
        self = field
    }
}
