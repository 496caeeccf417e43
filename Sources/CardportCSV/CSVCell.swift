import CardportCore
import CardportMachinery

/// How values that are not plain text are spelled in a cell, both ways (Formats.md, "CSV").
///
/// Lists (tags, links) are joined with a separator (`;` for tags, a line break for links); a
/// backslash escapes the separator, a backslash, and a space at either end of an item, so any
/// item survives. Elsewhere a backslash is an ordinary character, so hand-written paths such as
/// `C:\notes` read as written.
enum CSVCell {
    // MARK: Formula guard

    /// Whether a cell starting with this byte could be taken for a formula by a spreadsheet.
    @inline(__always)
    static func isFormulaStart(_ byte: UInt8) -> Bool {
        byte == 0x3D || byte == 0x2B || byte == 0x2D || byte == 0x40 || byte == 0x09 || byte == 0x0D
    }

    /// How many leading bytes of a read cell are a guard: a `'` before a formula start or another `'`.
    @inline(__always)
    static func guardLength(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard bytes.count >= 2, bytes[0] == 0x27 else { return 0 }
        let next = bytes[1]
        return next == 0x27 || isFormulaStart(next) ? 1 : 0
    }

    /// Whether a cell needs a `'` in front when written: it starts like a formula (when guarding),
    /// or it starts with a `'` that the reader would otherwise take for a guard.
    @inline(__always)
    static func needsGuard(_ bytes: UnsafeRawBufferPointer, formulaGuard: Bool) -> Bool {
        guard let first = bytes.first else { return false }
        if formulaGuard && isFormulaStart(first) { return true }
        return guardLength(bytes) == 1
    }

    // MARK: Lists

    /// Splits a list cell at unescaped separators, removing the escapes and unescaped spaces at
    /// the ends of each item; empty items are dropped.
    static func list(_ bytes: UnsafeRawBufferPointer, separator: UInt8) -> [String] {
        guard !bytes.isEmpty else { return [] }
        // One pass finds escapes and counts separators, so the list is allocated once at its size.
        var separators = 0
        var escaped = false
        for byte in bytes {
            if byte == separator { separators += 1 }
            if byte == 0x5C { escaped = true }
        }
        // The common case: no escapes, so items are slices of the cell.
        if !escaped {
            var items: [String] = []
            items.reserveCapacity(separators + 1)
            var start = 0
            for i in 0...bytes.count where i == bytes.count || bytes[i] == separator {
                var a = start, b = i
                while a < b, bytes[a] == 0x20 { a += 1 }
                while b > a, bytes[b - 1] == 0x20 { b -= 1 }
                if b > a { items.append(CSVCell.string(UnsafeRawBufferPointer(rebasing: bytes[a..<b]))) }
                start = i + 1
            }
            return items
        }
        var items: [String] = []
        var item: [UInt8] = []
        // The length of `item` up to the last escaped byte: trailing spaces before it are kept.
        var kept = 0
        var i = 0
        func close() {
            var end = item.count
            while end > kept, item[end - 1] == 0x20 { end -= 1 }
            if end > 0 { items.append(String(decoding: item[0..<end], as: UTF8.self)) }
            item.removeAll(keepingCapacity: true)
            kept = 0
        }
        while i < bytes.count {
            let byte = bytes[i]
            if byte == 0x5C, i + 1 < bytes.count,
               bytes[i + 1] == separator || bytes[i + 1] == 0x5C || bytes[i + 1] == 0x20 {
                item.append(bytes[i + 1])
                kept = item.count
                i += 2
                continue
            }
            if byte == separator {
                close()
            } else if !(byte == 0x20 && item.isEmpty) {
                item.append(byte)
            }
            i += 1
        }
        close()
        return items
    }

    /// Appends a list joined with `separator`, escaping what ``list(_:separator:)`` would take apart.
    static func appendList(_ items: [String], separator: UInt8, to out: inout [UInt8]) {
        var first = true
        for item in items where !item.isEmpty {
            if !first { out.append(separator) }
            first = false
            appendEscaped(item, separator: separator, to: &out)
        }
    }

    static func appendEscaped(_ item: String, separator: UInt8, to out: inout [UInt8]) {
        item.withUTF8Bytes { utf8 in
            let count = utf8.count
            // Most items need no escape: copy them whole.
            if utf8.first != 0x20, utf8.last != 0x20, !utf8.contains(where: { $0 == separator || $0 == 0x5C }) {
                out.append(contentsOf: utf8)
                return
            }
            for i in 0..<count {
                let byte = utf8[i]
                if byte == separator || byte == 0x5C || (byte == 0x20 && (i == 0 || i == count - 1)) {
                    out.append(0x5C)
                }
                out.append(byte)
            }
        }
    }

    // MARK: Questions

    /// Reads a questions cell: one question a line, `[ ]` or `[x]` first, the answer after ` => `.
    ///
    /// In the question a backslash escapes `\`, `=` and a line break; in the answer, `\` and a line break.
    static func questions(_ bytes: UnsafeRawBufferPointer) -> [Question] {
        var questions: [Question] = []
        var i = 0
        let n = bytes.count
        while i < n {
            var done = false
            if i + 3 <= n, bytes[i] == 0x5B, bytes[i + 2] == 0x5D {
                let mark = bytes[i + 1]
                if mark == 0x78 || mark == 0x58 || mark == 0x20 {
                    done = mark != 0x20
                    i += 3
                    if i < n, bytes[i] == 0x20 { i += 1 }
                }
            }
            var text: [UInt8] = []
            var answer: [UInt8]?
            while i < n {
                let byte = bytes[i]
                if byte == 0x0A { i += 1; break }
                if byte == 0x5C, i + 1 < n {
                    let next = bytes[i + 1]
                    if next == 0x5C || next == 0x0A || (answer == nil && next == 0x3D) {
                        if answer != nil { answer!.append(next) } else { text.append(next) }
                        i += 2
                        continue
                    }
                }
                if answer == nil, byte == 0x3D, i + 1 < n, bytes[i + 1] == 0x3E {
                    if text.last == 0x20 { text.removeLast() }
                    answer = []
                    i += 2
                    if i < n, bytes[i] == 0x20 { i += 1 }
                    continue
                }
                if answer != nil { answer!.append(byte) } else { text.append(byte) }
                i += 1
            }
            if text.isEmpty && answer == nil { continue }
            questions.append(Question(text: String(decoding: text, as: UTF8.self),
                                      answer: answer.map { String(decoding: $0, as: UTF8.self) }, isDone: done))
        }
        return questions
    }

    /// Appends questions in the form ``questions(_:)`` reads.
    static func appendQuestions(_ questions: [Question], to out: inout [UInt8]) {
        for (index, question) in questions.enumerated() {
            if index > 0 { out.append(0x0A) }
            out.append(contentsOf: question.isDone ? Array("[x] ".utf8) : Array("[ ] ".utf8))
            for byte in question.text.utf8 {
                if byte == 0x5C || byte == 0x0A || byte == 0x3D { out.append(0x5C) }
                out.append(byte)
            }
            if let answer = question.answer {
                out.append(contentsOf: Array(" => ".utf8))
                for byte in answer.utf8 {
                    if byte == 0x5C || byte == 0x0A { out.append(0x5C) }
                    out.append(byte)
                }
            }
        }
    }

    // MARK: Scalars

    /// A validated string; the caller has checked the bytes are UTF-8.
    @inline(__always)
    static func string(_ bytes: UnsafeRawBufferPointer) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: bytes)
            return bytes.count
        }
    }

    /// A boolean cell: `true`/`false`, `yes`/`no`, `1`/`0`, `x`, or empty (false); `nil` otherwise.
    static func bool(_ bytes: UnsafeRawBufferPointer) -> Bool? {
        // What the writer writes, without building a string.
        if bytes.isEmpty { return false }
        if bytes.count == 4, bytes.loadUnaligned(as: UInt32.self) == 0x6575_7274 { return true }
        if bytes.count == 5, bytes.loadUnaligned(as: UInt32.self) == 0x736C_6166, bytes[4] == 0x65 { return false }
        switch String(decoding: bytes, as: UTF8.self).lowercased().trimmingSpaces {
        case "true", "yes", "y", "1", "x", "✓": return true
        case "false", "no", "n", "0", "": return false
        default: return nil
        }
    }

    /// A task progress cell: `45` or `45%`, or empty (0); `nil` when it is not a number.
    static func percent(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var text = String(decoding: bytes, as: UTF8.self).trimmingSpaces
        if text.isEmpty { return 0 }
        if text.hasSuffix("%") { text.removeLast() }
        return Int(text)
    }

    /// A topic status cell, by its model name in any case and with or without spaces or `_`.
    static func status(_ bytes: UnsafeRawBufferPointer) -> Topic.Status? {
        switch CSVColumn.normalise(String(decoding: bytes, as: UTF8.self)) {
        case "", "unstarted", "notstarted", "todo": return .unstarted
        case "onhold", "paused": return .onHold
        case "inprogress", "started", "doing": return .inProgress
        case "done", "finished", "complete", "completed": return .done
        default: return nil
        }
    }
}

extension String {
    /// The string without spaces and tabs at either end.
    var trimmingSpaces: String {
        var scalars = Substring(self).unicodeScalars
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
