/// One libyaml parse event, copied out of C into Swift values.
enum YAMLEvent {
    case streamStart
    case streamEnd
    case documentStart
    case documentEnd
    case alias(anchor: String)
    case scalar(YAMLScalar, anchor: String?)
    case sequenceStart(anchor: String?, tag: String?)
    case sequenceEnd
    case mappingStart(anchor: String?, tag: String?)
    case mappingEnd
}

/// A scalar's text as written, with what decides how it resolves (its tag and whether it was quoted).
struct YAMLScalar: Sendable, Hashable {
    var text: String
    var tag: String?
    /// Whether the scalar was plain (unquoted, not a block): only plain scalars resolve to
    /// booleans, numbers and null.
    var isPlain: Bool

    /// Whether the scalar is YAML's null: plain `~`, `null` or nothing, or tagged `!!null`.
    var isNull: Bool {
        if tag == YAMLScalar.nullTag { return true }
        guard isPlain, tag == nil else { return false }
        switch text {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }

    /// The scalar as a YAML 1.1 boolean (`true`, `yes`, `on`, …), when it is one.
    var bool: Bool? {
        guard isPlain || tag == YAMLScalar.boolTag else { return nil }
        switch text {
        case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON", "y", "Y": return true
        case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF", "n", "N": return false
        default: return nil
        }
    }

    static let nullTag = "tag:yaml.org,2002:null"
    static let boolTag = "tag:yaml.org,2002:bool"
}
