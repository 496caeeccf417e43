import CardportBoox
import CardportCore
import CardportTestSupport
import Foundation
import Testing

@Suite struct BooxFormatTests {
    let format = BooxFormat()

    func citations(_ text: String) throws -> [Citation] {
        try FormatHarness.read(format, text).compactMap { record -> Citation? in
            if case .citation(let citation) = record { return citation }
            return nil
        }
    }

    @Test func conformsToTheFormatContract() async {
        await FormatConformance.check(format, brokenInput: "My Clippings\n==========\n")
    }

    @Test func sniffsTheHeaderAndTheSeparator() {
        func sniff(_ text: String) -> SniffResult { format.sniff(Array(text.utf8)) }
        #expect(sniff("Reading Notes\u{A0}|\u{A0}<<Book>>Author\n2023-04-03 00:41  |  Page No.: 6\ntext\n-------------------\n") == .certain)
        #expect(sniff("阅读笔记 | <<书>>作者\n") == .possible)
        #expect(sniff("Dune (Frank Herbert)\n- Your Highlight on page 1\n") == .no)
        // Lines ending in CR LF, as the reader reads them.
        #expect(sniff("Reading Notes | <<Book>>Author\r\n2023-04-03 00:41  |  Page No.: 6\r\ntext\r\n----------\r\n") == .certain)
        // The separator after 400 lines is past what the sniff looks at.
        let long = "Reading Notes | <<Book>>Author\n" + String(repeating: "text\n", count: 400) + "----------\n"
        #expect(sniff(long) == .possible)
    }

    @Test func readsTheRussianSampleInTheCurrentLayout() throws {
        let read = try citations(try String(contentsOfFile: PackagePaths.sample("boox-reading-notes.txt"), encoding: .utf8))
        #expect(read.map(\.text) == ["Никогда не разговаривайте с неизвестными.",
                                     "Трусость, несомненно, один из самых страшных пороков.", "Рукописи не горят."])
        #expect(read.map(\.note) == [nil, "Запомнить.\nИ перечитать.", nil])
        #expect(read.allSatisfy { $0.source == "Мастер и Маргарита" && $0.author == "Михаил Булгаков" })
        #expect(read.map { $0.chapter } == [nil, "Глава 2. Понтий Пилат", "Глава 24. Извлечение мастера"])
        #expect(read.map { $0.location?.page } == ["12", "31", "358"])
        #expect(read[1].createdAt == Timestamp(year: 2024, month: 2, day: 11, hour: 8, minute: 3, zone: .floating))
        #expect(read[0].sourceID == "Мастер и Маргарита@2024-02-10 21:14 p12")
        #expect(read[0].id == RecordID.foreign(namespace: "boox", id: "Мастер и Маргарита@2024-02-10 21:14 p12"))
    }

    @Test func readsGermanInTheCurrentLayout() throws {
        let read = try citations("""
            Notizen lesen | <<Der Prozess>>Franz Kafka
            Erstes Kapitel
            2022-11-05 19:20  |  Seitenzahl: 7
            Jemand mußte Josef K. verleumdet haben,
            denn ohne daß er etwas Böses getan hätte, wurde er eines Morgens verhaftet.
            【Notiz】Der berühmte erste Satz.
            -------------------
            2022-11-05 19:45  |  Seitenzahl: 9
            K. wartete noch ein Weilchen.
            -------------------

            """)
        #expect(read.count == 2)
        #expect(read[0].text == "Jemand mußte Josef K. verleumdet haben,\ndenn ohne daß er etwas Böses getan hätte, wurde er eines Morgens verhaftet.")
        #expect(read[0].note == "Der berühmte erste Satz." && read[0].chapter == "Erstes Kapitel")
        #expect(read[1].location?.page == "9" && read[1].note == nil && read[1].source == "Der Prozess" && read[1].author == "Franz Kafka")
    }

    @Test func readsChineseInTheOlderLayoutByPosition() throws {
        // Labels in any language: the three bracketed fields are text, note and page, in that order.
        let read = try citations("""
            阅读笔记 | <<活着 - 余华 (77)>>
            余华

            第一章
            时间：2021-05-01 22:10
            【原文】人是为活着本身而活着的，
            【而不是】为了活着之外的任何事物所活着。
            【注释】最喜欢的一句
            【页码】15
            -------------------
            时间：2021-05-02 07:00
            【原文】少年去游荡，中年想掘藏，老年做和尚。
            【注释】
            【页码】40
            -------------------

            """)
        #expect(read.map(\.text) == ["人是为活着本身而活着的，\n【而不是】为了活着之外的任何事物所活着。", "少年去游荡，中年想掘藏，老年做和尚。"])
        #expect(read.map(\.note) == ["最喜欢的一句", nil])
        #expect(read.map { $0.location?.page } == ["15", "40"])
        #expect(read.allSatisfy { $0.source == "活着" && $0.author == "余华" })
        #expect(read[0].chapter == "第一章" && read[1].chapter == nil)
        #expect(read[0].createdAt == Timestamp(year: 2021, month: 5, day: 1, hour: 22, minute: 10, zone: .floating))
    }

    @Test func readsEnglishWithCRLFAndTellsEntriesApartOnTheSameMinute() throws {
        let read = try citations("BOOX Reading Notes | <<Book>>A. Writer\r\n2020-01-01 10:00  |  Page No.: 3\r\none\r\n-------------------\r\n"
            + "2020-01-01 10:00  |  Page No.: 3\r\ntwo\r\n-------------------\r\n")
        #expect(read.map(\.text) == ["one", "two"])
        #expect(read.map { $0.sourceID } == ["Book@2020-01-01 10:00 p3", "Book@2020-01-01 10:00 p3#2"])
    }

    @Test func reportsAnEntryWithoutADateAndReadsTheRest() throws {
        let input = try ByteInput(string: "Reading Notes | <<B>>A\nno date here\n-------------------\n2020-01-01 10:00  |  Page No.: 1\nkept\n-------------------\n",
                                  name: "notes.txt")
        let reader = try format.makeReader(input, options: ReadOptions())
        let records = try reader.readAll()
        #expect(records.count == 1)
        #expect(reader.notes["unreadable entries skipped"] == 1)
        #expect(reader.notes.warnings.first?.location?.line == 2)
    }

    @Test func refusesAFileWithoutAHeader() {
        let error = FormatHarness.error(reading: "just some text\n", as: format, name: "x.txt")
        #expect(error?.location?.line == 1 && error?.location?.column == 1)
    }
}
