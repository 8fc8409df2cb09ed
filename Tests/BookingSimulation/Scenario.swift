import BookingCore
import Foundation

/// A scripted booking for the crash-point sweep: the same user and the same
/// network every time, so the N-th effect boundary is the same moment in
/// every run.
public enum Scenario: String, CaseIterable, Sendable {
    case visa, declined, threeDSecurePass, threeDSecureFail, processingError, lostAnswer, error500AfterCommit
    case priceChange, expiry

    var token: PaymentToken {
        switch self {
        case .declined: return PaymentToken("tok_chargeDeclined")
        case .threeDSecurePass, .threeDSecureFail: return PaymentToken("tok_threeDSecureRequired")
        case .processingError: return PaymentToken("tok_processingError")
        default: return PaymentToken("tok_visa")
        }
    }

    /// The settings of a sweep run: no random faults, death only at `killAt`.
    func settings(killAt: Int?) -> Simulation.Settings {
        var settings = Simulation.Settings(seed: UInt64(Self.allCases.firstIndex(of: self) ?? 0) + 1)
        settings.faultPercent = 0
        settings.deathPercent = 0
        settings.storageFaultPercent = 0
        settings.killAtBoundary = killAt
        settings.holdTTLMilliseconds = 15 * 60_000
        return settings
    }

    /// Plans the scenario's network faults.
    func planFaults(_ network: SimulatedNetwork) {
        switch self {
        case .lostAnswer: network.plan("POST", "/v1/bookings", .responseLostAfterCommit)
        case .error500AfterCommit: network.plan("POST", "/v1/bookings", .error500AfterCommit)
        case .priceChange: network.plan("POST", "/v1/holds", .priceChanged)
        default: break
        }
    }
}

extension Simulation {
    /// Plays `scenario` as a patient user would (a restart puts the user
    /// wherever the restored flow is), then `finish()`.
    public func run(_ scenario: Scenario) async {
        scenario.planFaults(world.network)
        let offers = await loadOffers()
        guard let offer = offers.first else {
            world.observations.violation("SETUP no offers")
            return
        }
        var started = 0
        var waitedOut = false
        var bankDone = false
        for _ in 0..<40 {
            await drain()
            switch state.stage {
            case .browsing:
                guard started < 2 else { break }
                await tap(.choose(offer))
            case .offerChosen(let shown):
                started += 1
                await tap(.hold(shown))
            case .held:
                if scenario == .expiry && !waitedOut {
                    waitedOut = true
                    await runTimers(until: world.scheduler.now + .seconds(20 * 60))
                } else {
                    await tap(.pay(scenario.token))
                }
            case .priceChanged:
                await tap(.acceptNewPrice)
            case .actionRequired(let stage):
                if bankDone {
                    await tap(.returnedToApp)
                } else {
                    bankDone = true
                    await completeChallenge(stage, pass: scenario == .threeDSecurePass, returns: true)
                }
            case .checkingHold(let stage) where !stage.readPending:
                await tap(.checkAgain)
            case .confirmed, .failed, .expired, .cancelled:
                break
            default:
                await runTimers(until: world.scheduler.now + .seconds(10))
            }
            if state.stage.isFinal || (state.stage == .browsing && started >= 2) { break }
            await runTimers(until: world.scheduler.now + .seconds(1))
        }
        await finish()
    }
}
