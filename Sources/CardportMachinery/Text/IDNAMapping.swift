import Foundation

/// The mapping IDNA applies to a host label before Punycode: NFKC, then lower case.
///
/// Kept apart from ``Punycode`` because it is the one step that needs Foundation's normaliser.
enum IDNAMapping {
    /// The label as IDNA maps it (`BÜCHER` → `bücher`, a full-width `Ａ` → `a`).
    package static func map(_ label: String) -> String {
        label.precomposedStringWithCompatibilityMapping.lowercased()
    }
}
