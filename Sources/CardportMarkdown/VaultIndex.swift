import CardportCore
import Foundation

/// The notes already in an export folder, found by the `cardport-source` in their front matter, so
/// a note the user renamed or moved to a subfolder is still the one that is updated.
///
/// Hidden files and folders (`.obsidian`, `.trash`, Cardport's own staging folders) are skipped.
struct VaultIndex {
    /// Each source id's note: its path relative to the folder, and its text.
    var notes: [String: (path: String, text: String)] = [:]
    /// Every file name (lower-cased) at the top of the folder, so new notes do not take one.
    var topLevelNames: Set<String> = []

    /// Reads the notes under `folder`; an absent folder has none.
    init(folder: String) throws(CardportError) {
        let manager = FileManager.default
        guard let entries = manager.enumerator(atPath: folder) else { return }
        while let entry = entries.nextObject() as? String {
            let name = entry.split(separator: "/").last.map(String.init) ?? entry
            if name.hasPrefix(".") {
                entries.skipDescendants()
                continue
            }
            if !entry.contains("/") { topLevelNames.insert(name.lowercased()) }
            guard name.lowercased().hasSuffix(".md") else { continue }
            let path = folder + "/" + entry
            guard let data = manager.contents(atPath: path) else {
                throw CardportError(.io, "cannot read the note '\(path)'", hint: "check its permissions")
            }
            let text = String(decoding: data, as: UTF8.self)
            guard let source = VaultNote.source(in: Substring(text)) else { continue }
            if notes[source] == nil { notes[source] = (entry, text) }
        }
    }
}
