@testable import CardportKindle
import CardportCore
import Testing

/// The metadata line in every language and generation, each from the wording its device writes.
@Suite struct KindleMetadataLineTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var line: String
        var kind: KindleClipping.Kind
        var page: String?
        var start: Int?
        var end: Int?
        var date: String
        var testDescription: String { line }
    }

    static let cases: [Case] = [
        // English, current firmware.
        Case(line: "- Your Highlight on page 311 | Location 4769-4770 | Added on Monday, March 21, 2016 8:35:16 AM",
             kind: .highlight, page: "311", start: 4769, end: 4770, date: "2016-03-21T08:35:16"),
        Case(line: "- Your Highlight on Location 1849 | Added on Tuesday, August 16, 2016 6:02:10 PM",
             kind: .highlight, start: 1849, end: 1849, date: "2016-08-16T18:02:10"),
        Case(line: "- Your Note at location 5170 | Added on Wednesday, 13 May 2020 20:55:46",
             kind: .note, start: 5170, end: 5170, date: "2020-05-13T20:55:46"),
        Case(line: "- Your Highlight on page 13-13 | Added on Monday, 11 May 2020 15:08:37",
             kind: .highlight, page: "13", date: "2020-05-11T15:08:37"),
        Case(line: "- Your Highlight on Page 125-127 | Added on Tuesday, April 24, 2012, 04:13 PM",
             kind: .highlight, page: "125-127", date: "2012-04-24T16:13:00"),
        Case(line: "- Your Bookmark on page 136 | location 2543 | Added on Monday, 26 February 2018 11:00:31",
             kind: .bookmark, page: "136", start: 2543, end: 2543, date: "2018-02-26T11:00:31"),
        Case(line: "- Clip This Article on Location 20-25 | Added on Monday, January 1, 2024 10:00:00 AM",
             kind: .article, start: 20, end: 25, date: "2024-01-01T10:00:00"),
        Case(line: "- Your Highlight on page xii | Location 88-90 | Added on Friday, June 7, 2019 12:00:01 AM",
             kind: .highlight, page: "xii", start: 88, end: 90, date: "2019-06-07T00:00:01"),
        Case(line: "- Your Highlight on Location 1,234-1,236 | Added on Friday, June 7, 2019 12:30:00 PM",
             kind: .highlight, start: 1234, end: 1236, date: "2019-06-07T12:30:00"),
        // Kindle 3 and Kindle Keyboard: no "Your", `Loc.`, abbreviated range ends, two-digit years.
        Case(line: "- Highlight Loc. 4536-37  | Added on Tuesday, August 21, 2012, 09:32 PM",
             kind: .highlight, start: 4536, end: 4537, date: "2012-08-21T21:32:00"),
        Case(line: "- Highlight Loc. 998-1002  | Added on Tuesday, August 21, 2012, 09:32 AM",
             kind: .highlight, start: 998, end: 1002, date: "2012-08-21T09:32:00"),
        Case(line: "- Highlight Loc. 998-02  | Added on Tuesday, August 21, 2012, 09:32 AM",
             kind: .highlight, start: 998, end: 1002, date: "2012-08-21T09:32:00"),
        Case(line: "- Highlight on Page 21 | Loc. 426  | Added on Monday, 10 December 12 23:17:48 GMT+00:59",
             kind: .highlight, page: "21", start: 426, end: 426, date: "2012-12-10T23:17:48"),
        Case(line: "- Note on Page 11 | Added on Monday, 3 December 12 19:55:21 Greenwich Mean Time",
             kind: .note, page: "11", date: "2012-12-03T19:55:21"),
        Case(line: "- Bookmark Loc. 1364  | Added on Tuesday, April 26, 2011, 08:36 AM",
             kind: .bookmark, start: 1364, end: 1364, date: "2011-04-26T08:36:00"),
        // Spanish.
        Case(line: "- La subrayado en la página 174 | posición 2654-2660 | Añadido el sábado, 8 de enero de 2022 2:46:29",
             kind: .highlight, page: "174", start: 2654, end: 2660, date: "2022-01-08T02:46:29"),
        Case(line: "- Tu subrayado en la posición 17-19 | Añadido el jueves, 6 de enero de 2022 9:50:47",
             kind: .highlight, start: 17, end: 19, date: "2022-01-06T09:50:47"),
        Case(line: "- La nota en la página 148 | Añadido el jueves, 6 de enero de 2022 14:07:24",
             kind: .note, page: "148", date: "2022-01-06T14:07:24"),
        Case(line: "- Tu marcador en la posición 300 | Añadido el jueves, 6 de enero de 2022 14:07:24",
             kind: .bookmark, start: 300, end: 300, date: "2022-01-06T14:07:24"),
        // Brazilian Portuguese, both wordings.
        Case(line: "- Seu destaque ou posição 77-80 | Adicionado: sábado, 2 de novembro de 2019 14:03:00",
             kind: .highlight, start: 77, end: 80, date: "2019-11-02T14:03:00"),
        Case(line: "- Seu destaque na página 49 | posição 543-543 | Adicionado: quinta-feira, 12 de outubro de 2023 18:50:01",
             kind: .highlight, page: "49", start: 543, end: 543, date: "2023-10-12T18:50:01"),
        Case(line: "- Sua nota ou posição 115 | Adicionado: sábado, 2 de novembro de 2019 20:43:52",
             kind: .note, start: 115, end: 115, date: "2019-11-02T20:43:52"),
        Case(line: "- Seu marcador ou posição 604 | Adicionado: segunda-feira, 11 de novembro de 2019 04:49:31",
             kind: .bookmark, start: 604, end: 604, date: "2019-11-11T04:49:31"),
        // German, with "am" in the words before the date that must not mean morning.
        Case(line: "- Ihre Markierung bei Position 1129-1130 | Hinzugefügt am Freitag, 19. Dezember 2014 21:52:50",
             kind: .highlight, start: 1129, end: 1130, date: "2014-12-19T21:52:50"),
        Case(line: "- Ihre Markierung auf Seite 54 | bei Position 567-568 | Hinzugefügt am Montag, 13. Oktober 2014 07:38:01",
             kind: .highlight, page: "54", start: 567, end: 568, date: "2014-10-13T07:38:01"),
        Case(line: "- Ihre Notiz bei Position 570 | Hinzugefügt am Dienstag, 5. März 2024 21:12:45",
             kind: .note, start: 570, end: 570, date: "2024-03-05T21:12:45"),
        Case(line: "- Ihr Lesezeichen bei Position 3257 | Hinzugefügt am Dienstag, 8. Juli 2014 22:42:55",
             kind: .bookmark, start: 3257, end: 3257, date: "2014-07-08T22:42:55"),
        Case(line: "- Artikel bei Position 699 speichern | Hinzugefügt am Sonntag, 21. September 2014 13:24:34",
             kind: .article, start: 699, end: 699, date: "2014-09-21T13:24:34"),
        // French.
        Case(line: "- Votre surlignement sur la page 14 | emplacement 122-123 | Ajouté le jeudi 3 juillet 2025 14:06:49",
             kind: .highlight, page: "14", start: 122, end: 123, date: "2025-07-03T14:06:49"),
        Case(line: "- Votre note sur la page 14 | emplacement 123 | Ajouté le jeudi 3 juillet 2025 14:07:02",
             kind: .note, page: "14", start: 123, end: 123, date: "2025-07-03T14:07:02"),
        Case(line: "- Votre signet à l'emplacement 200 | Ajouté le samedi 1 février 2025 08:00:00",
             kind: .bookmark, start: 200, end: 200, date: "2025-02-01T08:00:00"),
        // Italian.
        Case(line: "- La tua evidenziazione alla posizione 512-514 | Aggiunto in data martedì 5 marzo 2024 18:40:02",
             kind: .highlight, start: 512, end: 514, date: "2024-03-05T18:40:02"),
        Case(line: "- La tua nota a pagina 14 | posizione 125 | Aggiunto in data lunedì 16 settembre 2024 16:13:54",
             kind: .note, page: "14", start: 125, end: 125, date: "2024-09-16T16:13:54"),
        Case(line: "- Il tuo segnalibro alla posizione 300 | Aggiunto in data lunedì 16 settembre 2024 16:20:00",
             kind: .bookmark, start: 300, end: 300, date: "2024-09-16T16:20:00"),
        // Dutch.
        Case(line: "- Je markering op pagina 12 | locatie 145-147 | Toegevoegd op zaterdag 2 maart 2024 10:15:00",
             kind: .highlight, page: "12", start: 145, end: 147, date: "2024-03-02T10:15:00"),
        Case(line: "- Je notitie op locatie 147 | Toegevoegd op zaterdag 2 maart 2024 10:16:00",
             kind: .note, start: 147, end: 147, date: "2024-03-02T10:16:00"),
        Case(line: "- Je bladwijzer op locatie 60 | Toegevoegd op zondag 3 maart 2024 09:00:00",
             kind: .bookmark, start: 60, end: 60, date: "2024-03-03T09:00:00"),
        // Russian: en dash before the line and in ranges.
        Case(line: "– Ваш выделенный отрывок в месте 805–806 | Добавлено: пятница, 6 декабря 2024 г. в 00:14:51",
             kind: .highlight, start: 805, end: 806, date: "2024-12-06T00:14:51"),
        Case(line: "– Ваш выделенный отрывок на странице 486 | Место 7438–7439 | Добавлено: четверг, 9 января 2025 г. в 00:01:33",
             kind: .highlight, page: "486", start: 7438, end: 7439, date: "2025-01-09T00:01:33"),
        Case(line: "– Ваша заметка в месте 806 | Добавлено: пятница, 6 декабря 2024 г. в 00:15:10",
             kind: .note, start: 806, end: 806, date: "2024-12-06T00:15:10"),
        Case(line: "– Ваша закладка на странице 12 | Место 200 | Добавлено: пятница, 6 декабря 2024 г. в 00:16:00",
             kind: .bookmark, page: "12", start: 200, end: 200, date: "2024-12-06T00:16:00"),
        // Simplified Chinese, both firmware styles, with 上午/下午.
        Case(line: "- 您在位置 #2543-2544的标注 | 添加于 2023年2月9日星期四 下午6:35:21",
             kind: .highlight, start: 2543, end: 2544, date: "2023-02-09T18:35:21"),
        Case(line: "- 您在第 22 页（位置 #290-291）的标注 | 添加于 2016年4月4日星期一 上午8:33:27",
             kind: .highlight, page: "22", start: 290, end: 291, date: "2016-04-04T08:33:27"),
        Case(line: "- 您在位置 #2544 的笔记 | 添加于 2023年2月9日星期四 下午12:36:38",
             kind: .note, start: 2544, end: 2544, date: "2023-02-09T12:36:38"),
        Case(line: "- 您在位置 #300 的书签 | 添加于 2023年2月9日星期四 上午12:05:00",
             kind: .bookmark, start: 300, end: 300, date: "2023-02-09T00:05:00"),
        // Traditional Chinese.
        Case(line: "- 您在第 15 頁（位置 #210-212）的標註 | 新增於 2024年3月5日 星期二 下午9:12:45",
             kind: .highlight, page: "15", start: 210, end: 212, date: "2024-03-05T21:12:45"),
        Case(line: "- 您在位置 #212 的筆記 | 新增於 2024年3月5日 星期二 下午9:13:00",
             kind: .note, start: 212, end: 212, date: "2024-03-05T21:13:00"),
        // Japanese: location before its kind, page before its number, no space before `|`.
        Case(line: "- 位置No. 1114-1115のハイライト |作成日: 2021年8月3日火曜日 23:24:53",
             kind: .highlight, start: 1114, end: 1115, date: "2021-08-03T23:24:53"),
        Case(line: "- 133ページ|位置No. 1647-1648のハイライト |作成日: 2021年8月3日火曜日 5:02:09",
             kind: .highlight, page: "133", start: 1647, end: 1648, date: "2021-08-03T05:02:09"),
        Case(line: "- 57ページ|位置No. 783のメモ |作成日: 2023年8月8日火曜日 5:52:09",
             kind: .note, page: "57", start: 783, end: 783, date: "2023-08-08T05:52:09"),
        Case(line: "- 位置 No. 2011のブックマーク |作成日: 2021年9月4日土曜日 23:12:13",
             kind: .bookmark, start: 2011, end: 2011, date: "2021-09-04T23:12:13"),
        Case(line: "- 位置No. 152-155のハイライト | 追加日： 2024年4月2日火曜日 午後10:15:08",
             kind: .highlight, start: 152, end: 155, date: "2024-04-02T22:15:08"),
        // Korean.
        Case(line: "- 위치 123-125의 하이라이트 | 추가됨: 2024년 3월 5일 화요일 오후 9:12:45",
             kind: .highlight, start: 123, end: 125, date: "2024-03-05T21:12:45"),
        Case(line: "- 페이지 12 | 위치 130의 메모 | 추가됨: 2024년 3월 5일 화요일 오전 9:20:00",
             kind: .note, page: "12", start: 130, end: 130, date: "2024-03-05T09:20:00"),
        Case(line: "- 위치 200의 북마크 | 추가됨: 2024년 3월 6일 수요일 오전 12:00:00",
             kind: .bookmark, start: 200, end: 200, date: "2024-03-06T00:00:00"),
        // Swedish: a page and a location, each named by its word.
        Case(line: "- Din markering på sida 12 | plats 123-125 | Tillagd: söndag 5 mars 2023 22:15:42",
             kind: .highlight, page: "12", start: 123, end: 125, date: "2023-03-05T22:15:42"),
        Case(line: "- Din anteckning på plats 125 | Tillagd: måndag 14 augusti 2023 07:01:02",
             kind: .note, start: 125, end: 125, date: "2023-08-14T07:01:02"),
        Case(line: "- Ditt bokmärke på sida 7 | Tillagd: måndag 4 december 2023 07:01:02",
             kind: .bookmark, page: "7", date: "2023-12-04T07:01:02"),
        // Polish.
        Case(line: "- Twoje zakreślenie na stronie 12 | miejsce 123-125 | Dodano: środa, 1 marca 2023 12:34:56",
             kind: .highlight, page: "12", start: 123, end: 125, date: "2023-03-01T12:34:56"),
        Case(line: "- Twoje zakreślenie w lokalizacji 840-841 | Dodano: piątek, 3 października 2025 09:05:07",
             kind: .highlight, start: 840, end: 841, date: "2025-10-03T09:05:07"),
        Case(line: "- Twoja notatka w miejscu 841 | Dodano: piątek, 3 października 2025 09:06:00",
             kind: .note, start: 841, end: 841, date: "2025-10-03T09:06:00"),
        Case(line: "- Twoja zakładka w miejscu 900 | Dodano: sobota, 4 października 2025 21:00:00",
             kind: .bookmark, start: 900, end: 900, date: "2025-10-04T21:00:00"),
        // Italian (the strings of a 2016 Paperwhite, kindleclip issue #4).
        Case(line: "- La tua evidenziazione a pagina 23 | posizione 338-339 | Aggiunto in data lunedì 6 marzo 2017 22:10:42",
             kind: .highlight, page: "23", start: 338, end: 339, date: "2017-03-06T22:10:42"),
        Case(line: "- La tua nota alla posizione 339 | Aggiunto in data lunedì 6 marzo 2017 22:11:00",
             kind: .note, start: 339, end: 339, date: "2017-03-06T22:11:00"),
        Case(line: "- Il tuo segnalibro a pagina 40 | posizione 600 | Aggiunto in data lunedì 6 marzo 2017 22:12:00",
             kind: .bookmark, page: "40", start: 600, end: 600, date: "2017-03-06T22:12:00"),
        // Dutch.
        Case(line: "- Uw markering op pagina 5 | locatie 70-72 | Toegevoegd op zaterdag 4 mei 2019 10:11:12",
             kind: .highlight, page: "5", start: 70, end: 72, date: "2019-05-04T10:11:12"),
        Case(line: "- Uw markering op pagina 5 | locatie 70 t/m 72 | Toegevoegd op zaterdag 4 mei 2019 10:11:12",
             kind: .highlight, page: "5", start: 70, end: 72, date: "2019-05-04T10:11:12"),
        Case(line: "- Uw notitie op locatie 72 | Toegevoegd op zaterdag 4 mei 2019 10:12:00",
             kind: .note, start: 72, end: 72, date: "2019-05-04T10:12:00"),
        // French, the other wording of a highlight.
        Case(line: "- Votre surlignage sur la page 14 | emplacement 122-123 | Ajouté le jeudi 3 juillet 2025 14:06:49",
             kind: .highlight, page: "14", start: 122, end: 123, date: "2025-07-03T14:06:49"),
    ]

    @Test func aNumberNoWordNamesIsNotGuessed() throws {
        let line = try #require(KindleMetadataLine(parsing: Array("- Your Highlight 12 | Added on Monday, March 21, 2016 8:35:16 AM".utf8)))
        #expect(line.kind == .highlight)
        #expect(line.location == CitationLocation())
        #expect(line.problem == KindleMetadataLine.Problem(offset: 17, message: "no page or location word names the number '12'"))
        // Words match inside longer ones: the definite `sidan` holds `sida`.
        let other = try #require(KindleMetadataLine(parsing: Array("- Din markering på sidan 12 | plats 123-125 | Tillagd: söndag 5 mars 2023 22:15:42".utf8)))
        #expect(other.location.start == 123)
        #expect(other.problem == nil)
        let unknown = try #require(KindleMetadataLine(parsing: Array("- Din markering på blad 12 | Tillagd: söndag 5 mars 2023 22:15:42".utf8)))
        #expect(unknown.location.start == nil)
        #expect(unknown.problem?.offset == 25)   // a byte offset: `å` is two bytes
    }

    @Test func everyCaseIsUnderstood() throws {
        for expected in Self.cases {
            let line = try #require(KindleMetadataLine(parsing: Array(expected.line.utf8)))
            #expect(line.problem == nil, "\(expected.line)")
        }
    }

    @Test(arguments: cases)
    func readsTheLine(_ expected: Case) throws {
        let line = try #require(KindleMetadataLine(parsing: Array(expected.line.utf8)))
        #expect(line.kind == expected.kind)
        #expect(line.location.page == expected.page)
        #expect(line.location.start == expected.start)
        #expect(line.location.end == expected.end)
        #expect(line.added?.iso8601 == expected.date)
        #expect(line.added?.zone == .floating)
    }

    @Test func linesOfOneShapeShareAPlanAndStillReadTheirOwnNumbers() {
        let lines = [
            "- Highlight Loc. 4536-37  | Added on Tuesday, August 21, 2012, 09:32 PM",
            "- Highlight Loc. 9998-02  | Added on Tuesday, August 21, 2012, 11:59 AM",
            "- Highlight Loc. 1000-99  | Added on Tuesday, August 21, 2012, 12:01 AM",
            "- Your Highlight on page 12 | Location 1,234-1,236 | Added on Friday, June 7, 2019 12:30:00 PM",
            "- Your Highlight on page 13 | Location 2,234-2,236 | Added on Friday, June 7, 2019 12:30:00 PM",
            "- Highlight on Page 21 | Loc. 426  | Added on Monday, 10 December 12 23:17:48 GMT+00:59",
            "- Highlight on Page 22 | Loc. 999  | Added on Monday, 10 December 13 23:17:48 GMT+00:59",
            "- Your Highlight on page 13-13 | Added on Monday, 11 May 2020 15:08:37",
            "- Your Highlight on page 13-14 | Added on Monday, 11 May 2020 15:08:37",
            "- Your Highlight on Location 12-14 | Added on Monday, 31 February 2020 15:08:37",
        ]
        var plans = KindleMetadataPlans()
        for line in lines + lines {
            let bytes = Array(line.utf8)
            #expect(bytes.withUnsafeBytes { plans.parse($0) } == KindleMetadataLine(parsing: bytes), "\(line)")
        }
    }

    @Test func aLineWithoutAKindWordIsNotAMetadataLine() {
        #expect(KindleMetadataLine(parsing: Array("- Something else at 12 | Added on Monday, March 21, 2016 8:35:16 AM".utf8)) == nil)
        #expect(KindleMetadataLine(parsing: Array("Just a line of text".utf8)) == nil)
    }

    @Test func anUnreadableDateLeavesTheRestOfTheLine() throws {
        let line = try #require(KindleMetadataLine(parsing: Array("- Your Highlight on Location 12-14 | Added on the day of the flood".utf8)))
        #expect(line.kind == .highlight)
        #expect(line.location.start == 12)
        #expect(line.added == nil)
        #expect(line.dateText == "Added on the day of the flood")
    }
}

@Suite struct KindleMetadataShapeTests {
    private func shape(_ line: String) -> (template: [UInt8], runs: [String]) {
        let bytes = Array(line.utf8)
        var template: [UInt8] = []
        var runs: [KindleMetadataPlan.Run] = []
        let length = bytes.withUnsafeBytes { KindleMetadataPlan.shape(of: $0, template: &template, runs: &runs) }
        return (Array(template[..<length]), runs.map { String(decoding: bytes[$0.offset..<($0.offset + $0.length)], as: UTF8.self) })
    }

    @Test func replacesEachRunOfDigitsWithOneByte() {
        let (template, runs) = shape("- Your Highlight on page 12 | Location 123-125 | Added on Sunday, March 5, 2023 10:15:42 PM")
        #expect(template == Array("- Your Highlight on page \u{1} | Location \u{1}-\u{1} | Added on Sunday, March \u{1}, \u{1} \u{1}:\u{1}:\u{1} PM".utf8))
        #expect(runs == ["12", "123", "125", "5", "2023", "10", "15", "42"])
    }

    @Test func findsDigitsAtEveryPlaceInAWordAndNextToEveryOtherByte() {
        // Digits at each offset of an eight-byte word, the bytes either side of '0'...'9' ('/' and
        // ':'), and non-ASCII bytes, which are never digits.
        for offset in 0..<9 {
            let line = String(repeating: "/", count: offset) + "7" + ":é添加于 ASCII text then 0 and 9"
            let (template, runs) = shape(line)
            #expect(runs == ["7", "0", "9"], "digit at offset \(offset)")
            #expect(template == Array((String(repeating: "/", count: offset) + "\u{1}:é添加于 ASCII text then \u{1} and \u{1}").utf8))
        }
        #expect(shape("").runs.isEmpty)
        #expect(shape("no digits in this line at all").template == Array("no digits in this line at all".utf8))
    }
}
