import CardportCore
import Foundation

extension Conversion {
    /// An input whose format has been settled.
    struct PlannedInput {
        /// How many regular files sniffed while planning stay open for their read.
        static let filesKeptOpen = 16

        let path: String
        let format: any CardFormat
        /// How the format was chosen, so an input whose content overrode its extension says so.
        var resolution: FormatResolution
        /// The input as it was opened to be sniffed, so that it is not opened again (standard
        /// input cannot be).
        let sniffed: SniffedInput?
        /// The most bytes the input may hold in memory at once (`--max-input-size`).
        var maximumWindow = ReadLimits.defaultInputSize

        func open() throws(CardportError) -> ByteInput {
            if let opened = sniffed?.take(isStandardInput: path == "-") { return opened }
            // A database is opened by its reader, by the name of this empty input.
            if format.descriptor.readsFromPath {
                // Named by its path, a database that is not there would read as an empty one.
                guard path == "-" || FileManager.default.fileExists(atPath: path) else {
                    throw CardportError(.fileNotFound, "cannot read '\(path)': no such file or directory",
                                        hint: "check the path; use '-' for standard input")
                }
                return try ByteInput(bytes: [UInt8](), name: path)
            }
            return try ByteInput(path: path, maximumWindow: maximumWindow)
        }
    }

    /// An input opened to be sniffed, handed to its reader once.
    final class SniffedInput {
        private var input: ByteInput?

        init(_ input: ByteInput) {
            self.input = input
        }

        /// The input; a file's only the first time, so that the plan does not hold it (and the
        /// window it may grow to) once it is read. Standard input is the same stream every time.
        func take(isStandardInput: Bool) -> ByteInput? {
            defer { if !isStandardInput { input = nil } }
            return input
        }
    }

    struct Target {
        let path: String
        let format: any CardFormat
    }

    struct Plan {
        var inputs: [PlannedInput] = []
        /// The output for each input (the same one for all with `-o`).
        var targets: [Target] = []
        var totalBytes: Int? = 0
        /// The `--out-dir` to create (with its parents) when the conversion starts.
        var outputDirectory: String?
    }

    /// Settles every format and output path, and checks the request, before any record is read.
    func makePlan(_ request: ConversionRequest) throws(CardportError) -> Plan {
        var plan = try planInputs(request)
        try planTargets(request, into: &plan)
        return plan
    }

    /// Settles the format of every input (and checks it holds `--kind`), without looking at outputs.
    func planInputs(_ request: ConversionRequest) throws(CardportError) -> Plan {
        guard !request.inputs.isEmpty else {
            throw CardportError(.usage, "no input files given", hint: "name one or more files, or '-' for standard input")
        }
        guard request.inputs.filter({ $0 == "-" }).count <= 1 else {
            throw CardportError(.usage, "standard input ('-') can be read only once")
        }
        var plan = Plan()
        var keptOpen = 0
        for (path, claimed, claimedSize) in try expandingFolders(request.inputs, from: request.from) {
            let maximumWindow = request.readOptions.limits.maximumInputSize
            // A file found in a folder is read by the format that looked for it (or --from), and a
            // database by the format that opens it: neither is opened here to be sniffed.
            var source: ByteInput?
            var size = claimedSize
            let resolution: FormatResolution
            if let claimed {
                resolution = FormatResolution(format: claimed)
            } else if request.from == nil, let direct = pathFormat(path) {
                resolution = FormatResolution(format: direct)
            } else {
                let opened = try ByteInput(path: path, maximumWindow: maximumWindow)
                let prefix = try opened.peek(upTo: 64 * 1024)
                if path == "-", request.from == nil, prefix.isEmpty {
                    throw CardportError(.usage, "standard input is empty, so its format cannot be told",
                                        hint: "pipe a file in (cardport convert - --from FORMAT < FILE), or name the file instead of '-'")
                }
                let isWhole = opened.isAtEnd && opened.available.count == prefix.count
                resolution = try registry.resolveRead(named: request.from, path: path, prefix: prefix, isWholeInput: isWhole,
                                                      options: request.effectiveReadOptions)
                source = opened
                size = opened.size
            }
            let format = resolution.format
            if let kind = request.kind, !format.descriptor.reads.contains(kind) {
                throw CardportError(.unsupportedKind, "format '\(format.id)' holds no \(kind.pluralName) ('\(path)')",
                                    hint: "it holds \(Conversion.kindList(format.descriptor.reads))")
            }
            // The sniffed input is read as it is: a pipe (`/dev/stdin`, `<(…)`) always, since it
            // cannot be opened again. A regular file holds a descriptor and its window until its
            // turn, so only the first few are kept and the others are opened again then. A format
            // that reads by path gets an empty input named after the file, as above.
            if let opened = source, path != "-" {
                if format.descriptor.readsFromPath {
                    source = nil
                } else if opened.size != nil {
                    if keptOpen < PlannedInput.filesKeptOpen { keptOpen += 1 } else { source = nil }
                }
            }
            plan.inputs.append(PlannedInput(path: path, format: format, resolution: resolution,
                                            sniffed: source.map(SniffedInput.init), maximumWindow: maximumWindow))
            if let size, let total = plan.totalBytes { plan.totalBytes = total + size } else { plan.totalBytes = nil }
        }
        return plan
    }

    /// The format that reads the file at `path` from its path (``FormatDescriptor/readsFromPath``),
    /// when one claims its extension, or is a binary plugin format, and is certain of its first
    /// bytes: such a file (a binary property list, a plugin's database) is not text, so it is never
    /// opened as text to be sniffed. Formats that claim the extension are asked first.
    func pathFormat(_ path: String) -> (any CardFormat)? {
        guard path != "-" else { return nil }
        let ext = (path as NSString).pathExtension.lowercased()
        let byPath = registry.formats.filter { $0.descriptor.readsFromPath }
        let claiming = byPath.filter { $0.descriptor.extensions.contains(ext) }
        let binary = byPath.filter { format in
            (format as? PluginFormat)?.isBinary == true && !claiming.contains { $0.id == format.id }
        }
        let candidates = claiming + binary
        guard !candidates.isEmpty, let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        // As many bytes as content sniffing gets, so a plugin's sniff sees the same prefix either way.
        let prefix = [UInt8]((try? handle.read(upToCount: 64 * 1024)) ?? Data())
        return candidates.first { $0.sniff(prefix) == .certain }
    }

    /// Settles the output of every input, and checks each can hold what its input holds and does not
    /// overwrite an input.
    func planTargets(_ request: ConversionRequest, into plan: inout Plan) throws(CardportError) {
        switch request.destination {
        case .file(let path):
            if let split = request.writeOptions.split {
                throw CardportError(.usage, "--split \(split.rawValue) writes a directory of files, not '\(path)'",
                                    hint: "pass --out-dir DIR instead of -o")
            }
            let kinds = request.kind.map { Set([$0]) } ?? Set(plan.inputs.flatMap(\.format.descriptor.reads))
            let format = try registry.writeFormat(named: request.to, path: path, holding: kinds)
            plan.targets = Array(repeating: Target(path: path, format: format), count: plan.inputs.count)
        case .directory(let directory):
            guard let to = request.to else {
                throw CardportError(.usage, "--out-dir needs --to to know which format to write",
                                    hint: "pass --to with one of: \(registry.formats.filter(\.canWrite).map(\.id).joined(separator: ", "))")
            }
            let format = try registry.writeFormat(named: to, path: nil)
            if request.writeOptions.split != nil {
                plan.targets = Array(repeating: Target(path: directory, format: format), count: plan.inputs.count)
                plan.outputDirectory = directory
                break
            }
            let ext = format.descriptor.extensions.first ?? format.id
            var seen: [String: String] = [:]
            for input in plan.inputs {
                guard input.path != "-" else {
                    throw CardportError(.usage, "standard input has no name to give its output in --out-dir",
                                        hint: "use -o for standard input")
                }
                let target = Conversion.outputPath(for: input.path, in: directory, extension: ext)
                if let other = seen[target] {
                    throw CardportError(.usage, "'\(other)' and '\(input.path)' would both be written to '\(target)'",
                                        hint: "convert them in separate runs or rename one")
                }
                seen[target] = input.path
                plan.targets.append(Target(path: target, format: format))
            }
            plan.outputDirectory = directory
        }

        for (index, (input, target)) in zip(plan.inputs, plan.targets).enumerated() {
            try checkCapability(input: input.format, target: target.format, kind: request.kind)
            if request.writeOptions.split == nil, target.path != "-", input.path != "-",
               Conversion.sameFile(input.path, target.path) {
                guard request.inPlace else {
                    throw CardportError(.usage, "the output '\(target.path)' is the input '\(input.path)'",
                                        hint: "write to another file, or pass --in-place to replace the input once the run succeeds")
                }
                // The new file replaces the one the link points to, not the link.
                let resolved = Conversion.resolvedPath(target.path)
                for other in plan.targets.indices where other >= index && plan.targets[other].path == target.path {
                    plan.targets[other] = Target(path: resolved, format: target.format)
                }
            }
        }
    }

    /// Fails when the target cannot hold any of the kinds the input may produce.
    func checkCapability(input: any CardFormat, target: any CardFormat, kind: RecordKind?) throws(CardportError) {
        let wanted = kind.map { Set([$0]) } ?? input.descriptor.reads
        guard wanted.isDisjoint(with: target.descriptor.writes) else { return }
        let able = registry.formats.filter { !$0.descriptor.writes.isDisjoint(with: wanted) }.map(\.id)
        throw CardportError(
            .unsupportedKind,
            "format '\(target.id)' cannot hold \(Conversion.kindList(wanted)), which is what '\(input.id)' \(kind == nil ? "holds" : "was asked for")",
            hint: able.isEmpty ? nil : "formats that can: \(able.joined(separator: ", "))")
    }

    static func kindList(_ kinds: Set<RecordKind>) -> String {
        kinds.sorted().map(\.pluralName).joined(separator: ", ")
    }

    /// `DIR/<input name without its extension>.<ext>`; a KOReader sidecar takes its book folder's name.
    static func outputPath(for input: String, in directory: String, extension ext: String) -> String {
        let components = input.split(separator: "/")
        var name = components.last.map(String.init) ?? input
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
        // A KOReader sidecar is named after its format (every book's is `metadata.epub.lua`); the
        // folder it is in is named after the book.
        if components.count >= 2, components[components.count - 2].hasSuffix(".sdr"), components[components.count - 2].count > 4 {
            name = String(components[components.count - 2].dropLast(4))
        }
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        return "\(base)/\(name).\(ext)"
    }
}
