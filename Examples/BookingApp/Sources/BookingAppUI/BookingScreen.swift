#if canImport(SwiftUI)
import BookingKit
import SwiftUI

/// The booking screen of an app: draws `BookingModel`'s outputs and
/// sends its buttons back as the model's methods.
@available(iOS 17, macOS 14, *)
public struct BookingScreen: View {
    @State private var model: BookingModel
    @Environment(\.scenePhase) private var scenePhase
    @State private var couponCode = ""
    @State private var guestName = ""
    @State private var guestEmail = ""
    private let token: PaymentToken

    /// A screen over `client`, paying with `token`.
    public init(client: BookingClient, token: PaymentToken) {
        _model = State(initialValue: BookingModel(client: client))
        self.token = token
    }

    public var body: some View {
        VStack(spacing: 12) {
            if let banner = model.state.bannerText {
                Text(LocalizedStringKey(banner.key), tableName: nil).foregroundStyle(.orange)
            }
            Text(model.state.titleText.defaultValue).font(.title)
            if let message = model.state.messageText { Text(message.defaultValue) }
            if let seconds = model.countdownSeconds {
                Text("\(seconds / 60):\(String(format: "%02d", seconds % 60)) left").monospacedDigit()
            }
            if model.state.showsProgress { ProgressView() }
            if model.actions.contains(where: { $0.action == .applyCoupon }) {
                TextField("Coupon code", text: $couponCode)
            }
            // The lead guest: Pay stays disabled, with the reason, until valid.
            if model.actions.contains(where: { $0.action == .pay }) {
                TextField("Lead guest's name", text: $guestName)
                TextField("Email", text: $guestEmail)
            }
            ForEach(model.actions) { row in
                Button(row.labelText.defaultValue) { Task { await perform(row.action) } }
                    .disabled(!row.isEnabled)
                if let reason = row.disabledReasonText { Text(reason.defaultValue).font(.footnote) }
            }
            if let link = model.challengeURL {
                Link("Open your bank's page", destination: link)
            }
            // Rooms this account holds on another device (read at launch and
            // when the scene becomes active): pay one here, or let it go.
            ForEach(model.heldElsewhere) { held in
                Text(verbatim: "Held on another device: \(held.propertyName), \(held.checkIn) to \(held.checkOut)")
                Text(verbatim: "\(model.client.secondsLeft(on: held) / 60) min left").monospacedDigit()
                Button("Pay it here") { Task { await model.takeOver(held) } }
                Button("Let it go") { Task { await model.letGo(held) } }
            }
        }
        .padding()
        .task { await model.run() }
        // Back from the bank's page by the app switcher: ask the server again.
        .onChange(of: scenePhase) { _, phase in
            if phase == .active { Task { await model.sceneBecameActive() } }
        }
        // Back by the return link (`Configuration.challengeReturnURL`), or a trip link.
        .onOpenURL { url in Task { await model.open(url) } }
        .onChange(of: guestName) { _, _ in Task { await setGuest() } }
        .onChange(of: guestEmail) { _, _ in Task { await setGuest() } }
    }

    private func setGuest() async {
        await model.setGuest(GuestDetails(name: guestName, email: guestEmail))
    }

    private func perform(_ action: BookingFlow.Action) async {
        // This example signs in with the key it was launched with; an app
        // presents its sign-in screen here.
        let handler = ActionHandler(
            model: model, token: token, couponCode: { couponCode.isEmpty ? nil : couponCode }, signIn: { nil })
        await handler.perform(action)
    }
}
#endif
