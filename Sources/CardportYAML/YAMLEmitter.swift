internal import CYAML
import CardportCore

/// The one owner of a libyaml `yaml_emitter_t`: turns a sequence of calls (mapping, key, scalar, …)
/// into block-style YAML bytes.
///
/// Output collects in ``bytes``; a writer drains it with ``take()`` after each record, so the
/// emitter holds at most libyaml's own small buffer plus one record. Scalars are written in the
/// style ``YAMLScalarStyle`` picks, so strings are quoted only when YAML 1.1 needs it and
/// multi-line text comes out as a literal block with the chomping indicator that keeps its final
/// line breaks. Lines are never folded, and non-ASCII text is written as it is.
final class YAMLEmitter {
    private let emitter: UnsafeMutablePointer<yaml_emitter_t>
    private var event = yaml_event_t()
    /// Output not yet taken.
    fileprivate(set) var bytes: [UInt8] = []
    /// The first failure libyaml reported; later calls do nothing.
    private(set) var failure: String?

    init() {
        emitter = .allocate(capacity: 1)
        emitter.initialize(to: yaml_emitter_t())
        yaml_emitter_initialize(emitter)
        yaml_emitter_set_unicode(emitter, 1)
        yaml_emitter_set_width(emitter, -1)
        yaml_emitter_set_indent(emitter, 2)
        yaml_emitter_set_break(emitter, YAML_LN_BREAK)
        yaml_emitter_set_output(emitter, { data, buffer, size in
            let sink = Unmanaged<YAMLEmitter>.fromOpaque(data!).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeRawBufferPointer(start: buffer, count: size))
            return 1
        }, Unmanaged.passUnretained(self).toOpaque())
        bytes.reserveCapacity(1 << 16)
    }

    deinit {
        yaml_emitter_delete(emitter)
        emitter.deallocate()
    }

    /// Returns the output so far and forgets it.
    func take() -> [UInt8] {
        yaml_emitter_flush(emitter)
        defer { bytes.removeAll(keepingCapacity: true) }
        return bytes
    }

    private func emit(_ initialized: Int32) {
        guard failure == nil else {
            if initialized == 1 { yaml_event_delete(&event) }
            return
        }
        guard initialized == 1 else {
            failure = "could not build a YAML event"
            return
        }
        // yaml_emitter_emit takes ownership of the event, on failure too.
        if yaml_emitter_emit(emitter, &event) != 1 {
            failure = emitter.pointee.problem.map { String(cString: $0) } ?? "the YAML emitter failed"
        }
    }

    func streamStart() { emit(yaml_stream_start_event_initialize(&event, YAML_UTF8_ENCODING)) }
    func streamEnd() { emit(yaml_stream_end_event_initialize(&event)) }
    func documentStart() { emit(yaml_document_start_event_initialize(&event, nil, nil, nil, 1)) }
    func documentEnd() { emit(yaml_document_end_event_initialize(&event, 1)) }

    func mappingStart(flow: Bool = false) {
        emit(yaml_mapping_start_event_initialize(&event, nil, nil, 1, flow ? YAML_FLOW_MAPPING_STYLE : YAML_BLOCK_MAPPING_STYLE))
    }

    func mappingEnd() { emit(yaml_mapping_end_event_initialize(&event)) }

    func sequenceStart(flow: Bool = false) {
        emit(yaml_sequence_start_event_initialize(&event, nil, nil, 1,
                                                  flow ? YAML_FLOW_SEQUENCE_STYLE : YAML_BLOCK_SEQUENCE_STYLE))
    }

    func sequenceEnd() { emit(yaml_sequence_end_event_initialize(&event)) }

    /// A string, in the style YAML needs for it to read back as the same string.
    func string(_ text: String, inFlow: Bool = false) {
        let style: yaml_scalar_style_t
        switch YAMLScalarStyle.of(text, inFlow: inFlow) {
        case .plain: style = YAML_PLAIN_SCALAR_STYLE
        case .literal: style = YAML_LITERAL_SCALAR_STYLE
        case .doubleQuoted: style = YAML_DOUBLE_QUOTED_SCALAR_STYLE
        }
        scalar(text, style: style)
    }

    /// A value written plain as it is: a number, `true`, `false`.
    func plain(_ text: String) { scalar(text, style: YAML_PLAIN_SCALAR_STYLE) }

    /// A key and a string value.
    func pair(_ key: String, _ value: String) {
        plain(key)
        string(value)
    }

    /// A list of strings: flow style (`[a, b]`) when `flow`, else one `- item` per line.
    func strings(_ values: [String], flow: Bool) {
        sequenceStart(flow: flow)
        for value in values { string(value, inFlow: flow) }
        sequenceEnd()
    }

    private func scalar(_ text: String, style: yaml_scalar_style_t) {
        var text = text
        text.withUTF8 { utf8 in
            if let base = utf8.baseAddress {
                emit(yaml_scalar_event_initialize(&event, nil, nil, base, Int32(utf8.count), 1, 1, style))
            } else {
                var zero: UInt8 = 0
                emit(yaml_scalar_event_initialize(&event, nil, nil, &zero, 0, 1, 1, style))
            }
        }
    }
}
