/// The words Kindle devices write in a clipping's metadata line, in every language they ship.
///
/// Matching is by substring on the line's bytes with ASCII letters lower-cased, so `Location`,
/// `location` and `Loc.` all hit `loc`. Each list is tried in the order of ``kinds``: an article
/// clip says "article" before anything else, and no highlight word contains a note word.
enum KindleVocabulary {
    /// Words that name the entry's kind, most specific kind first.
    ///
    /// English, German, Spanish, French, Italian, Dutch, Brazilian Portuguese, Russian, Swedish,
    /// Polish, Simplified and Traditional Chinese, Japanese and Korean: the wordings real files and
    /// public clippings parsers show (Formats.md lists them).
    static let kinds: [(KindleClipping.Kind, [[UInt8]])] = [
        (.article, words("clip this article", "artikel", "article", "artículo", "articolo", "artigo",
                         "статью", "статья", "剪贴", "剪貼", "記事", "기사")),
        (.bookmark, words("bookmark", "lesezeichen", "marcador", "signet", "segnalibro", "bladwijzer",
                          "bokmärke", "zakładk", "закладк", "书签", "書籤", "ブックマーク", "북마크")),
        (.note, words("note", "notiz", "nota", "notitie", "anteckning", "notatk", "замет", "Замет", "笔记", "筆記",
                      "附註", "メモ", "메모")),
        (.highlight, words("highlight", "markierung", "destaque", "subrayado", "resaltado", "surlignement",
                           "surlignage", "evidenziazione", "markering", "zakreślenie", "wyróżnienie",
                           "выделен", "Выделен", "标注", "標註", "標記", "劃線", "ハイライト", "하이라이트")),
    ]

    /// Words after or before which a number is a page.
    static let page = words("page", "seite", "página", "pagina", "pág", "sida", "stronie", "strona", "страниц",
                            "Страниц", "页", "頁", "ページ", "페이지")

    /// Words after or before which a number is a location.
    static let location = words("loc", "position", "posición", "posição", "posizione", "emplacement", "locatie",
                                "plats", "miejsc", "lokalizacj", "pozycj", "мест", "Мест", "позици", "Позици",
                                "位置", "위치")

    /// What a word of the metadata line says.
    enum Meaning: UInt8 {
        case article, bookmark, note, highlight, page, location
    }

    /// Every kind, page and location word by its first byte, so a line is matched in one pass.
    static let wordsByFirstByte: [[(word: [UInt8], meaning: Meaning)]] = {
        var table = Array(repeating: [(word: [UInt8], meaning: Meaning)](), count: 256)
        func add(_ words: [[UInt8]], _ meaning: Meaning) {
            for word in words { table[Int(word[0])].append((word, meaning)) }
        }
        for (kind, words) in kinds {
            switch kind {
            case .article: add(words, .article)
            case .bookmark: add(words, .bookmark)
            case .note: add(words, .note)
            case .highlight: add(words, .highlight)
            }
        }
        add(page, .page)
        add(location, .location)
        return table
    }()

    /// Whether any vocabulary word starts with a byte, so most bytes of a line are passed over at once.
    static let isFirstByte: [Bool] = wordsByFirstByte.map { !$0.isEmpty }

    /// Month names and abbreviations by number, in every device language (Russian in the genitive
    /// the dates use, and the nominative).
    static let months: [MonthKey: Int] = {
        let names: [[String]] = [
            ["january", "jan", "enero", "janeiro", "januar", "jänner", "janvier", "gennaio", "januari", "января", "январь",
             "stycznia", "styczeń"],
            ["february", "feb", "febrero", "fevereiro", "februar", "février", "fevrier", "febbraio", "februari", "февраля", "февраль",
             "lutego", "luty"],
            ["march", "mar", "marzo", "março", "märz", "maerz", "mars", "maart", "марта", "март", "marca", "marzec"],
            ["april", "apr", "abril", "avril", "aprile", "апреля", "апрель", "kwietnia", "kwiecień"],
            ["may", "mayo", "maio", "mai", "maggio", "mei", "мая", "май", "maj", "maja"],
            ["june", "jun", "junio", "junho", "juni", "juin", "giugno", "июня", "июнь", "czerwca", "czerwiec"],
            ["july", "jul", "julio", "julho", "juli", "juillet", "luglio", "июля", "июль", "lipca", "lipiec"],
            ["august", "aug", "agosto", "août", "aout", "augustus", "augusti", "августа", "август", "sierpnia", "sierpień"],
            ["september", "sep", "sept", "septiembre", "setiembre", "setembro", "septembre", "settembre", "сентября", "сентябрь",
             "września", "wrzesień"],
            ["october", "oct", "octubre", "outubro", "oktober", "octobre", "ottobre", "октября", "октябрь",
             "października", "październik"],
            ["november", "nov", "noviembre", "novembro", "novembre", "ноября", "ноябрь", "listopada", "listopad"],
            ["december", "dec", "diciembre", "dezembro", "dezember", "décembre", "decembre", "dicembre", "декабря", "декабрь",
             "grudnia", "grudzień"],
        ]
        var table: [MonthKey: Int] = [:]
        for (index, list) in names.enumerated() {
            for name in list { table[MonthKey(Array(name.utf8)[...])] = index + 1 }
        }
        return table
    }()

    /// Words that put a 12-hour time in the afternoon when they follow it (`PM`) or precede it (`下午`).
    static let afternoonAfter = words("pm", "p.m.")
    static let morningAfter = words("am", "a.m.")
    static let afternoonBefore = words("下午", "午後", "오후")
    static let morningBefore = words("上午", "午前", "오전")

    /// The year, month and day markers of East Asian dates (`2023年2月9日`, `2024년 3월 5일`).
    static let yearMarkers = words("年", "년")
    static let monthMarkers = words("月", "월")
    static let dayMarkers = words("日", "일")

    /// What a publisher's copy limit leaves at the end of a highlight's text (English and Japanese
    /// devices; the only wordings seen in real files).
    static let clippingLimitMarkers = ["<You have reached the clipping limit for this item>",
                                       "<このアイテムのクリップの上限に達しました>"]

    private static func words(_ list: String...) -> [[UInt8]] { list.map { Array($0.utf8) } }
}

/// A word of up to 16 bytes packed into two integers: a month-name key that costs no allocation.
struct MonthKey: Hashable {
    var low: UInt64 = 0
    var high: UInt64 = 0
    var count: Int

    init(_ bytes: ArraySlice<UInt8>) {
        count = bytes.count
        for (index, byte) in bytes.prefix(16).enumerated() {
            if index < 8 { low |= UInt64(byte) << (8 * index) } else { high |= UInt64(byte) << (8 * (index - 8)) }
        }
    }
}
