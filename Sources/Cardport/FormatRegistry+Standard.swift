public import CardportCore
import CardportCSV
import CardportJSON
import CardportKindle
import CardportAppleBooks
import CardportBoox
import CardportCalibre
import CardportKOReader
import CardportKobo
import CardportMarkdown
import CardportTodoTxt
import CardportXML
import CardportYAML

extension FormatRegistry {
    /// Every built-in format, in one place. Where formats share an extension, the first listed is
    /// the default for writing it (`cardport` for `.json`).
    ///
    /// To add a format of your own, copy this value and register it:
    ///
    /// ```swift
    /// var registry = FormatRegistry.standard
    /// try registry.register(MyFormat())
    /// ```
    public static let standard = FormatRegistry([
        NativeJSONFormat(),
        JSONLinesFormat(),
        DummyJSONFormat(),
        FavouritesFormat(),
        PlistFormat(),
        CSVFormat(),
        CSVFormat(dialect: .readwise),
        CSVFormat(dialect: .readwiseImport),
        CSVFormat(dialect: .todoist),
        YAMLFormat(),
        KindleFormat(),
        KOReaderFormat(),
        KoboFormat(),
        BooxFormat(),
        CalibreFormat(),
        AppleBooksFormat(),
        OPMLFormat(),
        XBELFormat(),
        NetscapeBookmarksFormat(),
        MarkdownFormat(),
        TaskwarriorFormat(),
        FirefoxBookmarksFormat(),
        BukuFormat(),
        TodoTxtFormat(),
    ])
}
