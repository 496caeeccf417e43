/// The member names the record mapping knows, aliases folded together, so the decoder matches each
/// member with a few comparisons of small strings instead of a chain of them.
enum JSONField: UInt8 {
    case kind, id, text, quote, author, source, tags, favourite, archived, createdAt, updatedAt, note, location, extras
    case name, url, description, progress, title, due, status, notes, links, questions, colour
    case showFavouriteOnTop, widgetTags, appearance, language

    /// Matches by length first, so a look-up costs at most a few comparisons of small strings.
    init?(_ key: String) {
        let field: JSONField?
        switch key.utf8.count {
        case 2:
            switch key {
            case "id": field = .id
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
            default: field = nil
            }
        case 9:
            switch key {
            case "favourite": field = .favourite
            case "createdAt": field = .createdAt
            case "updatedAt": field = .updatedAt
            case "questions": field = .questions
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
