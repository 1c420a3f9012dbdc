import AgeSignals

/// The simulator's one error: bad names or data handed to it (a persona, a region, a
/// catalog, the consent fakes' input).
public typealias SimulatorError = ModuleError<SimulatorErrorCode>

/// The stable codes of ``SimulatorError``: a raw value never changes; compare errors by their code.
public enum SimulatorErrorCode: String, Sendable, Hashable {
    /// No sandbox persona has the name.
    case unknownPersona = "unknown_persona"
    /// No region (of the catalog, or of consent) has that name.
    case unknownRegion = "unknown_region"
    /// The region catalog does not parse or has a version other than 1.
    case invalidCatalog = "invalid_catalog"
    /// Bad input to the consent fakes: a rating sequence, a guardian behaviour, a persona.
    case invalidConsentInput = "invalid_consent_input"
}
