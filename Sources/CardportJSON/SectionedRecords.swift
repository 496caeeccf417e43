package import CardportCore

/// The order in which the native document's writers (JSON and YAML) put records: the kind of the
/// first record streams straight out in its own section; records of each other kind are held in a
/// section of their own until the end, then written in kind order; the settings come last (a
/// second settings record is counted as dropped).
///
/// ```swift
/// switch sections.place(record, losses: &losses) {
/// case .settings: return
/// case .opening(let kind): open(kind); encode(record)
/// case .streaming: separate(); encode(record)
/// case .holding(let kind): sections.hold(kind, make: Section.init) { section, isFirst in … }
/// }
/// ```
package struct SectionedRecords<Section> {
    /// Where a record goes.
    package enum Placement {
        /// Kept as the document's settings.
        case settings
        /// The first record: its kind's section opens and streams.
        case opening(RecordKind)
        /// Another record of the streaming kind.
        case streaming
        /// A record of another kind, held until the end.
        case holding(RecordKind)
    }

    private var streamingKind: RecordKind?
    private var held: [RecordKind: Section] = [:]
    /// The settings record, if one came.
    package private(set) var settings: Settings?

    package init() {}

    /// Whether a section streams (a record came that is not the settings).
    package var isStreaming: Bool { streamingKind != nil }

    /// Where `record` goes; a second settings record replaces the first and is counted in `losses`.
    package mutating func place(_ record: Record, losses: inout LossReport) -> Placement {
        if case .settings(let value) = record {
            if settings != nil { losses.dropRecord(of: .settings) }
            settings = value
            return .settings
        }
        let kind = record.kind
        guard let streamingKind else {
            self.streamingKind = kind
            return .opening(kind)
        }
        return kind == streamingKind ? .streaming : .holding(kind)
    }

    /// Adds to the section held for `kind` (made by `make` the first time: `isFirst` says so).
    package mutating func hold(_ kind: RecordKind, make: () -> Section, _ add: (inout Section, _ isFirst: Bool) -> Void) {
        if held[kind] != nil {
            add(&held[kind]!, false)
        } else {
            var section = make()
            add(&section, true)
            held[kind] = section
        }
    }

    /// The held sections in kind order, taken out.
    package mutating func takeHeld() -> [(kind: RecordKind, section: Section)] {
        let sections = RecordKind.allCases.compactMap { kind in held[kind].map { (kind, $0) } }
        held = [:]
        return sections
    }
}
