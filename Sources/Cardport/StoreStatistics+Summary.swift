public import CardportStore
import CardportCore

extension StoreStatistics {
    /// What `cardport stats` prints: counts by kind, one line per import, then one per source
    /// that imports keep in step.
    ///
    /// ```text
    /// store: cards.sqlite
    /// citations: 8 (2 favourites, 1 archived)
    /// bookmarks: 0
    /// ...
    /// imports:
    ///   2026-11-22T19:40:00Z  kindle  Samples/kindle-clippings.txt  read 8, added 8, updated 0, unchanged 0 (holds 8)
    /// sources (a later import of each is a sync):
    ///   kindle:/home/me/Samples/kindle-clippings.txt  8 items, last imported 2026-11-22T19:40:00Z
    /// ```
    public func summary(store: String) -> String {
        var lines = ["store: \(store)"]
        lines.append("citations: \(ConversionReport.grouped(citations)) (\(ConversionReport.grouped(favourites)) favourite, "
                     + "\(ConversionReport.grouped(archived)) archived)")
        lines.append("bookmarks: \(ConversionReport.grouped(bookmarks))")
        lines.append("tasks: \(ConversionReport.grouped(tasks))")
        lines.append("topics: \(ConversionReport.grouped(topics))")
        lines.append("tags: \(ConversionReport.grouped(tags))")
        lines.append("settings: \(hasSettings ? "yes" : "none")")
        if sources.isEmpty {
            lines.append("imports: none")
        } else {
            lines.append("imports:")
            for source in sources {
                let p = source.provenance
                lines.append("  \(p.importedAt.iso8601)  \(p.format)  \(p.source)  read \(ConversionReport.grouped(p.read)), "
                             + "added \(ConversionReport.grouped(p.added)), updated \(ConversionReport.grouped(p.updated)), "
                             + "unchanged \(ConversionReport.grouped(p.unchanged)), duplicates \(ConversionReport.grouped(p.duplicates)), "
                             + "rejected \(ConversionReport.grouped(p.rejected)); "
                             + (source.cardsHeld.map { "the store holds \(ConversionReport.grouped($0)) of its cards" }
                                ?? "its cards are not traced (restored from a backup)")
                             + (p.sha256.map { "\n    sha256 \($0)" } ?? ""))
            }
        }
        if !syncedSources.isEmpty {
            lines.append("sources (a later import of each is a sync):")
            for source in syncedSources {
                lines.append("  \(source.key)  \(ConversionReport.grouped(source.items)) "
                             + (source.items == 1 ? "item" : "items")
                             + (source.lastImported.map { ", last imported \($0.iso8601)" } ?? ""))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
