/// What an export returns: 0 or a count on success, one of the negative codes on failure, with the
/// message at `veil_error()`. docs/PROTOCOL.md, "The wasm ABI" lists them; their values never change.
enum ReturnCode: Int32 {
    case ok = 0
    /// The handle names no live session (never made, freed, or forged).
    case badHandle = -1
    /// A null pointer with a length, a negative length, or a time that is not a finite number.
    case badArgument = -2
    /// More bytes than the core accepts (Limits.maxSceneBytes, Limits.maxActionBytes).
    case tooLarge = -3
    /// The JSON does not parse or does not describe a command/input; the message is file:line:column.
    case badJSON = -4
    /// `veil_perform` got an input, or `veil_input` a command.
    case wrongKind = -5
    /// The session refused it (an unknown node id, a resize out of range); nothing changed.
    case rejected = -6
    /// No room for another session (SessionTable.capacity live sessions).
    case tooManySessions = -7
}
