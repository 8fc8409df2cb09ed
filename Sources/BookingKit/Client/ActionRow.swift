/// One button of `BookingModel.actions`.
public struct ActionRow: Hashable, Sendable, Identifiable {
    /// The action (call the model's method of the same name).
    public var action: BookingFlow.Action
    /// The button's words.
    public var label: LocalizedText
    /// Whether tapping it does something.
    public var isEnabled: Bool
    /// Why it is disabled; nil when enabled.
    public var disabledReason: LocalizedText?
    /// The action's name.
    public var id: String { action.rawValue }

    init(_ row: BookingFlow.ActionState) {
        action = row.action
        label = row.labelText
        isEnabled = row.isEnabled
        disabledReason = row.disabledReasonText
    }
}
