import Signals
import SignalsTesting
import Testing

/// A recorder made on a scheduler draws its marbles in that scheduler's frames.
@Suite struct RecorderFrameTests {
  @Test func aRecorderOnASchedulerUsesItsFrameByDefault() throws {
    let scheduler = TestScheduler(frameDuration: .milliseconds(100))
    let recorder = try scheduler.cold("-a--b|").record(on: scheduler)
    scheduler.run()
    #expect(recorder.marbles() == "-a--b|")
    #expect(recorder.marbles(frameDuration: .milliseconds(50)) == "--a-----b-|")
    #expect(recorder.timedEvents.last?.time == SchedulerTime(milliseconds: 500))
  }

  @Test func aRecorderWithoutASchedulerKeepsOneMillisecondFrames() {
    let recorder = Just(1).record()
    #expect(recorder.marbles() == "(1|)")
  }
}
