import CardportCore
public import CardportStore

extension MergeOutcome {
    /// What an import did per input beyond the merge table: the source it stands for, store edits
    /// kept, conflicts and the policy's choice, cards archived because they are gone from the
    /// source (`--mirror`), Kindle highlights that replaced an earlier version, and the reader's notes.
    public struct SyncCounts: Sendable, Hashable, Encodable {
        /// The source's name in the store (`kindle:/home/me/My Clippings.txt`).
        public var source: String
        /// Cards changed by the source since it last gave them (the table's UPDATED).
        public var updatedFromSource = 0
        /// Cards that kept edits made in the store since the source last gave them.
        public var kept = 0
        /// Cards with a field both the source and the store changed.
        public var conflicts = 0
        /// Of those, the ones where the policy chose the source's values.
        public var conflictsIncoming = 0
        /// Of those, the ones where the policy kept the store's values.
        public var conflictsExisting = 0
        /// Citations archived because their items are gone from the source (`--mirror`).
        public var archived = 0
        /// Other cards gone from the source, kept as they are (only citations can be archived).
        public var missingKept = 0
        /// Kindle highlights that updated the card of an earlier version of themselves (lengthened
        /// or shrunk since the last import).
        public var highlightsReplaced = 0
        /// Cards folded into another card that already had their new content.
        public var folded = 0
        /// The first conflicts, with their fields and the side chosen.
        public var conflictList: [SyncConflict] = []
        /// What the reader counted besides records (Kindle: versions replaced within the file).
        public var notes: [ConversionReport.NamedCount] = []
        /// How many warnings the reader gave.
        public var warnings = 0
        /// Whether the input was imported with `--mirror`.
        public var mirrored = false

        /// How many conflicts are listed; past that they are only counted.
        public static let maximumListedConflicts = 100

        /// Nothing counted yet, for the source called `source`.
        public init(source: String) {
            self.source = source
        }

        /// Counts what one record did.
        public mutating func count(_ result: SyncResult) {
            if result.result == .updated { updatedFromSource += 1 }
            if result.keptStoreEdits { kept += 1 }
            if result.replacedHighlight { highlightsReplaced += 1 }
            if result.folded { folded += 1 }
            if let conflict = result.conflict {
                conflicts += 1
                if conflict.winner == "incoming" { conflictsIncoming += 1 } else { conflictsExisting += 1 }
                if conflictList.count < SyncCounts.maximumListedConflicts { conflictList.append(conflict) }
            }
        }

        /// The lines `cardport import` prints under the table for this input: what the sync did, when it
        /// did more than the table shows (or `--mirror` was asked for), the reader's notes, and the conflicts.
        func summaryLines(input: String, policy: MergePolicy?) -> [String] {
            var parts = ["updated from the source \(ConversionReport.grouped(updatedFromSource))",
                         "kept (store edits) \(ConversionReport.grouped(kept))"]
            var conflictPart = "conflicts \(ConversionReport.grouped(conflicts))"
            if conflicts > 0 {
                conflictPart += " (\(policy.map { "--policy \($0): " } ?? "")\(ConversionReport.grouped(conflictsIncoming)) from the source, "
                    + "\(ConversionReport.grouped(conflictsExisting)) kept)"
            }
            parts.append(conflictPart)
            parts.append("archived as missing \(ConversionReport.grouped(archived))")
            if missingKept > 0 { parts.append("missing but kept (not citations) \(ConversionReport.grouped(missingKept))") }
            parts.append("Kindle versions replaced \(ConversionReport.grouped(highlightsReplaced + versionsReplacedByReader))")
            // A first import, or one that changed nothing the table does not show, says only what the reader noted.
            let eventful = kept + conflicts + archived + missingKept + highlightsReplaced + folded + updatedFromSource > 0 || mirrored
            var lines = eventful ? ["\(input) (source \(source)): " + parts.joined(separator: ", ")] : []
            if !notes.isEmpty {
                lines.append("\(input): reader: " + notes.map { "\($0.label): \(ConversionReport.grouped($0.count))" }.joined(separator: ", "))
            }
            for conflict in conflictList {
                lines.append("  conflict \(conflict.id): \(conflict.fields.joined(separator: ", ")) -> \(conflict.winner)")
            }
            if conflicts > conflictList.count {
                lines.append("  … and \(ConversionReport.grouped(conflicts - conflictList.count)) more conflicts")
            }
            return lines
        }

        /// Versions the reader replaced within the file (a note whose label says so).
        var versionsReplacedByReader: Int {
            notes.filter { $0.label.contains("replaced") }.reduce(0) { $0 + $1.count }
        }

        private enum CodingKeys: String, CodingKey {
            case source, updatedFromSource, kept, conflicts, conflictsIncoming, conflictsExisting, archived, missingKept,
                 highlightsReplaced, kindleVersionsReplaced, folded, conflictList, notes, warnings, mirrored
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(source, forKey: .source)
            try container.encode(updatedFromSource, forKey: .updatedFromSource)
            try container.encode(kept, forKey: .kept)
            try container.encode(conflicts, forKey: .conflicts)
            try container.encode(conflictsIncoming, forKey: .conflictsIncoming)
            try container.encode(conflictsExisting, forKey: .conflictsExisting)
            try container.encode(archived, forKey: .archived)
            try container.encode(missingKept, forKey: .missingKept)
            try container.encode(highlightsReplaced, forKey: .highlightsReplaced)
            try container.encode(highlightsReplaced + versionsReplacedByReader, forKey: .kindleVersionsReplaced)
            try container.encode(folded, forKey: .folded)
            try container.encode(conflictList, forKey: .conflictList)
            try container.encode(notes, forKey: .notes)
            try container.encode(warnings, forKey: .warnings)
            try container.encode(mirrored, forKey: .mirrored)
        }
    }
}
