import CardportCore
import CardportMachinery

extension Conversion {
    /// The inputs with every folder replaced by the files in it (at any depth) that a registered
    /// format looks for in folders (``FormatDescriptor/folderFiles``): a mounted e-reader, a
    /// KOReader `.sdr` folder, a library of books with sidecars.
    ///
    /// Each file found comes with the format that looks for it (or `--from`'s), so it is not sniffed
    /// again, and its size. A file named directly comes with neither, unless its format opens it by
    /// path (``FormatDescriptor/readsFromPath``: `--from` names one, or one looks for files of its
    /// name), since its bytes cannot be sniffed. Files come in name order, folder by folder, so the same
    /// folder always reads the same way.
    /// Symbolic links to folders are not followed (a device's links can loop). A folder that holds
    /// no such file is an error naming what was looked for.
    func expandingFolders(_ inputs: [String], from: String? = nil) throws(CardportError) -> [(path: String, format: (any CardFormat)?, size: Int?)] {
        var expanded: [(path: String, format: (any CardFormat)?, size: Int?)] = []
        let chosen = try from.map { name throws(CardportError) in try registry.format(named: name) }
        let formats = registry.formats.filter { $0.canRead && !$0.descriptor.folderFiles.isEmpty }
        for path in inputs {
            guard path != "-", Conversion.isDirectory(path, following: true) else {
                let name = String(path.split(separator: "/").last ?? "")
                let byPath = chosen.map { $0.descriptor.readsFromPath ? $0 : nil }
                    ?? formats.first { $0.descriptor.readsFromPath && $0.descriptor.claimsFolderFile(name) }
                expanded.append((path, byPath, nil))
                continue
            }
            var found: [(path: String, format: (any CardFormat)?, size: Int?)] = []
            try Conversion.walk(path, into: &found) { name, hidden in
                // Notes in a hidden folder (a vault's .obsidian or .trash) are the note app's own,
                // not the user's; a device's hidden database folder (.kobo) is still read.
                formats.first { $0.descriptor.claimsFolderFile(name) && !(hidden && $0.descriptor.id == "markdown") }
                    .map { chosen ?? $0 }
            }
            guard !found.isEmpty else {
                let names = formats.flatMap(\.descriptor.folderFiles)
                throw CardportError(.fileNotFound, "the folder '\(path)' holds no file Cardport reads from folders",
                                    hint: "looked for \(names.joined(separator: ", ")); name the files themselves to read others")
            }
            expanded += found
        }
        return expanded
    }

    /// Whether `path` is a folder (through a symbolic link when `following`).
    static func isDirectory(_ path: String, following: Bool) -> Bool {
        POSIXCalls.kind(of: path, followingLinks: following) == .directory
    }

    /// Adds to `found` the files under `folder` whose name `wanted` gives a format for, in name order.
    private static func walk(_ folder: String, hidden: Bool = false,
                             into found: inout [(path: String, format: (any CardFormat)?, size: Int?)],
                             wanted: (String, Bool) -> (any CardFormat)?) throws(CardportError) {
        let (names, code) = POSIXCalls.names(inDirectory: folder)
        guard code == 0 else {
            throw CardportError(.io, "cannot read the folder '\(folder)': \(POSIXCalls.message(for: code))",
                                hint: "check the folder's permissions (ls -ld)")
        }
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        for name in names.sorted() {
            let path = base + "/" + name
            let (kind, size) = POSIXCalls.status(of: path, followingLinks: false)
            switch kind {
            case .directory:
                try walk(path, hidden: hidden || name.hasPrefix("."), into: &found, wanted: wanted)
            case .regular:
                if let format = wanted(name, hidden) { found.append((path, format, size)) }
            case .symbolicLink:
                if !isDirectory(path, following: true), let format = wanted(name, hidden) { found.append((path, format, nil)) }
            case .missing, .special:
                continue
            }
        }
    }
}
