import BookingCore
import Testing

/// The flow's two check schedules.
@Suite struct BackoffScheduleTests {
    @Test func theTwoSchedulesAreTheSeeds() {
        #expect(BackoffSchedule.lostAnswer.delays == [0, 4, 8, 16, 32, 60].map { .seconds($0) })
        #expect(BackoffSchedule.lostAnswer.checkCount == 6)
        #expect(BackoffSchedule.processingPoll.checkCount == 9)
        #expect(BackoffSchedule.processingPoll.totalWait == .seconds(55))
        #expect(BackoffSchedule.processingPoll.delay(beforeCheck: 9) == nil)
    }
}
