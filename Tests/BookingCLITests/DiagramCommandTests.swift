import Foundation
import Testing

/// `booking diagram --flow payment`: the booking flow's payment
/// sub-machine, drawn from its own reducer like every flow.
@Suite struct DiagramCommandTests {
    @Test func thePaymentSubMachineHasItsOwnDiagram() async throws {
        let diagram = try await InProcess(sharing: Booking(label: "cli-payment-diagram")).run([
            "diagram", "--flow", "payment", "--format", "table", "--json",
        ])
        #expect(diagram.status == 0, "\(diagram.error)")
        let document = try diagram.json()
        #expect(document["flow"] as? String == "payment")
        let stages = Set(document["stages"] as? [String] ?? [])
        #expect(stages.isSuperset(of: ["submitting", "unknown", "actionRequired", "processing"]), "\(stages)")
        // The booking flow's own stages are not in it: it is the payment part only.
        #expect(!stages.contains("held") && !stages.contains("browsing"), "\(stages)")
    }
}
