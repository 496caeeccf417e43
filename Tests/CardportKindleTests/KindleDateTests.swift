@testable import CardportKindle
import CardportCore
import Testing

@Suite struct KindleDateTests {
    @Test(arguments: [
        ("Added on Monday, March 21, 2016 8:35:16 AM", "2016-03-21T08:35:16"),
        ("Added on Monday, March 21, 2016 12:35:16 AM", "2016-03-21T00:35:16"),
        ("Added on Monday, March 21, 2016 12:35:16 PM", "2016-03-21T12:35:16"),
        ("Added on Tuesday, August 21, 2012, 09:32 PM", "2012-08-21T21:32:00"),
        ("Added on Monday, 3 December 12 19:00:12 Greenwich Mean Time", "2012-12-03T19:00:12"),
        ("Added on Monday, 3 December 12 21:33:43 GMT+00:59", "2012-12-03T21:33:43"),
        ("Hinzugefügt am Freitag, 19. Dezember 2014 08:52:50", "2014-12-19T08:52:50"),
        ("Añadido el miércoles, 6 de julio de 2022 06:54:57", "2022-07-06T06:54:57"),
        ("Ajouté le jeudi 3 juillet 2025 14:06:49", "2025-07-03T14:06:49"),
        ("Adicionado: terça-feira, 5 de março de 2024 09:12:45", "2024-03-05T09:12:45"),
        ("Добавлено: воскресенье, 8 декабря 2024 г. в 00:55:14", "2024-12-08T00:55:14"),
        ("添加于 2018年7月29日星期日 下午7:19:37", "2018-07-29T19:19:37"),
        ("添加于 2016年4月4日星期一 上午8:33:27", "2016-04-04T08:33:27"),
        ("作成日: 2021年8月9日月曜日 1:53:54", "2021-08-09T01:53:54"),
        ("추가됨: 2024년 3월 5일 화요일 오후 9:12:45", "2024-03-05T21:12:45"),
    ])
    func readsTheDate(_ text: String, _ expected: String) throws {
        let date = try #require(KindleDate.parse(text))
        #expect(date.iso8601 == expected)
        #expect(date.zone == .floating)
    }

    @Test(arguments: ["Added on", "Added on Monday", "Added on February 30, 2020 10:00:00 AM",
                      "Added on Monday, March 21, 2016 13:00:00 PM"])
    func refusesWhatIsNotADate(_ text: String) {
        #expect(KindleDate.parse(text) == nil)
    }
}
